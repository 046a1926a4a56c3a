import { DataSource } from 'typeorm';
import { useApi } from './support/app';
import { createUser, PASSWORD, type TestUser } from './support/factories';

describe('HTTP conventions', () => {
  const api = useApi();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(api);
  });

  describe('unknown routes and methods', () => {
    it('answers an unknown route under /l/api with a JSON 404 envelope', async () => {
      const response = await api.request('GET', '/l/api/nothing/here', { outsideContract: true });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ error: 1, message: expect.stringContaining('/l/api/nothing/here') });
    });

    it('answers a wrong method on a known path with 405 and the allowed methods', async () => {
      // The spec's authentication example shows POST /account; the endpoint is a GET.
      const response = await api.request('POST', '/l/api/account', { key: user.apikey, outsideContract: true });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET');
      expect(response.body).toEqual({ error: 1, message: expect.stringContaining('GET') });
    });

    it('answers unknown routes and wrong methods through the pipeline: counted, with the rate-limit headers', async () => {
      const first = await api.request('GET', '/l/api/nothing/here', { key: user.apikey, outsideContract: true });
      const second = await api.request('DELETE', '/l/api/account', { key: user.apikey, outsideContract: true });
      const normalized = await api.request('POST', '/l/api/campaign/%2e%2e/assign/38', { key: user.apikey, outsideContract: true });
      expect([first.status, second.status, normalized.status]).toEqual([404, 405, 404]);
      for (const response of [first, second, normalized]) expect(response.headers['x-ratelimit-limit']).toBe('100000');
      expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
      // Without a key, the key is what is wrong.
      expect((await api.request('GET', '/l/api/nothing/here', { key: null, outsideContract: true })).status).toBe(401);
    });

    it('answers a path with a trailing slash with a 404 naming the endpoint meant, whatever the method', async () => {
      for (const [method, path, meant] of [
        ['GET', '/l/api/urls/', '/l/api/urls'],
        ['GET', '/l/api/account//', '/l/api/account'],
        ['DELETE', '/l/api/domain/12/delete/', '/l/api/domain/12/delete'],
      ] as const) {
        const response = await api.request(method, path, { key: user.apikey, outsideContract: true });
        expect(response.status).toBe(404);
        expect(response.headers.allow).toBeUndefined();
        expect(response.body).toEqual({
          error: 1,
          message: `There is no endpoint at ${path}. The endpoint is at ${meant}, without the trailing slash.`,
        });
      }
      const nowhere = await api.request('GET', '/l/api/nothing/', { key: user.apikey, outsideContract: true });
      expect(nowhere.body).toEqual({ error: 1, message: 'There is no endpoint at /l/api/nothing/.' });
    });

    it('answers 405 on a known path with ids too', async () => {
      const response = await api.request('GET', '/l/api/domain/12/delete', { key: user.apikey, outsideContract: true });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('DELETE');
    });
  });

  describe('request bodies', () => {
    it('refuses malformed JSON with a 400 envelope', async () => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, rawBody: '{"email": ' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: 'The request body is not valid JSON.' });
    });

    it('refuses a malformed body only after the key: 401 for a bad key, a counted 400 for a good one', async () => {
      const badKey = await api.request('PUT', '/l/api/account/update', {
        key: 'lyk_not-a-key',
        rawBody: '{"email": ',
        remoteAddress: '10.2.0.1',
      });
      expect(badKey.status).toBe(401);
      const goodKey = await api.request('PUT', '/l/api/account/update', { key: user.apikey, rawBody: '{"email": ' });
      expect(goodKey.status).toBe(400);
      expect(goodKey.headers['x-ratelimit-limit']).toBe('100000');
      expect(goodKey.headers['x-ratelimit-remaining']).toBeDefined();
    });

    it('refuses a __proto__ key', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        rawBody: '{"email":"a@example.com","__proto__":{"admin":true}}',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/__proto__/);
    });

    it('refuses a body that is not an object', async () => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, rawBody: '["a@example.com"]' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('The request body must be a JSON object.');
    });

    it('treats an empty JSON body as an empty object', async () => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, rawBody: '' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Send at least one of the fields "email" and "password".');
    });

    it('accepts Content-Type: application/json on a bodiless DELETE', async () => {
      const other = await createUser(api);
      const response = await api.request('DELETE', `/l/api/user/${other.id}/delete`, { rawBody: '' });
      expect(response.status).toBe(200);
    });

    it('counts a null field as absent and trims strings', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        body: { email: `  Trimmed.${user.id}@Example.com  `, password: null, currentpassword: PASSWORD },
      });
      expect(response.status).toBe(200);
      const account = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(account.body.data.email).toBe(`Trimmed.${user.id}@Example.com`);
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        rawBody: JSON.stringify({ email: 'a@example.com', filler: 'x'.repeat(1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        error: 1,
        message: 'The request body is too large: at most 1 MiB, or 8 MiB for url/bulk and urls/import.',
      });
    });

    it('refuses a NUL character in any string with 400', async () => {
      const response = await api.request('PUT', '/l/api/account/update', { key: user.apikey, body: { email: 'a\u0000@example.com' } });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/NUL/);
    });

    it('refuses a lone UTF-16 surrogate in any string with 400', async () => {
      const response = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        rawBody: '{"type":"sms","data":{"phone":"5551234","message":"a\\ud800b"}}',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/lone UTF-16 surrogate/);
    });

    it('refuses a text/plain body like any non-JSON body', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        rawBody: '{"email":"a@example.com"}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Content-Type: application\/json/);
    });

    it('refuses a body that is not JSON', async () => {
      const response = await api.request('PUT', '/l/api/account/update', {
        key: user.apikey,
        rawBody: 'email=a@example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Content-Type: application\/json/);
    });
  });

  describe('path ids', () => {
    it.each(['abc', '0', '-3', '1.5', '99999999999', '0x1', '1.0', '01', '1e0', '2147483648'])(
      'refuses the id "%s" with 400',
      async (id) => {
        const response = await api.request('PUT', `/l/api/domain/${id}/update`, { key: user.apikey, body: {} });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(`The path parameter id must be a positive integer, got "${id}".`);
      },
    );
  });

  describe('request ids', () => {
    it('gives every response a request id, keeping a sane one the client sent', async () => {
      const generated = await api.request('GET', '/l/api/account', { key: user.apikey });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const given = await api.request('GET', '/l/api/account', { key: user.apikey, headers: { 'x-request-id': 'trace-42' } });
      expect(given.headers['x-request-id']).toBe('trace-42');
    });
  });

  describe("the service's own paths outside /l/api", () => {
    it.each([
      ['POST', '/healthz'],
      ['POST', '/readyz'],
      ['PUT', '/readyz'],
      ['DELETE', '/healthz'],
    ])('answers %s %s with 405 and the methods the path really has', async (method, path) => {
      // POST /{alias} is in the document (a link's password form), with its 405; the others are not.
      const response = await api.request(method, path, { key: null, body: {}, outsideContract: method !== 'POST' });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET');
      expect(response.body).toEqual({ error: 1, message: `Method ${method} is not allowed on ${path}; use GET.` });
    });
  });

  describe('GET /healthz', () => {
    it('reports the database as up without a key', async () => {
      const response = await api.request('GET', '/healthz', { key: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        status: 'ok',
        database: 'up',
        redis: 'unused',
        clicks: { buffered: 0, spooledBatches: 0, dropped: 0, failingSince: null },
      });
    });
  });

  describe('GET /openapi.json and /docs', () => {
    it('serves the OpenAPI document with this deployment as its server', async () => {
      const response = await api.request('GET', '/l/api/openapi.json', { key: null });
      expect(response.status).toBe(200);
      expect(response.body.openapi).toMatch(/^3\.1/);
      // First the address it was fetched from (any address the service answers on), then PUBLIC_URL.
      expect(response.body.servers.map((server: { url: string }) => server.url)).toEqual(['/l/api', 'http://links.test/l/api']);
      expect(response.body.paths['/{alias}'].servers[0].url).toBe('http://links.test');
      expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/account', '/domains', '/users']));
    });

    it('serves a reference page whose assets load', async () => {
      const page = await api.request('GET', '/l/api/docs', { key: null });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const scripts = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts).toHaveLength(3);
      for (const asset of scripts) {
        const response = await api.request('GET', asset, { key: null, outsideContract: true });
        expect(response.status).toBe(200);
        // Swagger UI's own files, and the page's script that starts it (no inline script).
        if (asset.endsWith('reference.js')) expect(response.text).toContain('SwaggerUIBundle({');
        else expect(response.text.length).toBeGreaterThan(10_000);
      }
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.text).not.toMatch(/<script>/);
    });
  });
});

describe('when the database is unreachable', () => {
  const api = useApi();

  it('answers 503 in the envelope with Retry-After, and /healthz says so', async () => {
    const user = await createUser(api);
    await api.linkyard.app.get(DataSource).destroy();
    const health = await api.request('GET', '/healthz', { key: null });
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ error: 1, message: 'The database is unavailable.' });
    // The key is not cached yet, so the request needs the database.
    const response = await api.request('GET', '/l/api/domains', { key: `${user.apikey.slice(0, -1)}x` });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 1, message: 'The database is unavailable; try again shortly.' });
    expect(response.headers['retry-after']).toBe('5');
  });
});
