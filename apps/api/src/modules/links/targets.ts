import { badRequest } from '../../common/api-error';
import { countryCode } from '../../common/countries';
import type { DeviceTarget, GeoTarget, LanguageTarget } from './link.entity';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The devices a link can target, as they are written back. */
export const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'macOS', 'Linux'] as const;

export function normalizeGeoTargets(targets: { location: string; link: string }[]): GeoTarget[] {
  return targets.map((target, index) => {
    const country = countryCode(target.location);
    if (!country) {
      throw badRequest(
        `Invalid field "geotarget.${index}.location": "${target.location}" is not a country name or ISO 3166 two-letter code.`,
      );
    }
    return { location: target.location, country, link: target.link };
  });
}

export function normalizeDeviceTargets(targets: { device: string; link: string }[]): DeviceTarget[] {
  return targets.map((target, index) => {
    const device = DEVICES.find((known) => known.toLowerCase() === target.device.toLowerCase());
    if (!device) {
      throw badRequest(`Invalid field "devicetarget.${index}.device": must be one of ${DEVICES.join(', ')}.`);
    }
    return { device, link: target.link };
  });
}

export function normalizeLanguageTargets(targets: { language: string; link: string }[]): LanguageTarget[] {
  return targets.map((target, index) => {
    const language = target.language.toLowerCase();
    if (!/^[a-z]{2}$/.test(language) || languageNames.of(language) === language) {
      throw badRequest(`Invalid field "languagetarget.${index}.language": "${target.language}" is not an ISO 639-1 code such as en or fr.`);
    }
    return { language, link: target.link };
  });
}
