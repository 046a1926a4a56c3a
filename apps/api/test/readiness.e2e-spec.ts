import { startApi, useApi } from './support/app';

describe('GET /readyz', () => {
  describe('with the database up and no Redis', () => {
    const api = useApi();

    it('answers 200 with the checks that ran: the database and the click writer', async () => {
      const response = await api.request('GET', '/readyz', { key: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, status: 'ready', checks: { database: { ok: true }, clicks: { ok: true } } });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('needs no key, and is not under /l/api', async () => {
      expect((await api.request('GET', '/readyz', { key: 'lyk_not-a-key' })).status).toBe(200);
      expect((await api.request('GET', '/l/api/readyz', { outsideContract: true })).status).toBe(404);
    });
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer, while /healthz says degraded', async () => {
    // Nothing listens on port 1 of the loopback: connections are refused at once.
    const api = await startApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await api.request('GET', '/readyz', { key: null });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 1,
        status: 'unready',
        message: 'Not ready: redis (no answer to PING).',
        checks: { database: { ok: true }, redis: { ok: false, reason: 'no answer to PING' }, clicks: { ok: true } },
      });
      const health = await api.request('GET', '/healthz', { key: null });
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('degraded');
    } finally {
      await api.close();
    }
  });
});
