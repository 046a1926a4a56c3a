import type { Ok } from '../../common/contract';
import { formatDateTime } from '../../common/dates';
import type { SplashEntity } from './splash.entity';

type SplashRecord = Ok<'listSplash'>['data']['splash'][number];
type Splash = Ok<'getSplash'>['data'];

/** The list record of the spec: id, name, date. */
export function toSplashRecord(splash: SplashEntity): SplashRecord {
  return { id: splash.id, name: splash.name, date: formatDateTime(splash.createdAt) };
}

export function toSplash(splash: SplashEntity): Splash {
  return { ...toSplashRecord(splash), title: splash.title, text: splash.text, image: splash.image, delay: splash.delay };
}
