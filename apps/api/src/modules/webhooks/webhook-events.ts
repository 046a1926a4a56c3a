/** What happens in an account that a webhook can ask to hear of. */
export const EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'qr.scanned',
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'domain.created',
  'domain.updated',
  'domain.deleted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a webhook may ask for: a type, or a family of them (`link.*`). */
export const EVENT_NAMES: readonly string[] = [...EVENT_TYPES, ...new Set(EVENT_TYPES.map((type) => `${type.split('.')[0]}.*`))];

/** Clicks (or scans) one `link.clicked` (`qr.scanned`) event carries at most. */
export const CLICKS_PER_EVENT = 1000;

/** One click as a webhook tells of it: never the visitor's address or key. */
export interface ClickOfEvent {
  linkId: number | null;
  qrId: number | null;
  at: Date;
  country: string | null;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  social: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The letter of an A/B split's destination the click went to (A first); null without one. */
  variant: string | null;
  bot: boolean;
}

/** What a click tells, as its event carries it, but its time: `link` (or `qr`) first, then the rest. */
type ClickFacts = Record<string, unknown>;

/**
 * A `link.clicked` or `qr.scanned` event as the outbox keeps it: each combination of what its
 * clicks tell (a group) once, then per click the index of its group and its time in milliseconds
 * after `start`. A thousand clicks of a few visitors take a few kilobytes instead of a few hundred,
 * and are made on the click path without a JSON object per click; the dispatcher writes the
 * receiver's form (eventBody) when it sends the event.
 */
interface StoredClicks {
  v: 2;
  start: number;
  groups: ClickFacts[];
  /** Pairs: group index, milliseconds after start. */
  clicks: number[];
}

/** A value in a group's key: no stored value holds a NUL or a U+0001, so null is told apart from every string. */
const text = (value: string | null) => (value === null ? '\u0001' : value);

/** The clicks of one account and type in a batch, an event per CLICKS_PER_EVENT. */
interface ClickStream {
  userId: number;
  type: EventType;
  chunks: ClickChunk[];
}

/** A link or QR code clicked in a batch, with the stream its clicks go to. */
interface Target {
  kind: 'link' | 'qr';
  id: number;
  alias: string;
  stream: ClickStream;
}

/** One event's clicks while a batch is read: its groups by key, and the pairs. */
class ClickChunk {
  private readonly groups = new Map<string, number>();
  private readonly facts: ClickFacts[] = [];
  private readonly pairs: number[] = [];
  private start = 0;

  get size(): number {
    return this.pairs.length / 2;
  }

  add(target: Target, click: ClickOfEvent): void {
    const at = click.at.getTime();
    if (this.pairs.length === 0) this.start = at;
    const key = `${target.id}\0${click.bot ? 1 : 0}\0${text(click.country)}\0${text(click.referrer)}\0${text(click.browser)}\0${text(click.os)}\0${text(click.device)}\0${text(click.social)}\0${text(click.utmSource)}\0${text(click.utmMedium)}\0${text(click.utmCampaign)}\0${text(click.variant)}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = this.facts.length;
      this.groups.set(key, group);
      this.facts.push({
        [target.kind]: { id: target.id, alias: target.alias },
        country: click.country,
        referrer: click.referrer,
        browser: click.browser,
        os: click.os,
        device: click.device,
        social: click.social,
        utmSource: click.utmSource,
        utmMedium: click.utmMedium,
        utmCampaign: click.utmCampaign,
        variant: click.variant,
        bot: click.bot,
      });
    }
    this.pairs.push(group, at - this.start);
  }

  toJSON(): StoredClicks {
    return { v: 2, start: this.start, groups: this.facts, clicks: this.pairs };
  }
}

/** A link or QR code of a batch whose owner has a webhook that wants its clicks. */
export interface ClickOwner {
  kind: 'link' | 'qr';
  id: number;
  user_id: number;
  alias: string;
}

/**
 * The events of a batch of clicks, in their stored form: per account and type, an event for every
 * CLICKS_PER_EVENT clicks, oldest first. Clicks of a link or QR code not among `owners` are left out.
 */
export function clickEvents(clicks: ClickOfEvent[], owners: ClickOwner[]): { userId: number; type: EventType; payload: string }[] {
  // Per account and type, its events' clicks, oldest first; each link or QR code finds its stream once.
  const streams = new Map<string, ClickStream>();
  const found = { link: new Map<number, Target>(), qr: new Map<number, Target>() };
  for (const owner of owners) {
    const type: EventType = owner.kind === 'link' ? 'link.clicked' : 'qr.scanned';
    const key = `${owner.user_id}:${type}`;
    let stream = streams.get(key);
    if (!stream) streams.set(key, (stream = { userId: owner.user_id, type, chunks: [] }));
    found[owner.kind].set(owner.id, { kind: owner.kind, id: owner.id, alias: owner.alias, stream });
  }
  // A batch is in the order its clicks came, which is their time's but for a clock set back.
  const ordered = clicks.every((click, index) => index === 0 || clicks[index - 1]!.at <= click.at)
    ? clicks
    : [...clicks].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const click of ordered) {
    const target = click.linkId !== null ? found.link.get(click.linkId) : found.qr.get(click.qrId!);
    if (!target) continue;
    const chunks = target.stream.chunks;
    let chunk = chunks[chunks.length - 1];
    if (!chunk || chunk.size === CLICKS_PER_EVENT) chunks.push((chunk = new ClickChunk()));
    chunk.add(target, click);
  }
  return [...streams.values()].flatMap((stream) =>
    stream.chunks.map((chunk) => ({ userId: stream.userId, type: stream.type, payload: JSON.stringify(chunk) })),
  );
}

/** 0 to 999 as three digits. */
const MILLIS = Array.from({ length: 1000 }, (_, index) => String(index).padStart(3, '0'));

/** The longest text of a date's second, with its dot (an extended year: `+275760-09-13T00:00:00.`). */
const SECOND_TEXT_MAX = 23;

/**
 * The body a receiver gets for an event (`type`, `timestamp`, `data`), as the bytes that are signed
 * and sent, from its payload as the outbox keeps it. A click event's stored form becomes
 * `{"clicks": [...]}`, one object per click, oldest first, written straight into the body's bytes
 * (no string of the whole body is made); every other payload, and a click event written before the
 * stored form, is sent as it is.
 */
export function eventBody(type: string, timestamp: Date, payload: string): Buffer {
  const head = `{"type":${JSON.stringify(type)},"timestamp":"${timestamp.toISOString()}","data":`;
  const stored = type === 'link.clicked' || type === 'qr.scanned' ? (JSON.parse(payload) as Partial<StoredClicks>) : null;
  if (!stored || stored.v !== 2 || !stored.groups || !stored.clicks || typeof stored.start !== 'number') {
    return Buffer.from(`${head}${payload}}`);
  }
  // Per group, the click's JSON before and after its date, written once; the date's text up to
  // its milliseconds written once a second.
  const heads: Buffer[] = [];
  const tails: Buffer[] = [];
  for (const group of stored.groups) {
    const [target, ...rest] = Object.entries(group);
    heads.push(Buffer.from(`{${JSON.stringify(target![0])}:${JSON.stringify(target![1])},"date":"`));
    tails.push(Buffer.from(`Z",${JSON.stringify(Object.fromEntries(rest)).slice(1)}`));
  }
  const { start, clicks } = stored;
  const opening = `${head}{"clicks":[`;
  let size = Buffer.byteLength(opening) + 3;
  for (let index = 0; index < clicks.length; index += 2) {
    size += heads[clicks[index]!]!.length + SECOND_TEXT_MAX + 3 + tails[clicks[index]!]!.length + 1;
  }
  const body = Buffer.allocUnsafe(size);
  let at = body.write(opening);
  let second = NaN;
  let upToSecond = '';
  for (let index = 0; index < clicks.length; index += 2) {
    const group = clicks[index]!;
    const time = start + clicks[index + 1]!;
    const millis = ((time % 1000) + 1000) % 1000;
    if (time - millis !== second) {
      second = time - millis;
      const iso = new Date(second).toISOString();
      upToSecond = iso.slice(0, iso.length - 4);
    }
    if (index > 0) body[at++] = 0x2c; // ,
    body.set(heads[group]!, at);
    at += heads[group]!.length;
    at += body.write(upToSecond, at, 'latin1');
    at += body.write(MILLIS[millis]!, at, 'latin1');
    body.set(tails[group]!, at);
    at += tails[group]!.length;
  }
  at += body.write(']}}', at, 'latin1');
  return body.subarray(0, at);
}
