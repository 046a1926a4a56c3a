import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { LiveClicks } from '../src/modules/clicks/live-clicks';
import { ADMIN_KEY, useApi, type TestApi } from './support/app';
import { cookieOf } from './support/sessions';
import { createLink, createUser, linkAlias, type TestUser } from './support/factories';
import { FIREFOX } from './support/visitors';

const PASSWORD = 'correct horse battery';

/** An open stream of `GET /l/api/clicks/live` over a real socket, and the events it has received. */
interface Stream {
  status: number;
  events: { event: string; data: unknown }[];
  ended: Promise<void>;
  /** Resolves once an event of this name has arrived. */
  next(event: string): Promise<unknown>;
  close(): void;
}

function open(port: number, headers: Record<string, string>, query = ''): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: `/l/api/clicks/live${query}`, headers }, (response: IncomingMessage) => {
      const events: Stream['events'] = [];
      const waiting: { event: string; seen: number; resolve: (data: unknown) => void }[] = [];
      let buffer = '';
      const check = () => {
        for (const wait of [...waiting]) {
          const found = events.filter((event) => event.event === wait.event)[wait.seen];
          if (found) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.resolve(found.data);
          }
        }
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data === undefined ? null : JSON.parse(data) });
        }
        check();
      });
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      const seen = new Map<string, number>();
      resolve({
        status: response.statusCode ?? 0,
        events,
        ended,
        next(event) {
          const index = seen.get(event) ?? 0;
          seen.set(event, index + 1);
          return new Promise((done) => {
            waiting.push({ event, seen: index, resolve: done });
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
    request.end();
  });
}

async function visit(api: TestApi, alias: string): Promise<void> {
  const answer = await api.request('GET', `/${alias}`, { key: null, headers: { 'user-agent': FIREFOX } });
  expect(answer.status).toBe(302);
}

describe('the live click stream', () => {
  const api = useApi({ LIVE_STREAMS_PER_ACCOUNT: '2', LIVE_STREAMS_MAX: '4' });
  let port = 0;
  const streams: Stream[] = [];
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.linkyard.app.getHttpServer().address() as { port: number }).port;
  });
  beforeEach(async () => {
    alice = await createUser(api);
    bob = await createUser(api);
  });
  afterEach(() => {
    streams.splice(0).forEach((stream) => stream.close());
  });

  const openFor = async (user: TestUser) => {
    const stream = await open(port, { authorization: `Bearer ${user.apikey}` });
    streams.push(stream);
    return stream;
  };

  it("tells an account of its own clicks as they are written, and never of another account's", async () => {
    const mine = await openFor(alice);
    const theirs = await openFor(bob);
    expect(mine.status).toBe(200);
    await mine.next('ready');
    await theirs.next('ready');
    const aliceLink = await createLink(api, alice, { url: 'https://example.com/alice' });
    const bobLink = await createLink(api, bob, { url: 'https://example.com/bob' });
    await visit(api, await linkAlias(api, alice, aliceLink));
    await visit(api, await linkAlias(api, alice, aliceLink));
    await visit(api, await linkAlias(api, bob, bobLink));
    await api.flushClicks();

    expect(await mine.next('clicks')).toEqual({ links: [{ id: aliceLink, clicks: 2 }], qrs: [], bio: [] });
    expect(await theirs.next('clicks')).toEqual({ links: [{ id: bobLink, clicks: 1 }], qrs: [], bio: [] });
    // Only Bob's own click reached Bob, and nothing of Bob's reached Alice.
    await visit(api, await linkAlias(api, alice, aliceLink));
    await api.flushClicks();
    expect(await mine.next('clicks')).toEqual({ links: [{ id: aliceLink, clicks: 1 }], qrs: [], bio: [] });
    expect(theirs.events.filter((event) => event.event === 'clicks')).toEqual([
      { event: 'clicks', data: { links: [{ id: bobLink, clicks: 1 }], qrs: [], bio: [] } },
    ]);
    expect(mine.events.filter((event) => event.event === 'clicks')).toHaveLength(2);
  });

  it("streams a team workspace's clicks to its members, named in the query as an EventSource can", async () => {
    const team = (await api.request('POST', '/l/api/workspace/add', { key: alice.apikey, body: { name: 'Live team' } })).body.data
      .id as number;
    const invited = await api.request('POST', `/l/api/workspace/${team}/invitation/add`, {
      key: alice.apikey,
      body: { email: bob.email, role: 'viewer' },
    });
    const token = String(invited.body.data.link).split('/').pop()!;
    expect((await api.request('POST', `/l/api/invitation/${token}/accept`, { key: bob.apikey })).status).toBe(200);
    const member = await open(port, { authorization: `Bearer ${bob.apikey}` }, `?workspace=${team}`);
    streams.push(member);
    const outsider = await createUser(api);
    const stranger = await open(port, { authorization: `Bearer ${outsider.apikey}` }, `?workspace=${team}`);
    streams.push(stranger);
    const malformed = await open(port, { authorization: `Bearer ${bob.apikey}` }, '?workspace=marketing');
    streams.push(malformed);
    expect([member.status, stranger.status, malformed.status]).toEqual([200, 404, 400]);
    await member.next('ready');
    const inTeam = { key: alice.apikey, headers: { 'x-linkyard-workspace': String(team) } };
    const made = await api.request('POST', '/l/api/url/add', { ...inTeam, body: { url: 'https://example.com/team' } });
    const teamLink = made.body.id as number;
    const teamAlias = String(made.body.shorturl).split('/').pop()!;
    await visit(api, teamAlias);
    await api.flushClicks();
    expect(await member.next('clicks')).toEqual({ links: [{ id: teamLink, clicks: 1 }], qrs: [], bio: [] });
    // Removed from the team, the member's stream ends.
    expect((await api.request('DELETE', `/l/api/workspace/${team}/member/${bob.id}/delete`, { key: alice.apikey })).status).toBe(200);
    await visit(api, teamAlias);
    await api.flushClicks();
    await member.ended;
    expect(member.events.at(-1)).toMatchObject({ event: 'end' });
  });

  it("tells an account of its bio pages' visits and buttons' clicks, as of its links'", async () => {
    const mine = await openFor(alice);
    await mine.next('ready');
    const made = await api.request('POST', '/l/api/bio/add', {
      key: alice.apikey,
      body: { name: 'Live page', blocks: [{ type: 'link', title: 'Shop', url: 'https://example.com/shop' }] },
    });
    const page = (await api.request('GET', `/l/api/bio/${made.body.id}`, { key: alice.apikey })).body.details;
    const view = (path: string) => api.request('GET', path, { key: null, headers: { 'user-agent': FIREFOX } });
    expect((await view(`/${page.alias}`)).status).toBe(200);
    expect((await view(`/${page.alias}`)).status).toBe(200);
    expect((await view(`/${page.alias}/b/${page.blocks[0].id}`)).status).toBe(302);
    await api.flushClicks();
    expect(await mine.next('clicks')).toEqual({ links: [], qrs: [], bio: [{ id: page.id, visits: 2, clicks: 1 }] });
  });

  it('ends a stream when its session is signed out, and when it expires', async () => {
    const signIn = async () => {
      const response = await api.request('POST', '/l/api/session', { key: null, body: { login: alice.username, password: PASSWORD } });
      return { cookie: cookieOf(response), csrf: response.body.data.csrf as string };
    };
    const first = await signIn();
    const stream = await open(port, { cookie: first.cookie });
    streams.push(stream);
    await stream.next('ready');
    const signedOut = await api.request('DELETE', '/l/api/session', {
      key: null,
      headers: { cookie: first.cookie, 'x-linkyard-csrf': first.csrf, 'sec-fetch-site': 'same-origin' },
    });
    expect(signedOut.status).toBe(200);
    expect(await stream.next('end')).toEqual({ message: 'The session ended.' });
    await stream.ended;
    // The same cookie opens no stream now.
    const again = await open(port, { cookie: first.cookie });
    streams.push(again);
    expect(again.status).toBe(401);

    // A session that expires while its stream is open: the stream ends at its next check.
    const second = await signIn();
    const idle = await open(port, { cookie: second.cookie });
    streams.push(idle);
    await idle.next('ready');
    api.clock.advance(13 * 3600 * 1000);
    try {
      expect(await idle.next('end')).toEqual({ message: 'The session ended.' });
      await idle.ended;
    } finally {
      api.clock.advance(-13 * 3600 * 1000);
    }
  });

  it('ends a stream opened with a key when the key is rotated', async () => {
    const stream = await openFor(alice);
    await stream.next('ready');
    const rotated = await api.request('POST', `/l/api/user/${alice.id}/apikey/rotate`, { key: ADMIN_KEY, body: {} });
    expect(rotated.status).toBe(200);
    const id = await createLink(api, { ...alice, apikey: rotated.body.apikey as string });
    await visit(api, await linkAlias(api, { ...alice, apikey: rotated.body.apikey as string }, id));
    await api.flushClicks();
    expect(await stream.next('end')).toEqual({ message: 'The API key was rotated or expired, or the account is gone or disabled.' });
    await stream.ended;
    expect(stream.events.map((event) => event.event)).not.toContain('clicks');
  });

  it('ends the streams of an account an admin disables, opened with its key or its session, before its next click', async () => {
    const signedIn = await api.request('POST', '/l/api/session', { key: null, body: { login: alice.username, password: PASSWORD } });
    const byKey = await openFor(alice);
    const bySession = await open(port, { cookie: cookieOf(signedIn) });
    streams.push(bySession);
    await byKey.next('ready');
    await bySession.next('ready');
    const link = await createLink(api, alice);
    const alias = await linkAlias(api, alice, link);
    const disabled = await api.request('PUT', `/l/api/user/${alice.id}/update`, { key: ADMIN_KEY, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    // The link still answers its visitors; the account's streams hear nothing of it.
    await visit(api, alias);
    await api.flushClicks();
    expect(await byKey.next('end')).toEqual({ message: 'The API key was rotated or expired, or the account is gone or disabled.' });
    expect(await bySession.next('end')).toEqual({ message: 'The session ended.' });
    await Promise.all([byKey.ended, bySession.ended]);
    expect([...byKey.events, ...bySession.events].map((event) => event.event)).not.toContain('clicks');
    // No new stream opens for the disabled key.
    const again = await openFor(alice);
    expect(again.status).toBe(403);
  });

  it('holds no place for a reader that left before its stream began', async () => {
    const live = api.linkyard.app.get(LiveClicks);
    const signedIn = await api.request('POST', '/l/api/session', { key: null, body: { login: alice.username, password: PASSWORD } });
    const cookie = cookieOf(signedIn);
    const add = jest.spyOn(live, 'add');
    try {
      // Three readers send the request and leave at once: the service finds their session in the
      // database, and only then comes to the stream, for a reader who is gone.
      for (let index = 0; index < 3; index += 1) {
        const called = new Promise<void>((resolve) =>
          add.mockImplementationOnce((stream) => (resolve(), LiveClicks.prototype.add.call(live, stream))),
        );
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.end(`GET /l/api/clicks/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
        await called;
        socket.destroy();
      }
    } finally {
      add.mockRestore();
    }
    // Their places are given back once their connections are closed (at once, or within moments).
    for (let waited = 0; live.open > 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.open).toBe(0);
    const [first, second] = [await openFor(alice), await openFor(alice)];
    expect([first.status, second.status]).toEqual([200, 200]);
  });

  it('answers past the streams an account and an instance may hold with a clear error', async () => {
    const first = await openFor(alice);
    const second = await openFor(alice);
    await Promise.all([first.next('ready'), second.next('ready')]);
    const third = await api.request('GET', '/l/api/clicks/live', { key: alice.apikey });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: 1, message: expect.stringMatching(/live click streams open as it may on this instance/) });
    expect(third.headers['retry-after']).toBe('5');
    // A closed stream makes room again.
    first.close();
    await first.ended;
    await (await openFor(alice)).next('ready');

    // Four streams on the instance in all (LIVE_STREAMS_MAX): two of Alice's, two of Bob's, then none.
    await Promise.all([(await openFor(bob)).next('ready'), (await openFor(bob)).next('ready')]);
    const carol = await createUser(api);
    const full = await api.request('GET', '/l/api/clicks/live', { key: carol.apikey });
    expect(full.status).toBe(503);
    expect(full.body.message).toMatch(/This instance has as many live click streams open as it may/);
  });

  it('asks for a key or a session, and reads the first event of a stream in process', async () => {
    expect((await api.request('GET', '/l/api/clicks/live', { key: null })).status).toBe(401);
    const answer = await api.request('GET', '/l/api/clicks/live', { key: alice.apikey });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.text).toContain('event: ready');
    // The stream read in process was closed with its reading: it holds no place.
    await new Promise((resolve) => setImmediate(resolve));
    expect(api.linkyard.app.get(LiveClicks).open).toBe(0);
  });
});
