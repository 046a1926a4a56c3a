import { useApi, type TestApi } from './support/app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createOverlay,
  createPixel,
  createQr,
  createSplash,
  createUser,
  type TestUser,
} from './support/factories';

type Factory = (api: TestApi, user: TestUser) => Promise<number>;

const lists: [string, string, Factory][] = [
  ['/l/api/domains', 'domains', async (api, user) => (await createDomain(api, user)).id],
  ['/l/api/urls', 'urls', (api, user) => createLink(api, user)],
  ['/l/api/campaigns', 'campaigns', (api, user) => createCampaign(api, user)],
  ['/l/api/channels', 'channels', (api, user) => createChannel(api, user)],
  ['/l/api/pixels', 'pixels', (api, user) => createPixel(api, user)],
  ['/l/api/qr', 'qrs', (api, user) => createQr(api, user)],
  ['/l/api/overlay', 'cta', (api, user) => createOverlay(api, user)],
  ['/l/api/splash', 'splash', (api, user) => createSplash(api, user)],
];

/** Bodies no create endpoint may answer with anything but a 400 envelope. */
const hostile: [string, unknown][] = [
  ['numbers for every field', { url: 1, domain: 2, name: 3, type: 4, tag: 5, data: 6, message: 7, title: 8, slug: 9 }],
  ['booleans for every field', { url: true, domain: false, name: true, type: false, tag: true, data: false, message: true, title: false }],
  [
    'nested junk',
    {
      url: { $gt: '' },
      domain: [[{}]],
      name: { toString: 'x' },
      type: ['links'],
      tag: { a: { b: {} } },
      data: [[[]]],
      message: {},
      title: [],
    },
  ],
  [
    'huge strings',
    {
      url: `https://example.com/${'a'.repeat(100_000)}`,
      domain: `https://${'a'.repeat(5000)}.com`,
      name: 'n'.repeat(100_000),
      type: 't'.repeat(100_000),
      tag: 'g'.repeat(100_000),
      data: 'd'.repeat(100_000),
      message: 'm'.repeat(100_000),
      title: 't'.repeat(100_000),
    },
  ],
  [
    'SQL-looking strings',
    {
      url: "https://x.example.com/'; DROP TABLE links;--",
      domain: "' OR 1=1 --",
      name: "'; DROP TABLE users;--",
      type: "' OR '1'='1",
      tag: "1' OR '1'='1",
      data: 7,
      message: 1,
      title: 2,
      slug: "x'; --",
      color: "' OR 1",
      description: 5,
    },
  ],
];

const creates = [
  '/l/api/url/add',
  '/l/api/domain/add',
  '/l/api/campaign/add',
  '/l/api/channel/add',
  '/l/api/pixel/add',
  '/l/api/qr/add',
  '/l/api/overlay/add',
  '/l/api/splash/add',
  '/l/api/user/add',
];

describe('every list and every create endpoint', () => {
  const api = useApi();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(api);
  });

  describe.each(lists)('GET %s', (url, key, create) => {
    let ids: number[];
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createUser(api);
      ids = [];
      for (let index = 0; index < 3; index += 1) ids.push(await create(api, owner));
      ids.reverse();
    });

    it('pages newest first with the documented pagination fields', async () => {
      const first = await api.request('GET', `${url}?limit=2`, { key: owner.apikey });
      expect(first.body.error).toBe(key === 'urls' ? 0 : '0');
      expect(first.body.data).toMatchObject({ result: 3, perpage: 2, currentpage: 1, nextpage: 2, maxpage: 2 });
      expect(first.body.data[key].map((record: { id: number }) => record.id)).toEqual(ids.slice(0, 2));
      const second = await api.request('GET', `${url}?limit=2&page=2`, { key: owner.apikey });
      expect(second.body.data).toMatchObject({ currentpage: 2, nextpage: 2, maxpage: 2 });
      expect(second.body.data[key].map((record: { id: number }) => record.id)).toEqual(ids.slice(2));
      const past = await api.request('GET', `${url}?limit=2&page=3`, { key: owner.apikey });
      expect(past.body.data[key]).toEqual([]);
    });

    it('reads a bad limit as 15 and clamps a large one to 100', async () => {
      expect((await api.request('GET', `${url}?limit=zero`, { key: owner.apikey })).body.data.perpage).toBe(15);
      expect((await api.request('GET', `${url}?limit=1000`, { key: owner.apikey })).body.data.perpage).toBe(100);
    });
  });

  describe.each(creates)('POST %s', (url) => {
    it.each(hostile)('answers %s with a 400 envelope and stores nothing', async (_what, body) => {
      const before = await Promise.all(lists.map(([listUrl]) => api.request('GET', listUrl, { key: user.apikey })));
      const response = await api.request('POST', url, { body, key: url.endsWith('user/add') ? undefined : user.apikey });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.any(String) });
      expect(response.text).not.toMatch(/stack|QueryFailed|SELECT|INSERT|node_modules/i);
      const after = await Promise.all(lists.map(([listUrl]) => api.request('GET', listUrl, { key: user.apikey })));
      expect(after.map((list) => list.body.data.result)).toEqual(before.map((list) => list.body.data.result));
    });

    it('refuses a __proto__ key with 400', async () => {
      const response = await api.request('POST', url, {
        rawBody: '{"name":"x","__proto__":{"admin":true}}',
        key: url.endsWith('user/add') ? undefined : user.apikey,
      });
      expect(response.status).toBe(400);
    });
  });
});
