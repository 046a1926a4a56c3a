import type { TestApi } from './app';

let sequence = 0;

/** The password every account createUser makes has (its own unless the test overrides it). */
export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  apikey: string;
}

/** A new account made through the admin API; a high rate limit unless the test sets one. */
export async function createUser(api: TestApi, overrides: Record<string, unknown> = {}, adminKey?: string): Promise<TestUser> {
  sequence += 1;
  const suffix = `${process.pid}_${sequence}`;
  const response = await api.request('POST', '/l/api/user/add', {
    ...(adminKey ? { key: adminKey } : {}),
    body: {
      username: `user_${suffix}`,
      email: `user_${suffix}@example.com`,
      password: PASSWORD,
      ratelimit: 100000,
      ...overrides,
    },
  });
  if (response.status !== 200) throw new Error(`createUser failed: ${response.status} ${response.text}`);
  return response.body.data as TestUser;
}

/** A branded domain of the account, with a unique host. */
export async function createDomain(
  api: TestApi,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; domain: string }> {
  sequence += 1;
  const domain = `https://go${sequence}-${process.pid}.example.com`;
  const response = await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain, ...overrides } });
  if (response.status !== 200) throw new Error(`createDomain failed: ${response.status} ${response.text}`);
  return { id: response.body.id as number, domain: (overrides.domain as string | undefined) ?? domain };
}

async function created(api: TestApi, user: TestUser, url: string, body: Record<string, unknown>): Promise<number> {
  const response = await api.request('POST', url, { key: user.apikey, body });
  if (response.status !== 200) throw new Error(`POST ${url} failed: ${response.status} ${response.text}`);
  return response.body.id as number;
}

export function createLink(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/url/add', { url: `https://example.com/page/${sequence}`, ...body });
}

/** The alias of a link, as its owner reads it. */
export async function linkAlias(api: TestApi, user: TestUser, linkId: number): Promise<string> {
  return (await api.request('GET', `/l/api/url/${linkId}`, { key: user.apikey })).body.details.alias as string;
}

export function createCampaign(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/campaign/add', { name: `Campaign ${sequence}`, ...body });
}

export function createChannel(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/channel/add', { name: `Channel ${sequence}`, ...body });
}

export function createPixel(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/pixel/add', {
    type: 'fbpixel',
    name: `Pixel ${sequence}`,
    tag: String(100000000000000 + sequence),
    ...body,
  });
}

export function createQr(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/qr/add', { type: 'text', data: `Hello ${sequence}`, ...body });
}

export function createOverlay(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/overlay/add', { type: 'message', name: `Overlay ${sequence}`, message: 'Read this first', ...body });
}

export function createSplash(api: TestApi, user: TestUser, body: Record<string, unknown> = {}): Promise<number> {
  sequence += 1;
  return created(api, user, '/l/api/splash/add', { name: `Splash ${sequence}`, title: 'Welcome', ...body });
}
