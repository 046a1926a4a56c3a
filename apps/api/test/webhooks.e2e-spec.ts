import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock';
import { CONFIG } from '../src/config/config.provider';
import { ACCOUNT_IN_FLIGHT, IN_FLIGHT, RETRY_DELAYS_MS, WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher';
import { MAX_WEBHOOKS } from '../src/modules/webhooks/webhooks.service';
import { WebhookMetrics } from '../src/modules/webhooks/webhook-metrics';
import { WebhookDeliveries } from '../src/modules/webhooks/webhook-deliveries.repository';
import { ClickRecorder } from '../src/modules/clicks/click-recorder';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_URL, startApi, useApi, type TestApi } from './support/app';
import { createCampaign, createDomain, createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { resolverWith } from './support/names';
import { FIREFOX } from './support/visitors';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A webhook receiver on 127.0.0.1: keeps what it receives; `answer` decides each reply. */
class Receiver {
  readonly received: Received[] = [];
  /** The path each request came to, in the order they came. */
  readonly paths: string[] = [];
  /** Status to answer, 'hang' (no answer until the test ends) or 'hold' (204 at `release()`). Default 204. */
  answer: (request: number) => number | 'hang' | 'hold' = () => 204;
  private server: Server | null = null;
  private readonly hanging = new Set<() => void>();
  private readonly held = new Set<ServerResponse>();
  /** Requests answered 'hold': kept open until `release()`. */
  get holding(): number {
    return this.held.size;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const reply = this.answer(this.received.length);
        this.received.push({ headers: request.headers, body, event: JSON.parse(body) as Received['event'] });
        this.paths.push(request.url ?? '');
        if (reply === 'hang') {
          this.hanging.add(() => response.destroy());
          return;
        }
        if (reply === 'hold') {
          this.held.add(response);
          response.on('close', () => this.held.delete(response));
          return;
        }
        response.writeHead(reply).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Answers the held requests 204, and every later one at once. */
  release(): void {
    this.answer = () => 204;
    for (const response of this.held) response.writeHead(204).end();
    this.held.clear();
  }

  async stop(): Promise<void> {
    for (const end of this.hanging) end();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  types(): string[] {
    return this.received.map((entry) => entry.event.type);
  }
}

describe('webhooks', () => {
  // Long enough for a receiver on loopback to answer on a busy machine, short enough for the one
  // test whose receiver never answers.
  const api = useApi({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000' });
  let user: TestUser;
  let receiver: Receiver;
  let url: string;

  beforeEach(async () => {
    user = await createUser(api);
    receiver = new Receiver();
    url = await receiver.start();
  });
  afterEach(() => receiver.stop());

  const dispatch = () => api.linkyard.app.get(WebhookDispatcher).drain();
  const addWebhook = async (events: string[], key = user.apikey) => {
    const response = await api.request('POST', '/l/api/webhooks', { key, body: { url, events } });
    expect(response.status).toBe(200);
    return response.body as { id: number; secret: string };
  };
  const deliveries = async (id: number) =>
    (await api.request('GET', `/l/api/webhook/${id}/deliveries?limit=100`, { key: user.apikey })).body.data.deliveries as {
      id: number;
      status: string;
      attempts: number;
      lastError: string | null;
      lastStatus: number | null;
      event: { id: string; type: string };
    }[];

  it('sends a new link as GET /urls lists it, byte for byte, whatever its text, from url/add and from a bulk call', async () => {
    await addWebhook(['link.created']);
    const title = 'Quote " back\\slash \u2028 東京 😀 </script><script>alert(1)</script>';
    await createLink(api, user, {
      url: 'https://example.com/q?a="x"&b=東京',
      title,
      description: 'Ünïcödé \\u0000 text',
      custom: 'hooked-alias',
    });
    await createLink(api, user, { url: 'https://example.com/plain' });
    // On a branded domain, with the alias another link has on the service's own address.
    const branded = await createDomain(api, user);
    await createLink(api, user, { url: 'https://example.com/branded', domain: branded.domain, custom: 'hooked-alias' });
    const bulk = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      body: {
        urls: [
          { url: 'https://example.com/bulk-1', title },
          { url: 'https://example.com/bulk-2', domain: branded.domain },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    await dispatch();
    const listed = (await api.request('GET', '/l/api/urls?limit=100', { key: user.apikey })).body.data.urls as {
      id: number;
      shorturl: string;
    }[];
    expect(listed).toHaveLength(5);
    expect(listed.filter((link) => link.shorturl.startsWith(`${branded.domain}/`))).toHaveLength(2);
    // In the order the links were made, each once, its data the JSON of the link as listed.
    expect(receiver.received.map((entry) => entry.event.data.id)).toEqual(listed.map((link) => link.id).sort((a, b) => a - b));
    for (const entry of receiver.received) {
      const link = listed.find((item) => item.id === entry.event.data.id);
      expect(entry.body).toBe(`{"type":"link.created","timestamp":"${entry.event.timestamp}","data":${JSON.stringify(link)}}`);
    }
  });

  it('delivers each event once, signed in the Standard Webhooks format, and nothing of another account', async () => {
    const { id, secret } = await addWebhook(['link.*', 'campaign.created', 'domain.*']);
    const link = await createLink(api, user, { url: 'https://example.com/hooked', title: 'Hooked 東京' });
    await api.request('PUT', `/l/api/url/${link}/update`, { key: user.apikey, body: { title: 'Changed' } });
    const campaign = await createCampaign(api, user);
    const domain = await createDomain(api, user);
    await api.request('DELETE', `/l/api/url/${link}/delete`, { key: user.apikey });
    const other = await createUser(api);
    await createLink(api, other);
    await createCampaign(api, other);
    await dispatch();
    await dispatch();

    expect(receiver.types()).toEqual(['link.created', 'link.updated', 'campaign.created', 'domain.created', 'link.deleted']);
    const verifier = new Webhook(secret);
    for (const entry of receiver.received) {
      expect(verifier.verify(entry.body, entry.headers as Record<string, string>)).toEqual(entry.event);
      expect(entry.headers['webhook-id']).toMatch(/^evt_\d+$/);
    }
    expect(new Set(receiver.received.map((entry) => entry.headers['webhook-id'])).size).toBe(5);
    expect(receiver.received[0]!.event.data).toMatchObject({ id: link, longurl: 'https://example.com/hooked', title: 'Hooked 東京' });
    expect(receiver.received[1]!.event.data).toMatchObject({ id: link, title: 'Changed' });
    expect(receiver.received[2]!.event.data).toMatchObject({ id: campaign });
    expect(receiver.received[3]!.event.data).toMatchObject({ id: domain.id, domain: domain.domain });
    expect(receiver.received[4]!.event.data).toMatchObject({ id: link });
    // A signature made with another secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();

    const read = await api.request('GET', `/l/api/webhook/${id}`, { key: user.apikey });
    expect(read.body.data).toEqual({
      id,
      url,
      events: ['link.*', 'campaign.created', 'domain.*'],
      enabled: true,
      disabledReason: null,
      pending: 0,
      dropped: 0,
      lastDropped: null,
      date: expect.any(String),
    });
    expect(JSON.stringify(read.body)).not.toContain(secret.slice(6));
    expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual(Array(5).fill('delivered'));
    expect((await api.request('GET', `/l/api/webhook/${id}`, { key: other.apikey })).status).toBe(404);
  });

  it("tells of the links a deleted domain moves to the service's own address", async () => {
    await addWebhook(['domain.deleted', 'link.updated']);
    const domain = await createDomain(api, user);
    const link = await createLink(api, user, { domain: domain.domain, custom: `moved-${user.id}` });
    expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(200);
    await dispatch();
    expect(receiver.types()).toEqual(['domain.deleted', 'link.updated']);
    expect(receiver.received[1]!.event.data).toMatchObject({ id: link, shorturl: `${PUBLIC_URL}/moved-${user.id}` });
  });

  it('sends the links made in bulk and by import, and the clicks in batches of at most 1,000', async () => {
    const hook = await addWebhook(['link.created', 'link.clicked']);
    const bulk = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      body: { urls: Array.from({ length: 3 }, (_, index) => ({ url: `https://example.com/bulk/${index}` })) },
    });
    await api.request('POST', '/l/api/urls/import?from=yourls', {
      key: user.apikey,
      rawBody: `keyword,url\nimp-${user.id},https://example.com/imported\n`,
      headers: { 'content-type': 'text/csv' },
    });
    const alias = await linkAlias(api, user, bulk.body.data.results[0].id as number);
    for (let visit = 0; visit < 2500; visit += 1) await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    // Every click written (a failed write would name its error here, rather than leave no event).
    expect(api.linkyard.app.get(ClickRecorder).state()).toMatchObject({ buffered: 0, lastError: null });
    // A drain waits five seconds at most for deliveries held by the server's older transactions; on
    // a busy machine the clicks' may take longer: drained again, a bounded number of times.
    const clicksReceived = () =>
      receiver.received
        .filter((entry) => entry.event.type === 'link.clicked')
        .reduce((sum, entry) => sum + (entry.event.data.clicks as unknown[]).length, 0);
    for (let rounds = 0; rounds < 10 && clicksReceived() < 2500; rounds += 1) await dispatch();
    // Each delivery made (one still waiting would show its attempts, its error and its next attempt here).
    expect((await deliveries(hook.id)).filter((delivery) => delivery.status !== 'delivered')).toEqual([]);

    // The links, then the clicks: how many events those take depends on when the recorder's timer
    // cut its batches while the visits came (three at least).
    expect(receiver.types().slice(0, 4)).toEqual(['link.created', 'link.created', 'link.created', 'link.created']);
    expect(new Set(receiver.types().slice(4))).toEqual(new Set(['link.clicked']));
    expect(receiver.received[3]!.event.data).toMatchObject({ alias: `imp-${user.id}`, longurl: 'https://example.com/imported' });
    const clicks = receiver.received.slice(4).map((entry) => entry.event.data.clicks as Record<string, unknown>[]);
    // Every click once, at most 1,000 an event (a batch of clicks is split; batches are written about once a second).
    expect(clicks.flat()).toHaveLength(2500);
    expect(Math.max(...clicks.map((batch) => batch.length))).toBeLessThanOrEqual(1000);
    expect(clicks.length).toBeGreaterThanOrEqual(3);
    expect(clicks[0]![0]).toMatchObject({ link: { id: bulk.body.data.results[0].id, alias }, browser: 'Firefox', bot: false });
    expect(Object.keys(clicks[0]![0]!)).not.toContain('visitor');
  });

  it('tells which destination of an A/B split each click went to, and null for a link without one', async () => {
    await addWebhook(['link.clicked']);
    const variants = [
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ];
    const split = await linkAlias(api, user, await createLink(api, user, { url: variants[0]!.url, variants }));
    const plain = await linkAlias(api, user, await createLink(api, user, { url: 'https://example.com/plain' }));
    const sentTo: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      const answer = await api.request('GET', `/${split}`, {
        key: null,
        remoteAddress: `203.0.113.${n + 1}`,
        headers: { 'user-agent': FIREFOX },
      });
      sentTo.push(answer.headers.location as string);
    }
    await api.request('GET', `/${plain}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    await dispatch();
    const clicks = receiver.received.flatMap((entry) => entry.event.data.clicks as { link: { alias: string }; variant: string | null }[]);
    expect(clicks.filter((click) => click.link.alias === split).map((click) => click.variant)).toEqual(
      sentTo.map((location) => (location === variants[0]!.url ? 'A' : 'B')),
    );
    expect(new Set(sentTo).size).toBe(2);
    expect(clicks.filter((click) => click.link.alias === plain)).toEqual([expect.objectContaining({ variant: null })]);
  });

  it('tells of QR code scans, and of nothing for clicks no webhook wants', async () => {
    await addWebhook(['qr.scanned']);
    const qr = await api.request('POST', '/l/api/qr/add', {
      key: user.apikey,
      body: { type: 'link', data: 'https://example.com/scanned' },
    });
    const code = new URL(qr.body.link as string).pathname.split('/').pop()!;
    const link = await createLink(api, user);
    await api.request('GET', `/u/${code}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.request('GET', `/${await linkAlias(api, user, link)}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    await dispatch();
    expect(receiver.types()).toEqual(['qr.scanned']);
    expect(receiver.received[0]!.event.data.clicks).toEqual([
      expect.objectContaining({ qr: { id: qr.body.id, alias: code }, browser: 'Firefox' }),
    ]);
  });

  it('retries after errors and timeouts, in order: a later event waits for the one before it', async () => {
    const { id } = await addWebhook(['link.created']);
    receiver.answer = (request) => (request === 0 ? 500 : request === 1 ? 'hang' : 200);
    const first = await createLink(api, user);
    const second = await createLink(api, user);
    await dispatch();
    expect(receiver.received).toHaveLength(1);
    let [later, earlier] = await deliveries(id);
    expect(earlier).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'The endpoint answered HTTP 500.' });
    expect(later).toMatchObject({ status: 'pending', attempts: 0 });

    api.clock.advance(RETRY_DELAYS_MS[0]!);
    await dispatch();
    [later, earlier] = await deliveries(id);
    expect(earlier).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastStatus: null,
      lastError: expect.stringContaining('no answer within 2 seconds'),
    });

    api.clock.advance(RETRY_DELAYS_MS[1]!);
    await dispatch();
    expect(receiver.received.map((entry) => entry.event.data.id)).toEqual([first, first, first, second]);
    expect(new Set(receiver.received.slice(0, 3).map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
  });

  it('turns a webhook off after a day of failures, says why, and resumes when turned on; a delivery can be replayed', async () => {
    const { id } = await addWebhook(['campaign.*']);
    receiver.answer = () => 503;
    await createCampaign(api, user);
    await createCampaign(api, user);
    await dispatch();
    for (const wait of RETRY_DELAYS_MS) {
      api.clock.advance(wait);
      await dispatch();
    }
    expect(receiver.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    const off = (await api.request('GET', `/l/api/webhook/${id}`, { key: user.apikey })).body.data;
    expect(off).toMatchObject({
      enabled: false,
      pending: 1,
      disabledReason: expect.stringMatching(/^Turned off after 8 failed attempts .* over 28 hours: The endpoint answered HTTP 503\.$/),
    });
    const [waiting, failed] = await deliveries(id);
    expect([failed!.status, waiting!.status]).toEqual(['failed', 'pending']);
    await createCampaign(api, user); // not queued while the webhook is off
    api.clock.advance(60_000);
    await dispatch();
    expect(receiver.received).toHaveLength(RETRY_DELAYS_MS.length + 1);

    // Replayed while the webhook is still off, which nothing sends: the service's own poll (every
    // second) would send the waiting delivery once the webhook is on again.
    const stillWaiting = await api.request('POST', `/l/api/webhook/${id}/delivery/${waiting!.id}/replay`, { key: user.apikey });
    expect([stillWaiting.status, stillWaiting.body.message]).toEqual([400, expect.stringContaining('is still waiting to be sent')]);
    receiver.answer = () => 200;
    await api.request('PUT', `/l/api/webhook/${id}`, { key: user.apikey, body: { enabled: true } });
    const replay = await api.request('POST', `/l/api/webhook/${id}/delivery/${failed!.id}/replay`, { key: user.apikey });
    expect(replay.status).toBe(200);
    await dispatch();
    // A webhook's waiting delivery goes first, whether the poll or this dispatch sent it.
    expect(receiver.received).toHaveLength(RETRY_DELAYS_MS.length + 3);
    expect(receiver.received.slice(-2).map((entry) => entry.headers['webhook-id'])).toEqual([waiting!.event.id, failed!.event.id]);
    expect((await api.request('GET', `/l/api/webhook/${id}`, { key: user.apikey })).body.data).toMatchObject({
      enabled: true,
      disabledReason: null,
      pending: 0,
    });
    for (const missing of ['999999', '9007199254740991']) {
      expect((await api.request('POST', `/l/api/webhook/${id}/delivery/${missing}/replay`, { key: user.apikey })).status).toBe(404);
    }
    expect((await api.request('POST', `/l/api/webhook/${id}/delivery/9007199254740992/replay`, { key: user.apikey })).status).toBe(400);
  });

  it('keeps delivered deliveries 7 days, then prunes them and their events; a failed one stays', async () => {
    const { id } = await addWebhook(['link.created']);
    await createLink(api, user);
    await dispatch();
    expect(await deliveries(id)).toHaveLength(1);
    const dispatcher = api.linkyard.app.get(WebhookDispatcher);
    api.clock.advance(6 * 86_400_000);
    await dispatcher.prune();
    expect(await deliveries(id)).toHaveLength(1);
    api.clock.advance(2 * 86_400_000);
    await dispatcher.prune();
    expect(await deliveries(id)).toEqual([]);
    const [events] = await api.linkyard.app
      .get(DataSource)
      .query<{ n: number }[]>('SELECT count(*)::int AS n FROM webhook_events WHERE user_id = $1', [user.id]);
    expect(events!.n).toBe(0);
  });

  it('pages through deliveries newest first, with the whole count on every page', async () => {
    const { id } = await addWebhook(['link.created']);
    const links = [];
    for (let index = 0; index < 5; index += 1) links.push(await createLink(api, user));
    await dispatch();
    const page = async (number: number) =>
      (await api.request('GET', `/l/api/webhook/${id}/deliveries?limit=2&page=${number}`, { key: user.apikey })).body.data;
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((data) => [data.result, data.perpage, data.currentpage, data.nextpage, data.maxpage])).toEqual([
      [5, 2, 1, 2, 3],
      [5, 2, 2, 3, 3],
      [5, 2, 3, 3, 3],
      [5, 2, 4, 4, 3],
    ]);
    const sent = pages.flatMap((data) => data.deliveries as { event: { id: string } }[]).map((delivery) => delivery.event.id);
    const ids = receiver.received.map((entry) => entry.headers['webhook-id']);
    expect(sent).toEqual([...ids].reverse());
    expect(receiver.received.map((entry) => entry.event.data.id)).toEqual(links);
  });

  it('delivers each event once when two dispatchers run at the same time', async () => {
    await addWebhook(['link.created']);
    const app = api.linkyard.app;
    const second = new WebhookDispatcher(app.get(WebhookDeliveries), app.get(CONFIG), app.get(Clock), app.get(WebhookMetrics));
    const links = [];
    for (let index = 0; index < 12; index += 1) links.push(await createLink(api, user));
    await Promise.all([dispatch(), second.runOnce(), dispatch(), second.runOnce()]);
    await Promise.all([dispatch(), second.runOnce()]);
    expect(receiver.received.map((entry) => entry.event.data.id)).toEqual(links);
  });

  it('refuses unknown events and addresses it would never call', async () => {
    const bad = await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url, events: ['link.exploded'] } });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      expect.stringMatching(/^Invalid field "events": each must be one of link\.created/),
    ]);
    for (const target of ['javascript:alert(1)', 'ftp://example.com/', 'https://user:pass@example.com/']) {
      expect((await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url: target, events: ['link.*'] } })).status).toBe(
        400,
      );
    }
  });
});

describe('webhook limits: deliveries waiting, replays', () => {
  const TOKEN = 'metrics-token-0123456789abcdefghij';
  const api = useApi({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Far longer than the test: a delivery held by the receiver stays waiting until it is released.
    WEBHOOK_TIMEOUT_MS: '20000',
    WEBHOOK_MAX_PENDING: '5',
    WEBHOOK_REPLAYS_PER_HOUR: '3',
    METRICS_TOKEN: TOKEN,
  });
  let receiver: Receiver;
  let url: string;
  beforeEach(async () => {
    receiver = new Receiver();
    url = await receiver.start();
  });
  afterEach(() => receiver.stop());

  const add = async (user: TestUser, events: string[]) => {
    const added = await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url, events } });
    expect(added.status).toBe(200);
    return added.body.id as number;
  };
  const read = async (user: TestUser, id: number) => (await api.request('GET', `/l/api/webhook/${id}`, { key: user.apikey })).body.data;
  const droppedMetric = async () => {
    const text = (await api.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } })).text;
    return Number(/^linkyard_webhook_dropped_total (\S+)$/m.exec(text)?.[1]);
  };

  it('keeps the deliveries waiting and counts, on each webhook and in a metric, the events past the bound', async () => {
    const user = await createUser(api);
    const other = await createUser(api);
    // The receiver holds what it gets: the deliveries stay waiting, whenever the dispatcher sends them.
    receiver.answer = () => 'hold';
    const [first, second] = [await add(user, ['link.created']), await add(user, ['link.*'])];
    const otherHook = await add(other, ['link.created']);
    const before = await droppedMetric();
    // Four links want eight deliveries; five fit: the first two events go to both webhooks, the last two to none.
    const bulk = await api.request('POST', '/l/api/url/bulk', {
      key: user.apikey,
      body: { urls: Array.from({ length: 4 }, (_, index) => ({ url: `https://example.com/capped/${index}` })) },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.results.every((result: { error: number }) => result.error === 0)).toBe(true);
    for (const id of [first, second]) {
      expect(await read(user, id)).toMatchObject({ pending: 2, dropped: 2, lastDropped: expect.any(String) });
    }
    expect(await droppedMetric()).toBe(before + 2);
    // The links were made all the same; another account's events are not held back by this one's.
    expect((await api.request('GET', '/l/api/urls?limit=10', { key: user.apikey })).body.data.urls).toHaveLength(4);
    await createLink(api, other);
    expect(await read(other, otherHook)).toMatchObject({ pending: 1, dropped: 0, lastDropped: null });

    // Clicks too: one more delivery fits (a click event for the second webhook), the next batch's does not.
    const link = bulk.body.data.results[0].id as number;
    const alias = await linkAlias(api, user, link);
    await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    expect(await read(user, second)).toMatchObject({ pending: 3, dropped: 2 });
    await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
    await api.flushClicks();
    expect(await read(user, second)).toMatchObject({ pending: 3, dropped: 3 });
    expect(await read(user, first)).toMatchObject({ pending: 2, dropped: 2 });

    // Once the waiting deliveries went, events are queued again (held, so the new one is still waiting when read).
    receiver.release();
    await api.linkyard.app.get(WebhookDispatcher).drain();
    receiver.answer = () => 'hold';
    await createLink(api, user);
    expect(await read(user, first)).toMatchObject({ pending: 1, dropped: 2 });
    receiver.release();
    await api.linkyard.app.get(WebhookDispatcher).drain();
    expect(await read(user, first)).toMatchObject({ pending: 0, dropped: 2 });
    // The first two links to both webhooks, the other account's link, and the last link to both.
    expect(receiver.types().filter((type) => type === 'link.created')).toHaveLength(2 + 2 + 1 + 2);
  });

  it('answers 429 with Retry-After past the replays of the hour, and while the deliveries waiting are at the bound', async () => {
    const user = await createUser(api);
    const id = await add(user, ['campaign.created']);
    await createCampaign(api, user);
    // Delivered before it is replayed (a busy machine may take a few rounds of the dispatcher).
    let sent: { id: number; status: string } | undefined;
    for (let round = 0; round < 50 && sent?.status !== 'delivered'; round += 1) {
      await api.linkyard.app.get(WebhookDispatcher).drain();
      [sent] = (await api.request('GET', `/l/api/webhook/${id}/deliveries`, { key: user.apikey })).body.data.deliveries;
      if (sent?.status !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sent?.status).toBe('delivered');
    const replay = () => api.request('POST', `/l/api/webhook/${id}/delivery/${sent!.id}/replay`, { key: user.apikey });
    api.clock.set(Date.UTC(2031, 0, 1, 10, 0, 0));
    for (let index = 0; index < 3; index += 1) expect((await replay()).status).toBe(200);
    const refused = await replay();
    expect([refused.status, refused.body.error, refused.body.message, refused.headers['retry-after']]).toEqual([
      429,
      1,
      'An account may replay 3 webhook deliveries an hour. Try again in 3600 seconds.',
      '3600',
    ]);
    await api.linkyard.app.get(WebhookDispatcher).drain();
    expect(receiver.received).toHaveLength(1 + 3);

    // A new hour: replays again, until the deliveries waiting reach the bound (5). The receiver
    // holds what it gets: they stay waiting, whenever the dispatcher sends them.
    receiver.answer = () => 'hold';
    api.clock.advance(3_600_000);
    await createCampaign(api, user);
    await createCampaign(api, user);
    for (let index = 0; index < 3; index += 1) expect((await replay()).status).toBe(200);
    api.clock.advance(3_600_000);
    const full = await replay();
    expect([full.status, full.headers['retry-after'], full.body.message]).toEqual([
      429,
      '60',
      'The account has 5 webhook deliveries waiting to be sent, the most kept; replay once some have been sent.',
    ]);
  });
});

describe('webhook delivery slots, shared between accounts', () => {
  // A timeout far longer than the test: a held delivery holds its slot until it is released.
  const api = useApi({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '20000' });
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const started = new Receiver();
    receivers.push(started);
    return { receiver: started, url: await started.start() };
  };
  afterEach(async () => {
    for (const started of receivers.splice(0)) {
      started.release();
      await started.stop();
    }
  });
  const addWebhooks = async (user: TestUser, url: string, count: number) => {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const added = await api.request('POST', '/l/api/webhooks', {
        key: user.apikey,
        body: { url: `${url}/${index}`, events: ['link.created'] },
      });
      expect(added.status).toBe(200);
      ids.push(added.body.id as number);
    }
    return ids;
  };
  const until = async (done: () => boolean) => {
    for (let wait = 0; wait < 500 && !done(); wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it("never lets one account's slow receivers hold every slot while another account's delivery is due", async () => {
    expect(MAX_WEBHOOKS).toBeGreaterThanOrEqual(IN_FLIGHT);
    const slow = await createUser(api);
    const quick = await createUser(api);
    const held = await receiver();
    const answered = await receiver();
    held.receiver.answer = () => 'hold';
    await addWebhooks(slow, held.url, MAX_WEBHOOKS);
    await addWebhooks(quick, answered.url, 1);
    // The slow account's events come first: oldest first alone would give it every slot.
    await createLink(api, slow);
    await createLink(api, quick);

    const running = api.linkyard.app.get(WebhookDispatcher).runOnce();
    await until(() => answered.receiver.received.length > 0);
    const slowHeldThen = held.receiver.holding;
    const slowSentThen = held.receiver.received.length;
    held.receiver.release();
    await running;
    await api.linkyard.app.get(WebhookDispatcher).drain();

    // The other account's delivery went while the slow receivers still held theirs, and the slow
    // account never had more than its share of the slots.
    expect(answered.receiver.received).toHaveLength(1);
    expect(slowHeldThen).toBeGreaterThan(0);
    expect(slowSentThen).toBeLessThanOrEqual(ACCOUNT_IN_FLIGHT);
    expect(ACCOUNT_IN_FLIGHT).toBeLessThan(IN_FLIGHT);
    // Every delivery of the slow account went in the end, once each.
    expect(held.receiver.received).toHaveLength(MAX_WEBHOOKS);
  });

  it('serves the webhooks of one account in turn: one with a newer event is not held back by older backlogs', async () => {
    const user = await createUser(api);
    const { receiver: quick, url } = await receiver();
    const older = await addWebhooks(user, url, ACCOUNT_IN_FLIGHT + 1);
    await createLink(api, user);
    api.clock.advance(60_000);
    const [newer] = await addWebhooks(user, `${url}/newer`, 1);
    await createLink(api, user);
    await api.linkyard.app.get(WebhookDispatcher).drain();

    expect(quick.received).toHaveLength(2 * older.length + 1);
    expect(quick.paths).toContain('/hook/newer/0');
    // The order the deliveries were taken in: each webhook keeps the turn it was last served
    // (`served`), here the turn of its delivery of the second link. The order they arrived in is
    // not it: ten go at once, and one taken early may arrive late.
    const rows = await api.linkyard.app
      .get(DataSource)
      .query<{ id: number; served: string }[]>('SELECT id, served FROM webhooks WHERE user_id = $1', [user.id]);
    const served = new Map(rows.map((row) => [row.id, Number(row.served)]));
    // The newer webhook's one delivery was taken within the account's first share of the due
    // deliveries, not after every older backlog: the older webhooks' second deliveries that were
    // due with it (all of them, or the first deliveries' heads still waiting) beyond that share
    // went after it. Oldest first would have sent it last, after all of them.
    const olderAfter = older.filter((id) => served.get(id)! > served.get(newer!)!).length;
    expect(olderAfter).toBeGreaterThanOrEqual(older.length + 1 - ACCOUNT_IN_FLIGHT);
  });
});

const REFUSED = 'the host is not a public address or a name that resolves to one';

describe('webhooks on a public deployment', () => {
  const api = useApi();

  it('are never sent to private, loopback, reserved or unresolvable addresses, all refused in the same words', async () => {
    const user = await createUser(api);
    for (const target of [
      'http://127.0.0.1:9999/hook',
      // The name is resolved when the webhook is added, by the rule a delivery connects by.
      'http://localhost:9999/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.0.0.8/',
      'http://[::127.0.0.1]:4001/',
      'http://[::ffff:0:7f00:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fec0::1]/',
      'http://[fd00::1]/',
      'http://[64:ff9b::a00:1]/',
      'http://192.0.2.10/',
      'http://198.51.100.7/',
      'http://203.0.113.9/hook',
      'http://no-such-host.invalid/hook',
    ]) {
      const response = await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url: target, events: ['link.*'] } });
      expect([target, response.status, response.body.message]).toEqual([
        target,
        400,
        `Invalid field "url": ${REFUSED}; webhooks call public http(s) addresses only (the operator may allow private ones, for local tests or a private network, with WEBHOOK_ALLOW_PRIVATE=true).`,
      ]);
    }
    const list = await api.request('GET', '/l/api/webhooks', { key: user.apikey });
    expect(list.body.data.webhooks).toEqual([]);
  });
});

describe('webhooks whose name is re-pointed after they were added', () => {
  // The test resolver says both names are public when the webhooks are added; when a delivery
  // connects, the system resolves the first to loopback and the second not at all.
  const api = useApi({}, { hostResolver: resolverWith({ localhost: ['93.184.215.14'], 'rebound.invalid': ['93.184.215.14'] }) });

  it('are checked again when they connect, and refused in the same words whether the name resolves or not', async () => {
    const user = await createUser(api);
    const ids = [];
    for (const target of ['http://localhost:9999/hook', 'http://rebound.invalid/hook']) {
      const added = await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url: target, events: ['link.created'] } });
      expect(added.status).toBe(200);
      ids.push(added.body.id as number);
    }
    await createLink(api, user);
    await api.linkyard.app.get(WebhookDispatcher).drain();
    for (const id of ids) {
      const [delivery] = (await api.request('GET', `/l/api/webhook/${id}/deliveries`, { key: user.apikey })).body.data.deliveries;
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatus: null,
        lastError: `The endpoint could not be reached: ${REFUSED}.`,
      });
    }
  });
});

describe('webhooks across a restart', () => {
  let api: TestApi;
  let dataDir: string;
  const receiver = new Receiver();

  beforeAll(async () => {
    // On disk (or PostgreSQL), so the restarted service finds what the stopped one left.
    dataDir = mkdtempSync(join(tmpdir(), 'linkyard-webhooks-'));
    api = await startApi({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await receiver.stop();
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an event whose delivery was cut by a stop, after the restart, with the same webhook-id', async () => {
    const url = await receiver.start();
    const user = await createUser(api);
    await api.request('POST', '/l/api/webhooks', { key: user.apikey, body: { url, events: ['link.created'] } });
    receiver.answer = (request) => (request === 0 ? 'hang' : 200);
    const link = await createLink(api, user);
    const delivering = api.linkyard.app.get(WebhookDispatcher).runOnce();
    for (let wait = 0; wait < 50 && receiver.received.length === 0; wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiver.received).toHaveLength(1);
    await api.restart();
    await delivering.catch(() => undefined);
    // The stopped instance's claim (or its retry) runs out; the new instance sends it again.
    api.clock.advance(60_000);
    await api.linkyard.app.get(WebhookDispatcher).drain();
    expect(receiver.received.map((entry) => entry.event.data.id)).toEqual([link, link]);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  });
});
