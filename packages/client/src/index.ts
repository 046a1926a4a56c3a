import createClient, { type Client, type FetchOptions, type FetchResponse, type ParseAs } from 'openapi-fetch';
import type { components, paths } from '@linkyard/spec';

export type { components, operations, paths } from '@linkyard/spec';

/** The rate-limit headers of a response. `reset` is a Unix time in seconds. */
export interface RateLimit {
  limit: number;
  remaining: number;
  reset: number;
}

/** The error envelope of the API: `{"error": 1, "message": "..."}`. */
/** The error envelope; a bulk edit refused link by link also carries `data` (LinkBulkEditRefused). */
export type ErrorBody = components['schemas']['Error'] & { data?: unknown };

/**
 * What went wrong:
 * - `http`: the service answered with an error status (`status`, `body`, `message`);
 * - `network`: no answer came (connection refused or reset, DNS failure, a body cut short);
 * - `response`: the service answered a success the client cannot read (no body, not JSON).
 */
export type LinkyardErrorKind = 'http' | 'network' | 'response';

export interface LinkyardErrorInit {
  kind: LinkyardErrorKind;
  message: string;
  status?: number | null;
  body?: ErrorBody | null;
  rateLimit?: RateLimit | null;
  retryAfter?: number | null;
  cause?: unknown;
}

/** `Invalid field "custom": ...`: the service names the request field at fault this way. */
const FIELD_MESSAGE = /^Invalid field "([^"]+)"/;

/** Every failure of a call: an error status, no answer at all, or an answer that cannot be read. */
export class LinkyardError extends Error {
  override readonly name = 'LinkyardError';
  readonly kind: LinkyardErrorKind;
  /** The HTTP status, when the service answered; null for `network`. */
  readonly status: number | null;
  /** The error envelope the service answered, when it answered one (not, say, a proxy's HTML page). */
  readonly body: ErrorBody | null;
  /** The request field the service found at fault (`custom`, `geotarget.0.location`), else null. */
  readonly field: string | null;
  readonly rateLimit: RateLimit | null;
  /** Seconds to wait before trying again (429 and 503). */
  readonly retryAfter: number | null;

  constructor(init: LinkyardErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.body = init.body ?? null;
    this.field = this.body ? (FIELD_MESSAGE.exec(this.body.message)?.[1] ?? null) : null;
    this.rateLimit = init.rateLimit ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/** Told before the client waits on a 429 to send a request again. */
export interface RateLimitWait {
  /** How long it is about to wait. */
  seconds: number;
  /** 1 for the first retry of this request. */
  attempt: number;
  /** The most retries it will make for this request. */
  retries: number;
  method: string;
  /** The request's URL (the key is never in it). */
  url: string;
  rateLimit: RateLimit | null;
}

export interface LinkyardClientOptions {
  /** The service's address (`https://links.example.com`) or its API base (`.../l/api`). */
  baseUrl: string;
  /** The account's API key. Leave it out in session mode (`session`). */
  apiKey?: string;
  /**
   * Session mode, for a page served by the service itself (the dashboard): no key is sent; the
   * browser sends the session cookie (`credentials: 'same-origin'`), and every request that is not
   * a GET or HEAD carries the session's proof in `X-Linkyard-Csrf`, as `csrf()` answers it (the
   * `csrf` of `POST /session` or `GET /session`; null before signing in).
   */
  session?: { csrf: () => string | null };
  /**
   * On 429, wait for `Retry-After` and send the request again, up to `retries` times and never
   * waiting longer than `maxWaitSeconds` at once. `false` turns it off. Default: 2 retries, 60 s.
   */
  retry?: false | { retries?: number; maxWaitSeconds?: number };
  /**
   * The workspace the calls act in (its id, or a function answering it; null: the person's own), sent
   * as `X-Linkyard-Workspace`. A workspace key acts in its own workspace and needs none.
   */
  workspace?: number | null | (() => number | null);
  /** Called before each wait on a 429, so that a program can say why it is waiting. */
  onRateLimitWait?: (wait: RateLimitWait) => void;
  /** A fetch of your own (tests, proxies); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

type Method = 'get' | 'put' | 'post' | 'delete';
/** The paths that have an operation for this method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P][M];
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * The options of a call: `params` (`path`, `query`), `body`, `parseAs`, `headers`, `signal`...
 * A field the operation does not have, in the body or the parameters, is a compile error.
 */
export type CallOptions<P extends keyof paths, M extends Method, A extends ParseAs = 'json'> = FetchOptions<Operation<P, M>> & {
  parseAs?: A;
};
type CallArguments<P extends keyof paths, M extends Method, A extends ParseAs> =
  RequiredKeys<FetchOptions<Operation<P, M>>> extends never ? [options?: CallOptions<P, M, A>] : [options: CallOptions<P, M, A>];

/** The body of a success: the JSON document, or the text, bytes or stream `parseAs` asks for. */
export type SuccessData<P extends keyof paths, M extends Method, A extends ParseAs = 'json'> = NonNullable<
  FetchResponse<Extract<Operation<P, M>, Record<string, unknown>>, { parseAs: A }, `${string}/${string}`>['data']
>;

/** A call that succeeded. Anything else throws a LinkyardError, so `data` is always there. */
export interface Success<T> {
  data: T;
  response: Response;
}

type Call<M extends Method> = <P extends PathsWith<M>, A extends ParseAs = 'json'>(
  path: P,
  ...options: CallArguments<P, M, A>
) => Promise<Success<SuccessData<P, M, A>>>;

/** The list endpoints and the key of their records. */
const LIST_KEYS = {
  '/domains': 'domains',
  '/urls': 'urls',
  '/tags': 'tags',
  '/campaigns': 'campaigns',
  '/channels': 'channels',
  '/channel/{id}': 'items',
  '/pixels': 'pixels',
  '/reports': 'reports',
  '/qr': 'qrs',
  '/bio': 'bio',
  '/overlay': 'cta',
  '/splash': 'splash',
  '/webhooks': 'webhooks',
  '/webhook/{id}/deliveries': 'deliveries',
  '/workspaces': 'workspaces',
  '/workspace/{id}/members': 'members',
  '/workspace/{id}/invitations': 'invitations',
  '/workspace/{id}/keys': 'keys',
  '/workspace/{id}/audit': 'entries',
} as const;

export type ListPath = keyof typeof LIST_KEYS;
type ListData<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json']['data'];
export type ListItem<P extends ListPath> = ListData<P>[(typeof LIST_KEYS)[P] & keyof ListData<P>] extends (infer Item)[] ? Item : never;
type ListQuery<P extends ListPath> = Omit<NonNullable<NonNullable<paths[P]['get']['parameters']['query']>>, 'page'>;
type PathOf<P extends ListPath> = paths[P]['get']['parameters']['path'];
export type ListOptions<P extends ListPath> = (PathOf<P> extends Record<string, unknown> ? { path: PathOf<P> } : { path?: never }) & {
  query?: ListQuery<P>;
  /** Told after each page is read: `page` of `pages` (the total as the service last counted it). */
  onPage?: (progress: { page: number; pages: number; records: number }) => void;
};

export interface LinkyardClient {
  /** `GET path`: `client.GET('/url/{id}', { params: { path: { id } } })`. */
  GET: Call<'get'>;
  /** `POST path`: `client.POST('/url/add', { body: { url } })`. */
  POST: Call<'post'>;
  /** `PUT path`: `client.PUT('/url/{id}/update', { params: { path: { id } }, body })`. */
  PUT: Call<'put'>;
  /** `DELETE path`: `client.DELETE('/url/{id}/delete', { params: { path: { id } } })`. */
  DELETE: Call<'delete'>;
  /** Every record of a list, page after page (`limit` in `query` sets the page size). */
  paginate<P extends ListPath>(
    path: P,
    ...options: PathOf<P> extends Record<string, unknown> ? [ListOptions<P>] : [ListOptions<P>?]
  ): AsyncGenerator<ListItem<P>>;
  /** The rate-limit headers of the last response that carried them. */
  readonly rateLimit: RateLimit | null;
}

function readRateLimit(headers: Headers): RateLimit | null {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  return limit && remaining && reset ? { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) } : null;
}

function readRetryAfter(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/** A wait that ends early, with the signal's reason, when the request is aborted. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Errors are told apart by name, not `instanceof`: fetch's come from the runtime's own realm,
 * which is not the program's under a test runner's sandbox or in some bundlers.
 */
interface ErrorLike {
  name: string;
  message: string;
  cause?: unknown;
  code?: unknown;
}
const isErrorLike = (error: unknown): error is ErrorLike =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as ErrorLike).name === 'string' &&
  typeof (error as ErrorLike).message === 'string';
const isNamed = (error: unknown, ...names: string[]): boolean => isErrorLike(error) && names.includes(error.name);
const isAbort = (error: unknown): boolean => isNamed(error, 'AbortError', 'TimeoutError');

/** The system error behind a failed fetch (`ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9`), else its message. */
function networkReason(error: unknown): string {
  const cause = isErrorLike(error) ? error.cause : undefined;
  if (isErrorLike(cause)) {
    const code = cause.code;
    return typeof code === 'string' && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
  }
  return isErrorLike(error) ? error.message : String(error);
}

async function errorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && (body as ErrorBody).error === 1 && typeof (body as ErrorBody).message === 'string') {
      const { message, data } = body as ErrorBody;
      return data === undefined ? { error: 1, message } : { error: 1, message, data };
    }
  } catch {
    // Not JSON: a proxy's page, say. The status tells what there is to tell.
  }
  return null;
}

/**
 * A client for the Linkyard API, typed from its OpenAPI document: `client.GET('/account')`,
 * `client.POST('/url/add', { body })`, `client.PUT('/domain/{id}/update', { params: { path: { id } }, body })`.
 * A success resolves with `{ data, response }`; anything else throws a LinkyardError.
 */
export function createLinkyardClient(options: LinkyardClientOptions): LinkyardClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/(\/l\/api)?$/, '/l/api');
  const origin = baseUrl.replace(/\/l\/api$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const retries = options.retry === false ? 0 : (options.retry?.retries ?? 2);
  const maxWait = options.retry === false ? 0 : (options.retry?.maxWaitSeconds ?? 60);
  let rateLimit: RateLimit | null = null;
  if (options.apiKey === undefined && options.session === undefined) throw new TypeError('Give the client an apiKey, or session mode.');
  const session = options.apiKey === undefined ? options.session : undefined;

  const fetchWithRetry = async (request: Request): Promise<Response> => {
    const csrf = session?.csrf();
    if (csrf && request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('X-Linkyard-Csrf', csrf);
    const workspace = typeof options.workspace === 'function' ? options.workspace() : options.workspace;
    if (workspace != null && !request.headers.has('X-Linkyard-Workspace')) request.headers.set('X-Linkyard-Workspace', String(workspace));
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await send(request.clone());
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new LinkyardError({ kind: 'network', message: `cannot reach ${origin} (${networkReason(error)})`, cause: error });
      }
      rateLimit = readRateLimit(response.headers) ?? rateLimit;
      const wait = readRetryAfter(response.headers);
      if (response.status === 429 && wait !== null && attempt < retries && wait <= maxWait) {
        await response.body?.cancel().catch(() => undefined);
        options.onRateLimitWait?.({ seconds: wait, attempt: attempt + 1, retries, method: request.method, url: request.url, rateLimit });
        await sleep(wait * 1000, request.signal);
        continue;
      }
      if (response.ok) return response;
      const body = await errorBody(response);
      throw new LinkyardError({
        kind: 'http',
        status: response.status,
        message: body?.message ?? `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        body,
        rateLimit: readRateLimit(response.headers),
        retryAfter: wait,
      });
    }
  };

  const raw: Client<paths> = createClient<paths>({
    baseUrl,
    fetch: fetchWithRetry,
    ...(options.apiKey !== undefined
      ? { headers: { Authorization: `Bearer ${options.apiKey}` } }
      : { credentials: 'same-origin' as const }),
  });

  /** One call through openapi-fetch, whatever fails turned into a LinkyardError. */
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    async (path: string, init?: Record<string, unknown>): Promise<Success<unknown>> => {
      let result: { data?: unknown; response: Response };
      try {
        result = await (raw[method] as (path: string, init?: unknown) => Promise<{ data?: unknown; response: Response }>)(path, init);
      } catch (error) {
        if (error instanceof LinkyardError || isAbort(error)) throw error;
        if (isNamed(error, 'SyntaxError')) {
          throw new LinkyardError({
            kind: 'response',
            message: `the service answered ${method} ${path} with a body that is not JSON`,
            cause: error,
          });
        }
        // A connection that broke while the body was read.
        if (isNamed(error, 'TypeError')) {
          throw new LinkyardError({ kind: 'network', message: `lost the connection to ${origin} (${networkReason(error)})`, cause: error });
        }
        throw error;
      }
      if (result.data === undefined || result.data === null) {
        throw new LinkyardError({
          kind: 'response',
          status: result.response.status,
          message: `the service answered ${method} ${path} without a body`,
        });
      }
      return { data: result.data, response: result.response };
    };

  async function* paginate<P extends ListPath>(path: P, listOptions?: ListOptions<P>): AsyncGenerator<ListItem<P>> {
    const key = LIST_KEYS[path];
    const get = call('GET');
    for (let page = 1; ; page += 1) {
      const { data } = await get(path, { params: { path: listOptions?.path, query: { ...listOptions?.query, page } } });
      // The paths differ in their shapes; each is typed by its own path in the signature.
      const listData = (data as { data: Record<string, unknown> }).data;
      const records = listData[key] as ListItem<P>[];
      listOptions?.onPage?.({ page, pages: listData.maxpage as number, records: records.length });
      yield* records;
      if (records.length === 0 || (listData.currentpage as number) >= (listData.maxpage as number)) return;
    }
  }

  const client = { GET: call('GET'), POST: call('POST'), PUT: call('PUT'), DELETE: call('DELETE'), paginate };
  return Object.defineProperty(client, 'rateLimit', { get: () => rateLimit, enumerable: true }) as unknown as LinkyardClient;
}
