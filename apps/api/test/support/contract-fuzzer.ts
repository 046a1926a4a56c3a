import fc, { type Arbitrary } from 'fast-check';
import { servableUrl } from '../../src/common/urls';
import { TINY_PNG } from './images';
import { contractProblems } from './contract';
import { CANARY, SchemaArbitraries, hostileText, type Document } from './schema-arbitrary';
import { ANDROID, FIREFOX, GOOGLEBOT, IPHONE, UK, US } from './visitors';

/**
 * Drives every API operation of the OpenAPI document with values made from its own schemas, then
 * every public route the stored values reach, and checks each answer against what must always
 * hold. Used by the seeded run in `pnpm test` (in process) and by `pnpm fuzz` (the built service
 * over loopback, for as long as asked).
 */

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

export interface FuzzRequest {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The visitor's address; loopback targets pass it as X-Forwarded-For to a service trusting one proxy. */
  remoteAddress?: string;
}

export interface FuzzTarget {
  request(method: string, path: string, options: FuzzRequest): Promise<FuzzResponse>;
}

interface Operation {
  operationId: string;
  method: string;
  template: string;
  parameters: Record<string, unknown>[];
  body: Record<string, unknown> | null;
}

export interface Action {
  operationId: string;
  mode: 'valid' | 'hostile' | 'raw' | 'abuse';
  /** A choice for every path parameter: a known id (by index) or a hostile value. */
  path: ({ pick: number } | { hostile: string })[];
  query: Record<string, string>;
  body: unknown;
}

/** The shapes of the abuse mode's bodies: each as large as asked, made when sent. */
const ABUSE_SHAPES = ['deep', 'entries', 'fields', 'values', 'string', 'cells'] as const;
type AbuseShape = (typeof ABUSE_SHAPES)[number];

/** An abuse action's body: which shape, how many bytes, sent by whom. */
interface Abuse {
  shape: AbuseShape;
  bytes: number;
  caller: 'key' | 'none' | 'wrong key';
}

const KIB = 1024;
const ABUSE_SIZES = [64 * KIB, 1024 * KIB - 64, 8192 * KIB - 64];

/** A hostile body of about `bytes`: nesting, entries, fields, values, one long string, or CSV cells. */
export function abuseBody(shape: AbuseShape, bytes: number): string {
  const half = Math.floor(bytes / 2) - 8;
  switch (shape) {
    case 'deep':
      return '{"urls":' + '['.repeat(half) + ']'.repeat(half) + '}';
    case 'entries':
      return '{"urls":[' + '{},'.repeat(Math.floor(bytes / 3) - 5) + '{}]}';
    case 'fields':
      return '{' + Array.from({ length: Math.floor(bytes / 12) }, (_, index) => `"k${index}":1`).join(',') + '}';
    case 'values':
      return '{"urls":[' + Array.from({ length: Math.floor(bytes / 4096) }, () => '[' + '0,'.repeat(2000) + '0]').join(',') + ']}';
    case 'string':
      return '{"url":"https://example.com/' + 'a'.repeat(bytes - 40) + '"}';
    case 'cells':
      return ','.repeat(bytes);
  }
}

/** A failed oracle: what was sent and what came back. */
export class FuzzFailure extends Error {
  constructor(
    readonly problems: string[],
    readonly sent: string,
    readonly response: FuzzResponse,
  ) {
    super(`${problems.join('\n')}\nSent: ${sent.slice(0, 2000)}\nStatus: ${response.status}\nBody: ${response.text.slice(0, 1000)}`);
    this.name = 'FuzzFailure';
  }
}

const ADMIN_OPERATIONS = new Set([
  'listUsers',
  'getUser',
  'addUser',
  'updateUser',
  'deleteUser',
  'rotateUserApiKey',
  'listPlans',
  'subscribeUser',
]);
const AGENTS = [FIREFOX, IPHONE, ANDROID, GOOGLEBOT, `Mozilla/5.0 ${'x'.repeat(3000)}`];
const ADDRESSES = [UK, US, '2001:4860:4860::8888', '203.0.113.9'];
const LANGUAGES = ['fr', 'de;q=0.5, fr-FR', 'ja', '*', 'xx-YY, ' + 'en,'.repeat(500)];

/** Which pool a path parameter's id comes from, by the operation's path. */
function poolOf(template: string, name: string): string {
  if (name === 'linkid' || (name === 'id' && template.startsWith('/url/'))) return 'link';
  if (name === 'campaignid' || (name === 'id' && template.startsWith('/campaign/'))) return 'campaign';
  if (name === 'channelid' || (name === 'id' && template.startsWith('/channel/'))) return 'channel';
  if (name === 'userid' || (name === 'id' && template.startsWith('/user/'))) return 'user';
  if (name === 'planid') return 'plan';
  if (name === 'blockid') return 'block';
  if (name === 'itemid') return 'item';
  if (name === 'type') return 'type';
  return template.split('/')[1]!.replace(/s$/, '');
}

/** The pool a successful create adds to. */
const CREATES: Record<string, string> = {
  addUrl: 'link',
  addDomain: 'domain',
  addCampaign: 'campaign',
  addChannel: 'channel',
  addPixel: 'pixel',
  addQr: 'qr',
  addOverlay: 'overlay',
  addSplash: 'splash',
  addBioPage: 'bio',
};

/** The operations whose body is a bio page's (a creation, a change, and their previews). */
const BIO_BODIES = new Set(['addBioPage', 'updateBioPage', 'previewNewBioPage', 'previewBioPage']);

/** A picture the service accepts as an upload: a bio page body's generated text is replaced by it now and then. */
const UPLOAD = TINY_PNG.toString('base64');
/** Players the service embeds, for a generated embed block's URL now and then. */
const EMBEDS = [
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'https://vimeo.com/76979871',
  'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
];

export class ContractFuzzer {
  private readonly schemas: SchemaArbitraries;
  private readonly operations: Operation[];
  private readonly pools = new Map<string, number[]>([['plan', [1, 2]]]);
  private userKey = '';
  /** The fuzzing account's password as it stands (it changes when a change of it goes through). */
  private password = 'fuzzing passphrase';
  /** The fuzzing account's dashboard session: one request in three is sent with it instead of the key. */
  private session: { cookie: string; csrf: string } | null = null;
  private readonly domains: string[] = [];
  requests = 0;
  /** Actions run, by mode. */
  readonly modes = new Map<Action['mode'], number>();

  /**
   * @param logoUrls Where generated QR logos may be fetched from: loopback addresses of the
   *   test's own server. Every other http(s) logo is bound to one of them, so fuzzing never makes
   *   the service fetch from anywhere else.
   */
  constructor(
    private readonly target: FuzzTarget,
    private readonly document: Document & { paths: Record<string, Record<string, unknown>> },
    private readonly adminKey: string,
    private readonly logoUrls: string[],
  ) {
    this.schemas = new SchemaArbitraries(document);
    this.operations = [];
    for (const [template, item] of Object.entries(document.paths)) {
      if (item.servers) continue; // public routes: visited from stored values instead
      for (const method of ['get', 'post', 'put', 'delete']) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        const content = (operation.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> } | undefined)?.content;
        this.operations.push({
          operationId: operation.operationId as string,
          method: method.toUpperCase(),
          template,
          parameters: ((operation.parameters as Record<string, unknown>[] | undefined) ?? []).map((parameter) =>
            this.schemas.resolve(parameter),
          ),
          body: content?.['application/json']?.schema ?? null,
        });
      }
    }
  }

  /** An account of its own with a limit the fuzzing does not reach. */
  async setup(): Promise<void> {
    const suffix = `${process.pid}${Date.now() % 1_000_000}`;
    const created = await this.send('POST', '/l/api/user/add', {
      key: this.adminKey,
      body: { username: `fuzz_${suffix}`, email: `fuzz.${suffix}@example.com`, password: this.password, ratelimit: 100000 },
    });
    this.userKey = (created.body as { data: { apikey: string } }).data.apikey;
    await this.signIn();
  }

  /** A session of the fuzzing account, started with its key (again after a sign-out or a password change ended it). */
  private async signIn(): Promise<void> {
    const started = await this.send('POST', '/l/api/session', { key: null, body: { apikey: this.userKey } });
    const cookie = String(started.headers['set-cookie'] ?? '').split(';', 1)[0]!;
    const csrf = (started.body as { data?: { csrf?: string } }).data?.csrf;
    this.session = started.status === 200 && csrf ? { cookie, csrf } : null;
  }

  /** Actions for the API operations, from the document's schemas. */
  actions(): Arbitrary<Action> {
    return fc.constantFrom(...this.operations).chain((operation) => {
      const pathNames = [...operation.template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const path = fc.tuple(
        ...pathNames.map(() =>
          fc.oneof(
            { weight: 6, arbitrary: fc.nat({ max: 50 }).map((pick) => ({ pick })) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom('0', '-1', '99999999999', '1.5', '0x10', '%F0%9F%98%80', '%00', 'links', 'bio', "1'--", '%2e%2e')
                .map((hostile) => ({ hostile })),
            },
          ),
        ),
      );
      const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
      const query = fc.record(
        Object.fromEntries(
          queryParameters.map((parameter) => [
            parameter.name as string,
            fc.oneof(
              this.schemas.valid((parameter.schema as Record<string, unknown>) ?? {}).map((value) => String(value)),
              hostileText(0, 30),
              fc.constantFrom('', '-5', '1e9', '99999999999999999999', 'null', '[]'),
            ),
          ]),
        ),
        { requiredKeys: [] },
      ) as Arbitrary<Record<string, string>>;
      const body = operation.body
        ? fc.oneof(
            { weight: 5, arbitrary: fc.tuple(fc.constant('valid' as const), this.schemas.valid(operation.body)) },
            { weight: 2, arbitrary: fc.tuple(fc.constant('hostile' as const), this.schemas.hostile(operation.body)) },
            {
              weight: 1,
              arbitrary: fc.tuple(
                fc.constant('raw' as const),
                fc.constantFrom(
                  '{',
                  '[]',
                  '"x"',
                  '{"a":1,"a":2}',
                  '{"__proto__":{"admin":true}}',
                  '{"url":"\\ud800"}',
                  '\u0000',
                  'x'.repeat(2000),
                ),
              ),
            },
            { weight: 1, arbitrary: fc.tuple(fc.constant('abuse' as const), this.abuse()) },
          )
        : ['POST', 'PUT'].includes(operation.method)
          ? fc.oneof(
              { weight: 6, arbitrary: fc.constant(['valid' as const, undefined]) },
              { weight: 1, arbitrary: fc.tuple(fc.constant('abuse' as const), this.abuse()) },
            )
          : fc.constant(['valid' as const, undefined]);
      return fc.tuple(path, query, body).map(([pathChoices, queryValues, [mode, bodyValue]]) => ({
        operationId: operation.operationId,
        mode,
        path: pathChoices,
        query: queryValues,
        body: bodyValue,
      }));
    });
  }

  /** An abuse body's recipe (made when sent: a shrinking run never holds megabytes of them). */
  private abuse(): Arbitrary<Abuse> {
    return fc.record({
      shape: fc.constantFrom(...ABUSE_SHAPES),
      bytes: fc.constantFrom(...ABUSE_SIZES),
      caller: fc.constantFrom('key' as const, 'none' as const, 'wrong key' as const),
    });
  }

  /**
   * A base of every resource, from generated bodies (tried until each kind has a few), so the
   * random actions and the public routes have records to work on.
   */
  async seed(seed: number): Promise<void> {
    const order = [
      'addDomain',
      'addCampaign',
      'addChannel',
      'addPixel',
      'addSplash',
      'addOverlay',
      'addQr',
      'addUrl',
      'addUrl',
      'addUrl',
      'addBioPage',
      'addBioPage',
    ];
    const sampled = fc.sample(
      this.actions().filter((action) => action.mode === 'valid' && order.includes(action.operationId)),
      { seed, numRuns: 600 },
    );
    for (const operationId of order) {
      const pool = CREATES[operationId]!;
      const before = this.pools.get(pool)?.length ?? 0;
      for (const action of sampled.filter((candidate) => candidate.operationId === operationId).slice(0, 40)) {
        await this.run(action);
        if ((this.pools.get(pool)?.length ?? 0) >= before + 3) break;
      }
    }
    // A bio page with a block of every type and markup in its text, so every kind of block is
    // rendered and followed on the public side, whatever the generated pages held.
    const markup = `<${CANARY}>"'&`;
    const page = await this.send('POST', '/l/api/bio/add', {
      key: this.userKey,
      body: {
        name: markup,
        title: markup,
        description: `${markup}\n${markup}`,
        avatar: UPLOAD,
        seo: { title: markup, description: markup, image: UPLOAD },
        pixels: (this.pools.get('pixel') ?? []).slice(0, 1),
        blocks: [
          { type: 'link', title: markup, url: 'https://example.com/?q=<x>', icon: 'star' },
          { type: 'heading', text: markup },
          { type: 'text', text: `${markup}\n${markup}` },
          { type: 'image', image: UPLOAD, alt: markup },
          {
            type: 'social',
            links: [
              { network: 'x', url: 'https://x.example/"><x-canary>' },
              { network: 'github', url: 'https://github.example/a' },
            ],
          },
          { type: 'embed', url: EMBEDS[0] },
          { type: 'contact', title: markup, email: "o'brien@example.com", subject: markup },
        ],
      },
    });
    const answer = page.body as { id?: number; details?: { blocks: { id: number }[] } };
    if (page.status === 200 && answer.id && answer.details) {
      this.remember('bio', answer.id);
      for (const block of answer.details.blocks) this.remember('block', block.id);
    }
  }

  /** Numbers and names in a generated body that must name records of the account: bound to ones this run made. */
  private bind(body: unknown, operationId: string): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const bound: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    if (typeof bound.logo === 'string') bound.logo = this.loopbackLogo(bound.logo);
    // An uploaded QR logo is now and then a real picture (generated text is never one).
    if (typeof bound.logoFile === 'string' && bound.logoFile.length % 2 === 0) bound.logoFile = UPLOAD;
    const pick = (pool: string, value: unknown) => {
      const ids = this.pools.get(pool) ?? [];
      return typeof value === 'number' && value > 0 && ids.length ? ids[value % ids.length] : value;
    };
    // A sign-in with a key uses the account's own (a generated one is only ever refused).
    if (typeof bound.apikey === 'string' && bound.login === undefined) bound.apikey = this.userKey;
    // A change of the account's e-mail or password proves its current password, one time in two
    // (a generated one is only ever wrong: a 403, and past five a day, the gap's 429).
    if (operationId === 'updateAccount' && this.requests % 2 === 0) bound.currentpassword = this.password;
    if ('campaign' in bound) bound.campaign = pick('campaign', bound.campaign);
    if ('channel' in bound) bound.channel = pick('channel', bound.channel);
    if (Array.isArray(bound.pixels)) bound.pixels = bound.pixels.map((value) => pick('pixel', value));
    if (typeof bound.type === 'string' && /^\d+$/.test(bound.type)) bound.type = String(pick('splash', Number(bound.type)));
    if (typeof bound.type === 'string' && /^overlay-\d+$/.test(bound.type))
      bound.type = `overlay-${String(pick('overlay', Number(bound.type.slice(8))))}`;
    const bio = BIO_BODIES.has(operationId);
    if (typeof bound.domain === 'string' && ('url' in bound || bio) && this.domains.length && bound.domain !== '') {
      bound.domain = this.domains[bound.domain.length % this.domains.length];
    }
    if (bio) return this.bindBio(bound, operationId === 'addBioPage' || operationId === 'previewNewBioPage');
    return bound;
  }

  /**
   * A bio page body: its uploads are now and then a real picture (generated text is never one),
   * its embeds now and then a player's address, its blocks' ids are the ids of blocks this run
   * made (none on a creation, where an id is always refused), and in one body of two the control
   * and direction characters its text may not hold are taken out (the markup stays), so that
   * pages with blocks are made and their public pages visited.
   */
  private bindBio(input: Record<string, unknown>, creation: boolean): Record<string, unknown> {
    const body = this.requests % 2 === 0 ? (plainText(input) as Record<string, unknown>) : input;
    const picture = (value: unknown) => (typeof value === 'string' && value.length % 2 === 0 ? UPLOAD : value);
    if ('avatar' in body && body.avatar !== '') body.avatar = picture(body.avatar);
    if (body.seo && typeof body.seo === 'object' && 'image' in body.seo) {
      const seo = body.seo as Record<string, unknown>;
      if (seo.image !== '') body.seo = { ...seo, image: picture(seo.image) };
    }
    if (Array.isArray(body.blocks)) {
      const blocks = this.pools.get('block') ?? [];
      body.blocks = body.blocks.map((item: unknown) => {
        if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
        const block = { ...(item as Record<string, unknown>) };
        if (creation) delete block.id;
        else if (typeof block.id === 'number' && blocks.length) block.id = blocks[block.id % blocks.length];
        if (block.type === 'image' && 'image' in block) block.image = picture(block.image);
        if (block.type === 'embed' && typeof block.url === 'string' && block.url.length % 2 === 0) {
          block.url = EMBEDS[block.url.length % EMBEDS.length];
        }
        return block;
      });
    }
    return body;
  }

  /** Sends one action and checks the answer; remembers what it created. */
  async run(action: Action): Promise<void> {
    this.modes.set(action.mode, (this.modes.get(action.mode) ?? 0) + 1);
    const operation = this.operations.find((candidate) => candidate.operationId === action.operationId)!;
    let index = 0;
    const path = operation.template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const choice = action.path[index++]!;
      if ('hostile' in choice) return choice.hostile;
      const pool = poolOf(operation.template, name);
      if (pool === 'type') return ['links', 'qr', 'bio'][choice.pick % 3]!;
      const ids =
        pool === 'item'
          ? [...(this.pools.get('link') ?? []), ...(this.pools.get('bio') ?? []), ...(this.pools.get('qr') ?? [])]
          : (this.pools.get(pool) ?? []);
      // With none made yet, an id no record has (never the admin's or the fuzzing account's own).
      return String(ids.length ? ids[choice.pick % ids.length] : 2_000_000_000 + choice.pick);
    });
    const query = new URLSearchParams(action.query).toString();
    const url = `/l/api${path}${query ? `?${query}` : ''}`;
    const admin = ADMIN_OPERATIONS.has(operation.operationId);
    if (action.mode === 'abuse') {
      // Large hostile bodies, with the key, without one and with a wrong one: never a 5xx, and
      // (the oracle) an answer the document allows.
      const key = admin ? this.adminKey : this.userKey;
      const abuse = action.body as Abuse;
      const caller = abuse.caller === 'key' ? key : abuse.caller === 'none' ? null : 'lyk_not-a-key-of-anyone-0123456789';
      await this.send(operation.method, url, { key: caller, rawBody: abuseBody(abuse.shape, abuse.bytes) });
      return;
    }
    // One request in three goes as the dashboard sends it: the session cookie and its proof.
    const session = !admin && this.requests % 3 === 0 ? this.session : null;
    const key = session ? null : admin ? this.adminKey : this.userKey;
    const headers = session ? { cookie: session.cookie, 'x-linkyard-csrf': session.csrf, 'sec-fetch-site': 'same-origin' } : undefined;
    const body = action.mode === 'valid' ? this.bind(action.body, operation.operationId) : this.withLoopbackLogo(action.body);
    const options: FuzzRequest =
      action.mode === 'raw' ? { key, headers, rawBody: String(body) } : body === undefined ? { key, headers } : { key, headers, body };
    const response = await this.send(operation.method, url, options);
    if (session && response.status === 401) await this.signIn();
    if (session && operation.operationId === 'endSession' && response.status === 200) await this.signIn();
    if (response.status !== 200) return;
    const pool = CREATES[operation.operationId];
    const answer = response.body as Record<string, unknown>;
    if (pool && typeof answer.id === 'number') this.remember(pool, answer.id);
    if (operation.operationId === 'addDomain') this.domains.push((body as { domain: string }).domain);
    if (operation.operationId === 'addUser') this.remember('user', (answer.data as { id: number }).id);
    if (operation.operationId === 'addBioPage' || operation.operationId === 'updateBioPage') {
      for (const block of (answer.details as { blocks: { id: number }[] }).blocks) this.remember('block', block.id);
    }
    if (operation.operationId === 'rotateAccountApiKey') this.userKey = answer.apikey as string;
    const changed = operation.operationId === 'updateAccount' ? (body as { password?: unknown }).password : undefined;
    if (typeof changed === 'string') this.password = changed.trim();
  }

  /** Every public route the stored records reach, with the headers that choose a destination. */
  async visitPublic(seed: number): Promise<void> {
    const random = fc.sample(
      fc.tuple(fc.constantFrom(...AGENTS), fc.constantFrom(...ADDRESSES), fc.constantFrom(...LANGUAGES), hostileText(0, 30)),
      { seed, numRuns: 4 },
    );
    const headersFor = (index: number, host?: string) => {
      const [agent, address, language, referer] = random[index % random.length]!;
      return {
        remoteAddress: address,
        headers: {
          'user-agent': agent,
          'accept-language': language,
          referer: `https://ref.example/${encodeURIComponent(referer.replace(/[\uD800-\uDFFF]/g, ''))}`,
          ...(host ? { host } : {}),
        },
      };
    };
    for (const id of (this.pools.get('link') ?? []).slice(-15)) {
      const details = await this.target.request('GET', `/l/api/url/${id}`, { key: this.userKey });
      if (details.status !== 200) continue;
      const link = (details.body as { details: { alias: string; shorturl: string } }).details;
      const host = new URL(link.shorturl).host;
      for (let visit = 0; visit < 4; visit += 1) await this.send('GET', `/${link.alias}`, { key: null, ...headersFor(visit, host) });
      await this.send('POST', `/${link.alias}`, {
        key: null,
        rawBody: 'password=wrong+guess',
        ...headersFor(0, host),
        headers: { ...headersFor(0, host).headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    for (const id of (this.pools.get('bio') ?? []).slice(-10)) {
      const details = await this.target.request('GET', `/l/api/bio/${id}`, { key: this.userKey });
      if (details.status !== 200) continue;
      const page = (details.body as { details: BioDetails }).details;
      const url = new URL(page.link);
      const images = [page.avatar, page.seo.image, ...page.blocks.map((block) => block.image)].filter((image): image is string => !!image);
      for (let visit = 0; visit < 2; visit += 1) await this.send('GET', url.pathname, { key: null, ...headersFor(visit, url.host) });
      for (const block of page.blocks) {
        await this.send('GET', `${url.pathname}/b/${block.id}`, { key: null, ...headersFor(2, url.host) });
        if (block.type === 'social') await this.send('GET', `${url.pathname}/b/${block.id}?i=1`, { key: null, ...headersFor(3, url.host) });
      }
      for (const image of images) await this.send('GET', new URL(image).pathname, { key: null, ...headersFor(0, url.host) });
      await this.send('GET', `${url.pathname}/m/1-0000000000000000.webp`, { key: null, ...headersFor(0, url.host) });
    }
    for (const id of (this.pools.get('qr') ?? []).slice(-10)) {
      const details = await this.target.request('GET', `/l/api/qr/${id}`, { key: this.userKey });
      if (details.status !== 200) continue;
      const alias = new URL((details.body as { details: { link: string } }).details.link).pathname.split('/').pop()!;
      await this.send('GET', `/qr/${alias}?size=150`, { key: null });
      await this.send('GET', `/qr/${alias}?format=svg`, { key: null });
      await this.send('GET', `/u/${alias}`, { key: null, ...headersFor(1) });
    }
    for (const id of (this.pools.get('campaign') ?? []).slice(-10)) {
      await this.send('GET', `/c/${id}`, { key: null });
    }
    const campaigns = await this.target.request('GET', '/l/api/campaigns?limit=100', { key: this.userKey });
    for (const campaign of ((campaigns.body as { data?: { campaigns?: { rotator: string | false }[] } }).data?.campaigns ?? []).slice(
      0,
      10,
    )) {
      if (campaign.rotator) await this.send('GET', new URL(campaign.rotator).pathname, { key: null, ...headersFor(2) });
    }
    const domains = await this.target.request('GET', '/l/api/domains?limit=100', { key: this.userKey });
    for (const domain of ((domains.body as { data?: { domains?: { domain: string }[] } }).data?.domains ?? []).slice(0, 10)) {
      const host = new URL(domain.domain).host;
      await this.send('GET', '/', { key: null, ...headersFor(0, host) });
      await this.send('GET', '/no-such-alias-here', { key: null, ...headersFor(0, host) });
    }
  }

  private withLoopbackLogo(body: unknown): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof (body as { logo?: unknown }).logo !== 'string')
      return body;
    return { ...body, logo: this.loopbackLogo((body as { logo: string }).logo) };
  }

  /** A logo URL the service may fetch: one of the test's loopback URLs, or one refused before any fetch. */
  private loopbackLogo(logo: string): string {
    if (logo === '' || !/^\s*https?:/i.test(logo)) return logo;
    return this.logoUrls[logo.length % this.logoUrls.length]!;
  }

  private remember(pool: string, id: number): void {
    const ids = this.pools.get(pool) ?? [];
    ids.push(id);
    this.pools.set(pool, ids.slice(-60));
  }

  private async send(method: string, url: string, options: FuzzRequest): Promise<FuzzResponse> {
    this.requests += 1;
    const response = await this.target.request(method, url, options);
    const problems = oracle(method, url, response);
    if (problems.length > 0) {
      const { rawBody, ...rest } = options;
      const sent =
        rawBody && rawBody.length > 3000 ? { ...rest, rawBody: `${rawBody.slice(0, 200)}… (${rawBody.length} characters)` } : options;
      throw new FuzzFailure(problems, `${method} ${url} ${JSON.stringify(sent).slice(0, 3000)}`, response);
    }
    return response;
  }
}

/** The characters a bio page's text may not hold (see bio-text.ts), taken out of every string of a value. */
function plainText(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu, '');
  if (Array.isArray(value)) return value.map(plainText);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plainText(entry)]));
}

/** What the public routes need of a bio page's details. */
interface BioDetails {
  link: string;
  avatar: string | null;
  seo: { image: string | null };
  blocks: { id: number; type: string; image?: string }[];
}

const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** The previews of bio pages (`POST /bio/preview`, `POST /bio/{id}/preview`). */
const BIO_PREVIEW = /^\/l\/api\/bio\/(?:[^/]+\/)?preview$/;

/** What must hold of every answer, whatever was sent. */
export function oracle(method: string, url: string, response: FuzzResponse): string[] {
  const problems: string[] = [];
  const path = url.split('?')[0]!;
  if (response.status >= 500) problems.push(`status ${response.status}`);
  // A dot segment (`%2e%2e`) is resolved by a client that parses URLs (the in-process requests do,
  // as browsers do) and sent as it is by one that does not: the answer is judged by the route the
  // request reached, whichever it was.
  const resolved = new URL(path, 'http://fuzz.test').pathname;
  const asSent = contractProblems(method, path, response.status, response.headers, response.body);
  const asResolved =
    resolved === path || asSent.length === 0
      ? asSent
      : contractProblems(method, resolved, response.status, response.headers, response.body);
  // Neither fits: the problems of the path as it was sent say what is wrong.
  if (asResolved.length > 0) problems.push(...asSent);
  for (const [name, value] of Object.entries(response.headers)) {
    for (const text of Array.isArray(value) ? value : [value ?? '']) {
      if (!HEADER_VALUE.test(String(text))) problems.push(`header ${name} holds characters a header may not: ${JSON.stringify(text)}`);
    }
  }
  const location = response.headers.location;
  if (typeof location === 'string' && servableUrl(location) !== location) problems.push(`Location is not in servable form: ${location}`);
  if (String(response.headers['content-type'] ?? '').startsWith('text/html')) {
    const html = response.text;
    if (html.includes(`<${CANARY}`)) problems.push('stored markup reached the page unescaped');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy'] ?? ''))?.[1];
    const policy = String(response.headers['content-security-policy'] ?? '');
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
      const external = /\ssrc=/i.test(tag);
      const allowed = external
        ? /script-src[^;]*'self'/.test(policy) || (nonce !== undefined && tag.includes(`nonce="${nonce}"`))
        : nonce !== undefined && tag.includes(`nonce="${nonce}"`);
      if (!allowed) problems.push(`a script the page's policy does not allow: ${tag}`);
    }
    if (/<[^>]+\son[a-z]+\s*=/i.test(html)) problems.push('an inline event handler');
    // A bio page's preview holds its pictures inline, as the service re-encoded them: WebP or JPEG,
    // base64, as the source of the page's own avatar and image tags; no other data: URL is allowed.
    const checked =
      response.status === 200 && BIO_PREVIEW.test(path)
        ? html.replace(/(<img class="(?:avatar|image)" src=")data:image\/(?:webp|jpeg);base64,[A-Za-z0-9+/]+={0,2}"/g, '$1"')
        : html;
    const unsafe = /(?:href|src)\s*=\s*["']?\s*(?:javascript|vbscript|data):|url=\s*(?:javascript|vbscript|data):/i.exec(checked);
    if (unsafe) problems.push(`an unsafe URL in the page: ${unsafe[0]}`);
  }
  return problems;
}
