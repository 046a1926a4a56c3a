import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { createLinkyardClient, LinkyardError, type LinkyardClient, type RateLimitWait } from '@linkyard/client';
import { freePort } from './support/built-service';
import { ADMIN_KEY, useApi } from './support/app';
import { createChannel, createDomain, createLink, createUser, type TestUser } from './support/factories';

/** @linkyard/client against the real service, listening on a port, through the real fetch. */
describe('@linkyard/client', () => {
  const api = useApi();
  let baseUrl: string;
  let user: TestUser;
  let client: LinkyardClient;

  beforeAll(async () => {
    await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(api.linkyard.app.getHttpServer().address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    user = await createUser(api);
    client = createLinkyardClient({ baseUrl, apiKey: user.apikey });
  });

  it('calls typed operations and returns their data', async () => {
    const { data: account } = await client.GET('/account');
    expect(account.data.username).toBe(user.username);
    const { data: created } = await client.POST('/url/add', { body: { url: 'https://example.com/from-client', custom: `c-${user.id}` } });
    expect(created.shorturl).toMatch(new RegExp(`/c-${user.id}$`));
    await client.PUT('/url/{id}/update', { params: { path: { id: created.id } }, body: { title: 'Set by the client' } });
    const { data: link } = await client.GET('/url/{id}', { params: { path: { id: created.id } } });
    expect(link.details.title).toBe('Set by the client');
    const { data: deleted } = await client.DELETE('/url/{id}/delete', { params: { path: { id: created.id } } });
    expect(deleted.error).toBe(0);
    expect(client.rateLimit).toEqual({ limit: 100000, remaining: expect.any(Number), reset: expect.any(Number) });
  });

  it('in session mode, sends no key, and the proof on changing requests only', async () => {
    // What a browser does with the cookie of a sign-in, done here by the fetch given to the client.
    const signIn = createLinkyardClient({ baseUrl, session: { csrf: () => null } });
    const started = await signIn.POST('/session', { body: { login: user.username, password: 'correct horse battery' } });
    const cookie = started.response.headers.get('set-cookie')!.split(';', 1)[0]!;
    const sent: Request[] = [];
    const browserFetch = (request: Request) => {
      sent.push(request.clone());
      const withCookie = new Request(request, { headers: new Headers(request.headers) });
      withCookie.headers.set('cookie', cookie);
      return fetch(withCookie);
    };
    const dashboard = createLinkyardClient({ baseUrl, session: { csrf: () => started.data.data.csrf }, fetch: browserFetch });
    expect((await dashboard.GET('/session')).data.data).toMatchObject({ via: 'session', account: { id: user.id } });
    const { data: created } = await dashboard.POST('/url/add', { body: { url: 'https://example.com/from-the-dashboard' } });
    expect(created.error).toBe(0);
    expect(sent.map((request) => [request.method, request.headers.get('authorization'), request.headers.get('x-linkyard-csrf')])).toEqual([
      ['GET', null, null],
      ['POST', null, started.data.data.csrf],
    ]);
    expect(sent[0]!.credentials).toBe('same-origin');
    // Without the proof, the service refuses the change.
    const bare = createLinkyardClient({ baseUrl, session: { csrf: () => null }, fetch: browserFetch });
    const refused = await bare.POST('/url/add', { body: { url: 'https://example.com/forged' } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403 });
  });

  it('accepts the API base as well as the service address', async () => {
    const viaBase = createLinkyardClient({ baseUrl: `${baseUrl}/l/api/`, apiKey: user.apikey });
    expect((await viaBase.GET('/account')).data.data.id).toBe(user.id);
  });

  it('throws a LinkyardError with the status, the message and the rate-limit headers', async () => {
    const failure = await client.GET('/url/{id}', { params: { path: { id: 987654 } } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkyardError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 404,
      message: 'No link with id 987654.',
      rateLimit: { limit: 100000 },
      body: { error: 1, message: 'No link with id 987654.' },
      field: null,
    });
    const refused = await createLinkyardClient({ baseUrl, apiKey: 'lyk_wrong' })
      .GET('/account')
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, rateLimit: null });
  });

  it('names the field the service refused', async () => {
    const failure = await client.POST('/url/add', { body: { url: 'https://example.com', custom: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkyardError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 400,
      field: 'custom',
      body: { error: 1, message: expect.stringMatching(/^Invalid field "custom"/) },
    });
  });

  it('goes on ignoring fields it does not know, sent by code that is not type-checked', async () => {
    const body = { url: 'https://example.com/untyped', stauts: 'public' } as unknown as { url: string };
    const { data } = await client.POST('/url/add', { body });
    const { data: link } = await client.GET('/url/{id}', { params: { path: { id: data.id } } });
    expect(link.details).toMatchObject({ longurl: 'https://example.com/untyped', status: 'private' });
  });

  it('throws a LinkyardError of kind "network" when the service cannot be reached', async () => {
    const closed = await freePort();
    const unreachable = createLinkyardClient({ baseUrl: `http://127.0.0.1:${closed}`, apiKey: user.apikey });
    const failure = await unreachable.GET('/account').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkyardError);
    expect(failure).toMatchObject({ kind: 'network', status: null, body: null, field: null });
    expect((failure as LinkyardError).message).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${closed} \\(.*ECONNREFUSED`));
    expect((failure as LinkyardError).cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });

  it('throws a LinkyardError when the connection breaks while the answer is read, or the answer is not JSON', async () => {
    // A server on loopback that answers 200 and then closes the connection halfway through the
    // body, or sends a body that is not JSON.
    const server = createServer((request, response) => {
      if (request.url!.endsWith('/account')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"error": 0, "da');
        setImmediate(() => response.socket?.destroy());
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('<html>a proxy page</html>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address() as AddressInfo;
      const broken = createLinkyardClient({ baseUrl: `http://127.0.0.1:${address.port}`, apiKey: 'k' });
      expect(await broken.GET('/account').catch((error: unknown) => error)).toMatchObject({
        name: 'LinkyardError',
        kind: 'network',
        status: null,
      });
      expect(await broken.GET('/domains').catch((error: unknown) => error)).toMatchObject({ name: 'LinkyardError', kind: 'response' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('walks every page of a list', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await createDomain(api, user)).id);
    const seen: number[] = [];
    for await (const domain of client.paginate('/domains', { query: { limit: 2 } })) seen.push(domain.id);
    expect(seen).toEqual(ids.reverse());
    const channel = await createChannel(api, user);
    const links = [
      await createLink(api, user, { channel }),
      await createLink(api, user, { channel }),
      await createLink(api, user, { channel }),
    ];
    const items: number[] = [];
    for await (const item of client.paginate('/channel/{id}', { path: { id: channel }, query: { limit: 1 } })) items.push(item.id);
    expect(items).toEqual(links.reverse());
    const none: unknown[] = [];
    for await (const pixel of client.paginate('/pixels')) none.push(pixel);
    expect(none).toEqual([]);
    for (const name of ['one', 'two', 'three']) await client.POST('/bio/add', { body: { name } });
    const names: string[] = [];
    for await (const page of client.paginate('/bio', { query: { limit: 2 } })) names.push(page.name);
    expect(names).toEqual(['three', 'two', 'one']);
  });

  it('gives up at once on 429 when told not to wait', async () => {
    const limited = await createUser(api, { ratelimit: 1 });
    const impatient = createLinkyardClient({ baseUrl, apiKey: limited.apikey, retry: false });
    setWindowSecond(5);
    await impatient.GET('/account');
    const failure = await impatient.GET('/account').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, rateLimit: { limit: 1, remaining: 0 } });
    expect((failure as LinkyardError).retryAfter).toBeGreaterThan(0);
  });

  it('waits for Retry-After on 429, says so first, and tries again', async () => {
    const limited = await createUser(api, { ratelimit: 1 });
    const waits: RateLimitWait[] = [];
    const patient = createLinkyardClient({ baseUrl, apiKey: limited.apikey, onRateLimitWait: (wait) => waits.push(wait) });
    // Use up the limit a second before the window ends: the service answers Retry-After: 1.
    setWindowSecond(59);
    await patient.GET('/account');
    expect(waits).toEqual([]);
    // The next window opens on the service's clock while the client waits.
    const { data } = await patient.GET('/account');
    expect(data.data.id).toBe(limited.id);
    expect(waits).toEqual([
      {
        seconds: 1,
        attempt: 1,
        retries: 2,
        method: 'GET',
        url: `${baseUrl}/l/api/account`,
        rateLimit: { limit: 1, remaining: 0, reset: expect.any(Number) },
      },
    ]);
  });

  it('tells how far a walk through a list has gone', async () => {
    for (let index = 0; index < 3; index += 1) await createDomain(api, user);
    const pages: { page: number; pages: number; records: number }[] = [];
    const seen: unknown[] = [];
    for await (const domain of client.paginate('/domains', { query: { limit: 2 }, onPage: (progress) => pages.push(progress) }))
      seen.push(domain);
    expect(seen).toHaveLength(3);
    expect(pages).toEqual([
      { page: 1, pages: 2, records: 2 },
      { page: 2, pages: 2, records: 1 },
    ]);
  });

  /** Sets the service's clock to this second of a rate-limit window (they are aligned on minutes). */
  function setWindowSecond(second: number): void {
    api.clock.set(Math.floor(Date.now() / 60_000) * 60_000 + second * 1000);
  }

  it("is the admin's client too", async () => {
    const admin = createLinkyardClient({ baseUrl, apiKey: ADMIN_KEY });
    const { data } = await admin.GET('/plans');
    expect(data.data.map((plan) => plan.name)).toEqual(['Free', 'Pro']);
  });
});
