import { useApi } from './support/app';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX, GOOGLEBOT, UK } from './support/visitors';

const A = 'https://shop.example.com/sale';
const B = 'https://shop.example.com/sale-b';
const C = 'https://shop.example.com/sale-c';

/** Visitor number `n` of a fixed sequence: its own address (documentation ranges, never routed). */
const addressOf = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/**
 * A/B splits: a link's weighted destinations. Visits are shared out in proportion, a returning
 * visitor keeps their variant, and every click records its variant's letter, which the statistics
 * filter by and list.
 */
describe('A/B splits', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;
  const update = (id: number, body: unknown) => api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body });
  const add = (body: unknown) => api.request('POST', '/l/api/url/add', { key: user.apikey, body });
  const visit = async (alias: string, from: string, agent = FIREFOX) => {
    const answer = await api.request('GET', `/${alias}`, { key: null, remoteAddress: from, headers: { 'user-agent': agent } });
    expect(answer.status).toBe(302);
    return answer.headers.location as string;
  };
  const stats = async (id: number, query = '') =>
    (await api.request('GET', `/l/api/url/${id}/stats?from=2000-01-01&to=2100-01-01&interval=month${query}`, { key: user.apikey })).body
      .data;

  it('shares 2,000 visitors out in proportion to the weights, and the statistics count each variant', async () => {
    const variants = [
      { url: A, weight: 50 },
      { url: B, weight: 30 },
      { url: C, weight: 20 },
    ];
    const id = await createLink(api, user, { url: A, variants });
    expect((await details(id)).variants).toEqual(variants);
    const alias = await linkAlias(api, user, id);

    const sent = new Map<string, number>();
    for (let n = 0; n < 2000; n += 1) {
      const location = await visit(alias, addressOf(n));
      sent.set(location, (sent.get(location) ?? 0) + 1);
    }
    // Each share within 4.5 standard deviations of its expectation (a binomial count over 2,000):
    // the visitor keys are keyed hashes, so the split is as good as random and this bound holds but
    // for a chance of about 1 in 100,000.
    for (const { url, weight } of variants) {
      const p = weight / 100;
      const bound = 4.5 * Math.sqrt(2000 * p * (1 - p));
      expect(Math.abs((sent.get(url) ?? 0) - 2000 * p)).toBeLessThan(bound);
    }
    expect([...sent.keys()].sort()).toEqual([A, B, C]);

    await api.flushClicks();
    const all = await stats(id);
    expect(all.totals.clicks).toBe(2000);
    expect(all.top.variants).toEqual(
      [
        { value: 'A', clicks: sent.get(A) },
        { value: 'B', clicks: sent.get(B) },
        { value: 'C', clicks: sent.get(C) },
      ].sort((x, y) => y.clicks! - x.clicks!),
    );
    // Each variant's clicks over time, and its lower-case letter read as the same.
    const onlyB = await stats(id, '&variant=b');
    expect(onlyB.filters).toEqual({ variant: 'B' });
    expect(onlyB.totals.clicks).toBe(sent.get(B));
    expect(onlyB.series.reduce((sum: number, bucket: { clicks: number }) => sum + bucket.clicks, 0)).toBe(sent.get(B));
    expect(onlyB.top.variants).toEqual([{ value: 'B', clicks: sent.get(B) }]);
    // The raw clicks carry the letter.
    const raw = await api.request('GET', `/l/api/url/${id}/clicks?from=2000-01-01&to=2100-01-01&format=ndjson`, { key: user.apikey });
    const letters = raw.text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { variant: string }).variant);
    expect(letters.filter((letter) => letter === 'C')).toHaveLength(sent.get(C)!);
  });

  it('sends a returning visitor to the same variant, and each link splits on its own', async () => {
    const variants = [
      { url: A, weight: 50 },
      { url: B, weight: 50 },
    ];
    const first = await linkAlias(api, user, await createLink(api, user, { url: A, variants }));
    const second = await linkAlias(api, user, await createLink(api, user, { url: A, variants }));
    let differ = 0;
    for (let n = 0; n < 40; n += 1) {
      const address = addressOf(n);
      const seen = new Set([await visit(first, address), await visit(first, address), await visit(first, address)]);
      expect(seen.size).toBe(1);
      if ((await visit(second, address)) !== [...seen][0]) differ += 1;
    }
    // Two links with the same split do not put the same people in the same half.
    expect(differ).toBeGreaterThan(5);
    expect(differ).toBeLessThan(35);
  });

  it('lets a matching target come first, and bots are split and counted apart', async () => {
    const id = await createLink(api, user, {
      url: A,
      variants: [
        { url: A, weight: 50 },
        { url: B, weight: 50 },
      ],
      geotarget: [{ location: 'GB', link: 'https://shop.example.co.uk/' }],
    });
    const alias = await linkAlias(api, user, id);
    expect(await visit(alias, UK)).toBe('https://shop.example.co.uk/');
    expect([A, B]).toContain(await visit(alias, addressOf(1), GOOGLEBOT));
    await api.flushClicks();
    const all = await stats(id);
    expect(all.totals).toMatchObject({ clicks: 1, bots: 1 });
    // The person from the United Kingdom went to the target, not to a variant.
    expect(all.top.variants).toEqual([]);
  });

  it("keeps the first variant as the link's URL, pauses a variant of weight 0, and removes the split", async () => {
    const id = await createLink(api, user, {
      url: A,
      variants: [
        { url: A, weight: 0 },
        { url: B, weight: 100 },
      ],
    });
    const alias = await linkAlias(api, user, id);
    for (let n = 0; n < 20; n += 1) expect(await visit(alias, addressOf(n))).toBe(B);

    // A new URL alone is the first variant's; given with variants, it must be their first.
    expect((await update(id, { url: C })).status).toBe(200);
    expect(await details(id)).toMatchObject({
      longurl: C,
      variants: [
        { url: C, weight: 0 },
        { url: B, weight: 100 },
      ],
    });
    expect(
      (
        await update(id, {
          variants: [
            { url: A, weight: 100 },
            { url: B, weight: 0 },
          ],
        })
      ).status,
    ).toBe(200);
    expect(await details(id)).toMatchObject({ longurl: A });
    // The cached link heard of it.
    expect(await visit(alias, addressOf(3))).toBe(A);

    expect((await update(id, { variants: [] })).status).toBe(200);
    expect((await details(id)).variants).toEqual([]);
    expect(await visit(alias, addressOf(4))).toBe(A);
  });

  it('creates splits in bulk and refuses every malformed one with the field named, storing nothing', async () => {
    const bulk = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      body: {
        urls: [
          {
            url: A,
            variants: [
              { url: A, weight: 60 },
              { url: B, weight: 40 },
            ],
          },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    const bulkId = (bulk.body.data.results as { id: number }[])[0]!.id;
    expect((await details(bulkId)).variants).toEqual([
      { url: A, weight: 60 },
      { url: B, weight: 40 },
    ]);

    const two = (b: unknown) => [{ url: A, weight: 50 }, b];
    const refused: [unknown, string][] = [
      [[{ url: A, weight: 100 }], 'an A/B split has 2 to 10 variants'],
      [Array.from({ length: 11 }, (_, n) => ({ url: `${A}?n=${n}`, weight: n === 0 ? 90 : 1 })), 'variants'],
      [two({ url: B, weight: 49 }), 'the weights must sum to 100 (they sum to 99)'],
      [two({ url: B, weight: 50.5 }), 'variants.1.weight'],
      [two({ url: B, weight: -50 }), 'variants.1.weight'],
      [two({ url: B, weight: '50' }), 'variants.1.weight'],
      [two({ url: 'javascript:alert(1)', weight: 50 }), 'variants.1.url'],
      [two({ url: `https://example.com/${'x'.repeat(100_000)}`, weight: 50 }), 'variants.1.url'],
      [two({ weight: 50 }), 'variants.1.url'],
      [two('B'), 'variants.1'],
      [two({ url: B, weight: 50, nested: { a: { b: { c: [[[]]] } } } }), ''],
      [{ url: A, weight: 100 }, 'variants'],
      [
        [
          { url: B, weight: 50 },
          { url: C, weight: 50 },
        ],
        "the first variant is the link's destination",
      ],
    ];
    for (const [variants, message] of refused) {
      const answer = await add({ url: A, variants });
      if (message === '') {
        // An unknown key inside a variant is left out, like any unknown field.
        expect(answer.status).toBe(200);
        expect((await details(answer.body.id as number)).variants).toEqual([
          { url: A, weight: 50 },
          { url: B, weight: 50 },
        ]);
        continue;
      }
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message: expect.stringContaining(message) });
    }
    // A non-Latin address with a control character is written as the link's own URL is.
    const odd = 'https://例え.jp/セール\u0007?q=夜市';
    const oddId = await createLink(api, user, {
      url: odd,
      variants: [
        { url: odd, weight: 50 },
        { url: B, weight: 50 },
      ],
    });
    const oddDetails = await details(oddId);
    expect(oddDetails.variants[0].url).toBe(oddDetails.longurl);
    expect(oddDetails.longurl).not.toContain('\u0007');
    // Neither did an update change anything.
    expect(
      (
        await update(bulkId, {
          variants: [
            { url: A, weight: 100 },
            { url: B, weight: 1 },
          ],
        })
      ).status,
    ).toBe(400);
    expect((await details(bulkId)).variants).toHaveLength(2);
    expect((await details(bulkId)).variants[1]).toEqual({ url: B, weight: 40 });

    for (const value of ['K', 'AB', '1', '']) {
      const answer = await api.request('GET', `/l/api/url/${bulkId}/stats?variant=${value}`, { key: user.apikey });
      expect(answer.status).toBe(400);
    }
  });
});
