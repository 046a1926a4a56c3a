import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '@linkyard/spec';

export type { components, operations, paths } from '@linkyard/spec';

/** The rate-limit headers of a response. `reset` is a Unix time in seconds. */
export interface RateLimit {
  limit: number;
  remaining: number;
  reset: number;
}

/** Any answer of the API other than a success: its HTTP status, message and rate-limit headers. */
export class LinkyardError extends Error {
  override readonly name = 'LinkyardError';

  constructor(
    readonly status: number,
    message: string,
    readonly rateLimit: RateLimit | null,
    /** Seconds to wait before trying again (429 only). */
    readonly retryAfter: number | null,
    readonly body: unknown,
  ) {
    super(message);
  }
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
  /** A fetch of your own (tests, proxies); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The list endpoints and the key of their records. */
const LIST_KEYS = {
  '/domains': 'domains',
  '/urls': 'urls',
  '/campaigns': 'campaigns',
  '/channels': 'channels',
  '/channel/{id}': 'items',
  '/pixels': 'pixels',
  '/qr': 'qrs',
  '/overlay': 'cta',
  '/splash': 'splash',
} as const;

export type ListPath = keyof typeof LIST_KEYS;
type ListData<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json']['data'];
export type ListItem<P extends ListPath> = ListData<P>[(typeof LIST_KEYS)[P] & keyof ListData<P>] extends (infer Item)[] ? Item : never;
type ListQuery<P extends ListPath> = Omit<NonNullable<NonNullable<paths[P]['get']['parameters']['query']>>, 'page'>;
export type ListOptions<P extends ListPath> = (P extends '/channel/{id}' ? { path: { id: number } } : { path?: never }) & {
  query?: ListQuery<P>;
};

export interface LinkyardClient extends Client<paths> {
  /** Every record of a list, page after page (`limit` in `query` sets the page size). */
  paginate<P extends ListPath>(
    path: P,
    ...options: P extends '/channel/{id}' ? [ListOptions<P>] : [ListOptions<P>?]
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A client for the Linkyard API, typed from its OpenAPI document: `client.GET('/account')`,
 * `client.POST('/url/add', { body })`, `client.PUT('/domain/{id}/update', { params: { path: { id } }, body })`.
 * A success resolves with `{ data }`; anything else throws a LinkyardError.
 */
export function createLinkyardClient(options: LinkyardClientOptions): LinkyardClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/(\/l\/api)?$/, '/l/api');
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const retries = options.retry === false ? 0 : (options.retry?.retries ?? 2);
  const maxWait = options.retry === false ? 0 : (options.retry?.maxWaitSeconds ?? 60);
  let rateLimit: RateLimit | null = null;

  const fetchWithRetry = async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await send(request.clone());
      rateLimit = readRateLimit(response.headers) ?? rateLimit;
      const wait = Number(response.headers.get('retry-after'));
      if (response.status !== 429 || attempt >= retries || !(wait >= 0) || wait > maxWait) return response;
      await sleep(wait * 1000);
    }
  };

  const errors: Middleware = {
    async onResponse({ response }) {
      if (response.ok) return undefined;
      let body: unknown = null;
      try {
        body = await response.clone().json();
      } catch {
        body = null;
      }
      const message =
        body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : `HTTP ${response.status}`;
      const retryAfter = response.headers.get('retry-after');
      throw new LinkyardError(
        response.status,
        message,
        readRateLimit(response.headers),
        retryAfter === null ? null : Number(retryAfter),
        body,
      );
    },
  };

  if (options.apiKey === undefined && options.session === undefined) throw new TypeError('Give the client an apiKey, or session mode.');
  const client = createClient<paths>({
    baseUrl,
    fetch: fetchWithRetry,
    ...(options.apiKey !== undefined
      ? { headers: { Authorization: `Bearer ${options.apiKey}` } }
      : { credentials: 'same-origin' as const }),
  });
  const session = options.session;
  if (session && options.apiKey === undefined) {
    client.use({
      onRequest({ request }) {
        const csrf = session.csrf();
        if (request.method !== 'GET' && request.method !== 'HEAD' && csrf) request.headers.set('X-Linkyard-Csrf', csrf);
        return request;
      },
    });
  }
  client.use(errors);

  async function* paginate<P extends ListPath>(path: P, listOptions?: ListOptions<P>): AsyncGenerator<ListItem<P>> {
    const key = LIST_KEYS[path];
    for (let page = 1; ; page += 1) {
      const init = { params: { path: listOptions?.path, query: { ...listOptions?.query, page } } };
      // The paths differ in their parameters; each call is typed by its own path above.
      const { data } = await (client.GET as (path: string, init: unknown) => Promise<{ data?: { data: Record<string, unknown> } }>)(
        path,
        init,
      );
      const listData = data!.data;
      const records = listData[key] as ListItem<P>[];
      yield* records;
      if (records.length === 0 || (listData.currentpage as number) >= (listData.maxpage as number)) return;
    }
  }

  return Object.defineProperties(client, {
    paginate: { value: paginate },
    rateLimit: { get: () => rateLimit },
  }) as LinkyardClient;
}
