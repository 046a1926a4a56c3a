import fc from 'fast-check';
import { CLICKS_PER_EVENT, clickEvents, eventBody, type ClickOfEvent, type ClickOwner } from './webhook-events';

const SENT = new Date(Date.UTC(2026, 10, 24, 12, 0, 1, 250));

/** The `data` of the body a receiver gets, as text; the rest of the body checked on the way. */
function eventData(type: string, payload: string): string {
  const body = eventBody(type, SENT, payload).toString();
  const head = `{"type":"${type}","timestamp":"2026-11-24T12:00:01.250Z","data":`;
  expect(body.startsWith(head) && body.endsWith('}')).toBe(true);
  return body.slice(head.length, -1);
}

const owners: ClickOwner[] = [
  { kind: 'link', id: 1, user_id: 10, alias: 'spring' },
  { kind: 'link', id: 2, user_id: 10, alias: 'ünïcode-"quoted"' },
  { kind: 'link', id: 3, user_id: 11, alias: 'other' },
  { kind: 'qr', id: 1, user_id: 10, alias: 'qr-one' },
];

/** Values a stored click may hold: any text but NUL and U+0001 (control characters are stripped before). */
const value = fc.oneof(
  fc.constant(null),
  fc.constant('null'),
  fc.constantFrom('', 'Firefox', 'FR', 'example.com', '\u2028', '"', '\\'),
  fc.string({ unit: 'grapheme', maxLength: 12 }).filter((text) => !/[\0\u0001]/.test(text)),
);
const FIELDS = ['country', 'referrer', 'browser', 'os', 'device', 'social', 'utmSource', 'utmMedium', 'utmCampaign', 'variant'] as const;

/**
 * What visitors' clicks tell: a batch holds a few visitors, each many times, and visitors that
 * differ in one value only.
 */
const visits = fc
  .record({
    base: fc.record(Object.fromEntries(FIELDS.map((field) => [field, value])) as Record<(typeof FIELDS)[number], typeof value>),
    changes: fc.array(fc.record({ field: fc.constantFrom(...FIELDS), value }), { maxLength: 4 }),
  })
  .map(({ base, changes }) => [base, ...changes.map((change) => ({ ...base, [change.field]: change.value }))]);

/** When a batch's clicks came: mostly now, but any second a Date holds, before 1970 and past 9999 included. */
const moment = fc.oneof(
  { weight: 4, arbitrary: fc.constant(Date.UTC(2026, 10, 24, 12)) },
  { weight: 1, arbitrary: fc.integer({ min: -8.64e15 + 2000, max: 8.64e15 - 2000 }).map((at) => at - (at % 1000)) },
);

const batch: fc.Arbitrary<ClickOfEvent[]> = fc.tuple(visits, moment).chain(([visits, moment]) =>
  fc.array(
    fc
      .record({
        visit: fc.nat({ max: visits.length - 1 }),
        // A link or QR code: some have no owner with a webhook (link 4 and QR code 2).
        target: fc.constantFrom<[number | null, number | null]>([1, null], [2, null], [3, null], [4, null], [null, 1], [null, 2]),
        // Around a second boundary, with repeats and a clock set back now and then.
        at: fc.integer({ min: -1500, max: 1500 }),
        bot: fc.boolean(),
      })
      .map(({ visit: index, target: [linkId, qrId], at, bot }) => ({ ...visits[index]!, linkId, qrId, at: new Date(moment + at), bot })),
    { maxLength: 300 },
  ),
);

/** What a receiver should get for one click, written plainly. */
function expected(owner: ClickOwner, c: ClickOfEvent): Record<string, unknown> {
  return {
    [owner.kind]: { id: owner.id, alias: owner.alias },
    date: c.at.toISOString(),
    country: c.country,
    referrer: c.referrer,
    browser: c.browser,
    os: c.os,
    device: c.device,
    social: c.social,
    utmSource: c.utmSource,
    utmMedium: c.utmMedium,
    utmCampaign: c.utmCampaign,
    variant: c.variant,
    bot: c.bot,
  };
}

function received(clicks: ClickOfEvent[]): Map<string, Record<string, unknown>[][]> {
  const events = new Map<string, Record<string, unknown>[][]>();
  for (const event of clickEvents(clicks, owners)) {
    const data = JSON.parse(eventData(event.type, event.payload)) as { clicks: Record<string, unknown>[] };
    const key = `${event.userId} ${event.type}`;
    events.set(key, [...(events.get(key) ?? []), data.clicks]);
  }
  return events;
}

describe('click events: what a receiver gets from the stored form', () => {
  it('is every click of an owner with a webhook, per account and type, oldest first, each field as recorded', () => {
    fc.assert(
      fc.property(batch, (clicks) => {
        // Per account and type, the body's data as each click was written with JSON.stringify.
        const want = new Map<string, string[]>();
        const ordered = clicks.map((c, index) => ({ c, index })).sort((a, b) => a.c.at.getTime() - b.c.at.getTime() || a.index - b.index);
        for (const { c } of ordered) {
          const owner = owners.find((o) => (o.kind === 'link' ? o.id === c.linkId : c.linkId === null && o.id === c.qrId));
          if (!owner) continue;
          const key = `${owner.user_id} ${owner.kind === 'link' ? 'link.clicked' : 'qr.scanned'}`;
          want.set(key, [...(want.get(key) ?? []), JSON.stringify(expected(owner, c))]);
        }
        // A batch of up to 300 clicks makes one event per account and type: its data, byte for byte.
        const got = new Map(
          clickEvents(clicks, owners).map((event) => [`${event.userId} ${event.type}`, eventData(event.type, event.payload)]),
        );
        expect(got).toEqual(new Map([...want].map(([key, texts]) => [key, `{"clicks":[${texts.join(',')}]}`])));
      }),
      { numRuns: 300 },
    );
  });

  it(`puts at most ${CLICKS_PER_EVENT} clicks in an event, and fills each but the last`, () => {
    const at = Date.UTC(2026, 10, 24);
    const many = Array.from({ length: 2 * CLICKS_PER_EVENT + 7 }, (_, index) => ({
      linkId: 1 + (index % 2),
      qrId: null,
      at: new Date(at + index * 13),
      country: index % 3 === 0 ? 'DE' : null,
      referrer: null,
      browser: 'Firefox',
      os: 'Linux',
      device: 'desktop',
      social: null,
      utmSource: `campaign-${index % 5}`,
      utmMedium: null,
      utmCampaign: null,
      variant: index % 3 === 0 ? 'B' : null,
      bot: index % 7 === 0,
    }));
    const events = received(many).get('10 link.clicked')!;
    expect(events.map((event) => event.length)).toEqual([CLICKS_PER_EVENT, CLICKS_PER_EVENT, 7]);
    expect(events.flat().map((c) => c.date)).toEqual(many.map((c) => c.at.toISOString()));
    expect(events[0]![3]).toEqual(expected(owners[1]!, many[3]!));
  });

  it('keeps the stored form small: a thousand clicks of one visitor take a few kilobytes', () => {
    const at = Date.UTC(2026, 10, 24);
    const clicks = Array.from({ length: CLICKS_PER_EVENT }, (_, index) => ({
      linkId: 1,
      qrId: null,
      at: new Date(at + index * 17),
      country: 'FR',
      referrer: 'news.example',
      browser: 'Firefox',
      os: 'Windows',
      device: 'desktop',
      social: null,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      variant: 'A',
      bot: false,
    }));
    const [event] = clickEvents(clicks, owners);
    const data = eventData(event!.type, event!.payload);
    expect(event!.payload.length).toBeLessThan(10_000);
    expect(data.length).toBeGreaterThan(200_000);
  });

  it('sends other events, and click events stored before the compact form, as they are', () => {
    const link = '{"id":41,"alias":"spring-26"}';
    expect(eventData('link.created', link)).toBe(link);
    const earlier = '{"clicks":[{"link":{"id":1,"alias":"a"},"date":"2026-11-20T10:00:00.000Z","bot":false}]}';
    expect(eventData('link.clicked', earlier)).toBe(earlier);
  });
});
