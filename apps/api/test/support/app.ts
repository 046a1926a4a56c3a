import type { Readable } from 'node:stream';
import { inject } from 'light-my-request';
import { createApp, type CreateAppOptions, type LinkyardApp } from '../../src/app';
import { openApiDocument } from '../../src/common/openapi-document';
import { loadConfig } from '../../src/config/config';
import { ClickRecorder } from '../../src/modules/clicks/click-recorder';
import { TestClock } from './clock';
import { contractProblems } from './contract';
import { clickStoreOfTest } from './clickhouse';
import { createTestDatabase, seedFolder } from './database';

/** The admin key every test service starts with (ADMIN_API_KEY). */
export const ADMIN_KEY = 'lyk_test-admin-key-0123456789abcdefghij';
export const PUBLIC_URL = 'http://links.test';

export interface ApiResponse<Body = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Body;
  text: string;
  /** The body's bytes (images). */
  raw: Buffer;
}

export interface RequestOptions {
  /** The API key; `null` sends no Authorization header. Default: the admin key. */
  key?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (with Content-Type: application/json unless headers say otherwise). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** The client address the request comes from. */
  remoteAddress?: string;
  /** Skip the OpenAPI check, for requests outside the document (unknown routes). */
  outsideContract?: boolean;
}

export interface TestApi {
  linkyard: LinkyardApp;
  /** The service's clock: set or advance it rather than wait (rate-limit windows, expiries). */
  clock: TestClock;
  /** Writes the clicks recorded so far, as the recorder's timer would about a second later. */
  flushClicks(): Promise<void>;
  /** Stops the service cleanly and starts it again on the same database (with these variables added). */
  restart(env?: Record<string, string>): Promise<void>;
  request<Body = any>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<Body>>;
  close(): Promise<void>;
}

/**
 * The API's streams (server-sent events): a request to one reads its answer up to the first event,
 * then closes it, so a test or the fuzzer is never held by a stream that does not end.
 */
const STREAMS = new Set(
  Object.entries(openApiDocument.paths as Record<string, { get?: { responses?: Record<string, { content?: object }> } }>)
    .filter(([, item]) => item.get?.responses?.['200']?.content && 'text/event-stream' in item.get.responses['200'].content)
    .map(([path]) => `/l/api${path}`),
);

/** The text of a stream up to its first event (a blank line), or all of it when it ends first. */
export function firstEvent(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      stream.destroy();
      resolve(text);
    };
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n\n')) done();
    });
    stream.on('end', done);
    stream.on('error', done);
  });
}

/**
 * Starts the real service in process on a database of its own (embedded, or Postgres when
 * DATABASE_URL is set) and sends requests to it without a socket. Every response is checked
 * against the OpenAPI document; a mismatch fails the test that made the request.
 */
export async function startApi(env: Record<string, string> = {}, options: CreateAppOptions = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const clicks = await clickStoreOfTest();
  const baseEnv = {
    LOG_LEVEL: 'silent',
    ADMIN_API_KEY: ADMIN_KEY,
    PUBLIC_URL,
    ...database.env,
    ...clicks.env,
    ...env,
  };
  if (clicks.connection) options = { ...options, clickhouseConnection: clicks.connection };
  let config = loadConfig(baseEnv);
  const clock = options.clock instanceof TestClock ? options.clock : new TestClock();
  const memory = (env.DATA_DIR ?? database.env.DATA_DIR) === 'memory://';
  if (env.DATA_DIR && !memory && !database.env.DATABASE_URL) seedFolder(env.DATA_DIR);
  options = { ...options, clock, ...(memory && database.seed ? { embeddedSeed: database.seed } : {}) };
  let linkyard = await createApp(config, options);

  return {
    get linkyard() {
      return linkyard;
    },
    clock,
    flushClicks: () => linkyard.app.get(ClickRecorder).flush(),
    async restart(added = {}) {
      await linkyard.close();
      config = loadConfig({ ...baseEnv, ...added });
      linkyard = await createApp(config, options);
    },
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? ADMIN_KEY : options.key;
      if (key !== null) headers.authorization ??= `Bearer ${key}`;
      let payload: string | Buffer | undefined;
      if (options.rawBody !== undefined) payload = options.rawBody;
      else if (options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined) headers['content-type'] ??= 'application/json';
      const stream = method === 'GET' && STREAMS.has(url.split('?')[0]!);
      // Through what the HTTP server does with a request: a cached redirect is answered before Fastify.
      const response = await inject(linkyard.handle, {
        method: method as 'GET',
        url,
        headers,
        payload,
        remoteAddress: options.remoteAddress,
        payloadAsStream: stream,
      });
      // An error answer ends by itself; a stream is read up to its first event.
      const text = stream ? await firstEvent(response.stream()) : response.body;
      // As a client that goes away: the service's side of the stream closes too.
      if (stream) response.raw.res.destroy();
      let body: unknown = undefined;
      if (String(response.headers['content-type'] ?? '').startsWith('application/json')) body = JSON.parse(text);
      const result = {
        status: response.statusCode,
        headers: response.headers as ApiResponse['headers'],
        body,
        text,
        raw: stream ? Buffer.from(text) : response.rawPayload,
      };
      if (!options.outsideContract) {
        const path = url.split('?')[0]!;
        const problems = contractProblems(method, path, result.status, result.headers, body);
        if (problems.length > 0) {
          throw new Error(`Response breaks the OpenAPI document:\n${problems.join('\n')}\nBody: ${text.slice(0, 500)}`);
        }
      }
      return result as ApiResponse;
    },
    async close() {
      await linkyard.close();
      await database.drop();
      await clicks.drop();
    },
  };
}

/**
 * The service for the enclosing describe block: started before its tests (beforeAll) on a
 * database of its own, stopped after them (afterAll). The object stands for the running service.
 */
export function useApi(env: Record<string, string> = {}, options: CreateAppOptions = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startApi(env, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const running = (): TestApi => {
    if (!started) throw new Error('useApi: the service is started in beforeAll');
    return started;
  };
  return {
    get linkyard() {
      return running().linkyard;
    },
    get clock() {
      return running().clock;
    },
    flushClicks: () => running().flushClicks(),
    request: (...args: Parameters<TestApi['request']>) => running().request(...args),
    restart: () => running().restart(),
    close: () => running().close(),
  };
}
