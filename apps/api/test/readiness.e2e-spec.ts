import { startApi, useApi } from './support/app';
import { createLink, createUser, linkAlias } from './support/factories';

describe('GET /readyz', () => {
  describe('with the database up and no Redis', () => {
    const api = useApi();

    it('answers 200 with the checks that ran: the database and the click writer', async () => {
      const response = await api.request('GET', '/readyz', { key: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, status: 'ready', checks: { database: { ok: true }, clicks: { ok: true } } });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('stays ready when the first visit after a quiet spell is held for its batch', async () => {
      const user = await createUser(api);
      const alias = await linkAlias(api, user, await createLink(api, user));
      await api.flushClicks();
      // An hour without a visit, then one: the click waits for the next batch, nothing is stuck.
      api.clock.advance(3_600_000);
      expect((await api.request('GET', `/${alias}`, { key: null, outsideContract: true })).status).toBe(302);
      const response = await api.request('GET', '/readyz', { key: null });
      expect(response.status).toBe(200);
      expect(response.body.checks.clicks).toEqual({ ok: true });
      await api.flushClicks();
    });

    it('turns unready when a click has waited 60 s to be written, and ready again once it is', async () => {
      const user = await createUser(api);
      const alias = await linkAlias(api, user, await createLink(api, user));
      expect((await api.request('GET', `/${alias}`, { key: null, outsideContract: true })).status).toBe(302);
      api.clock.advance(61_000);
      const stuck = await api.request('GET', '/readyz', { key: null });
      expect(stuck.status).toBe(503);
      expect(stuck.body.checks.clicks).toEqual({ ok: false, reason: '1 clicks in memory, waiting to be written for 61 s' });
      await api.flushClicks();
      expect((await api.request('GET', '/readyz', { key: null })).status).toBe(200);
    });

    it('needs no key, and is not under /l/api', async () => {
      expect((await api.request('GET', '/readyz', { key: 'lyk_not-a-key' })).status).toBe(200);
      expect((await api.request('GET', '/l/api/readyz', { outsideContract: true })).status).toBe(404);
    });
  });

  it('stays ready when REDIS_URL is set and Redis does not answer, naming it, while /healthz says degraded', async () => {
    // Nothing listens on port 1 of the loopback: connections are refused at once. Every instance
    // answers everything without Redis, so a balancer must not take them all out of the pool.
    const api = await startApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await api.request('GET', '/readyz', { key: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        status: 'ready',
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
