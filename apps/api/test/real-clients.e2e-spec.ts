import { openApiDocument } from '../src/common/openapi-document';
import { DataSource } from 'typeorm';
import { ADMIN_KEY, useApi } from './support/app';
import { createUser, PASSWORD, type TestUser } from './support/factories';
import { resolverWith } from './support/names';
import { flatSchema, type Schema } from './support/openapi-schemas';

/**
 * What existing clients of this kind of API send: `Content-Type: application/json` on bodiless
 * POST and DELETE calls (with an empty body), `null` for every field they leave unset, and a
 * check that the status is exactly 200. Every endpoint of the document is replayed that way.
 */
const tag = `${process.pid}${Date.now() % 100000}`;

describe('requests as real clients send them', () => {
  // addWebhook names https://hooks.example.com/... (off): its name is resolved when it is added.
  const api = useApi({}, { hostResolver: resolverWith({ 'hooks.example.com': ['93.184.215.14'] }) });
  let user: TestUser;
  const ids: Record<string, number> = {};
  /** Secrets the answers hand on (an invitation's token). */
  const tokens: Record<string, string> = {};
  /** A failed delivery of an event of the webhook's account, as the dispatcher leaves one; its id. */
  async function failedDelivery(webhookId: number): Promise<number> {
    const db = api.linkyard.app.get(DataSource);
    const [event] = await db.query<{ id: string }[]>(
      `INSERT INTO webhook_events (user_id, type, payload, created_at) SELECT user_id, 'link.created', '{}', now() FROM webhooks WHERE id = $1 RETURNING id`,
      [webhookId],
    );
    const [delivery] = await db.query<{ id: string }[]>(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, 'failed', 8, now(), now()) RETURNING id`,
      [webhookId, event!.id],
    );
    return Number(delivery!.id);
  }
  const replayed = new Set<string>();

  beforeAll(async () => {
    user = await createUser(api);
  });

  type Step = [operationId: string, method: string, path: () => string, body?: Record<string, unknown> | 'empty', key?: () => string];
  const bodiless = 'empty' as const;
  const steps: Step[] = [
    ['getAccount', 'GET', () => '/account'],
    // A sign-in with the key (read when sent: the account is made before the first step).
    [
      'startSession',
      'POST',
      () => '/session',
      {
        login: null,
        password: null,
        get apikey() {
          return user.apikey;
        },
      },
    ],
    ['getSession', 'GET', () => '/session'],
    ['getSignInMethods', 'GET', () => '/session/methods'],
    ['endSession', 'DELETE', () => '/session', bodiless],
    // The account has a password: a change of its e-mail address sends it (the one field a client of
    // the origin product must add, so that a key alone cannot take over an account).
    ['updateAccount', 'PUT', () => '/account/update', { email: `replay.${tag}@example.com`, password: null, currentpassword: PASSWORD }],
    ['getDomainVerification', 'GET', () => `/domain/verification?domain=https://replay${tag}.example.com`],
    ['addDomain', 'POST', () => '/domain/add', { domain: `https://replay${tag}.example.com`, redirectroot: null, redirect404: null }],
    ['listDomains', 'GET', () => '/domains'],
    ['updateDomain', 'PUT', () => `/domain/${ids.domain}/update`, { redirectroot: null, redirect404: 'https://example.com/404' }],
    ['getDomain', 'GET', () => `/domain/${ids.domain}`],
    ['getDomainOrphanStats', 'GET', () => `/domain/${ids.domain}/orphans?interval=day&kind=unknown&top=5`],
    [
      'addOverlay',
      'POST',
      () => '/overlay/add',
      {
        type: 'message',
        name: 'Replay',
        message: 'Hello',
        label: null,
        link: null,
        position: null,
        color: null,
        bg: null,
        email: null,
        phone: null,
      },
    ],
    ['listOverlays', 'GET', () => '/overlay'],
    ['getOverlay', 'GET', () => `/overlay/${ids.overlay}`],
    ['updateOverlay', 'PUT', () => `/overlay/${ids.overlay}/update`, { name: 'Replayed', type: null, label: null }],
    ['previewOverlay', 'GET', () => `/overlay/${ids.overlay}/preview`],
    ['addSplash', 'POST', () => '/splash/add', { name: 'Replay', title: 'Welcome', text: null, image: null, delay: null }],
    ['listSplash', 'GET', () => '/splash'],
    ['getSplash', 'GET', () => `/splash/${ids.splash}`],
    ['updateSplash', 'PUT', () => `/splash/${ids.splash}/update`, { title: 'Welcome back', text: null, delay: null }],
    ['previewSplash', 'GET', () => `/splash/${ids.splash}/preview`],
    ['addPixel', 'POST', () => '/pixel/add', { type: 'gtmpixel', name: 'Replay', tag: 'GTM-REPLAY1' }],
    ['listPixels', 'GET', () => '/pixels'],
    ['addTag', 'POST', () => '/tag/add', { name: 'Replay', color: null }],
    ['listTags', 'GET', () => '/tags'],
    ['updateTag', 'PUT', () => '/tag/replay/update', { name: null, color: '#123456' }],
    ['getTagStats', 'GET', () => '/tag/replay/stats?interval=week&country=fr'],
    ['updatePixel', 'PUT', () => `/pixel/${ids.pixel}/update`, { name: null, tag: 'GTM-REPLAY2' }],
    ['addCampaign', 'POST', () => '/campaign/add', { name: null, slug: null, public: null }],
    ['listCampaigns', 'GET', () => '/campaigns'],
    ['updateCampaign', 'PUT', () => `/campaign/${ids.campaign}/update`, { name: 'Replayed', slug: null, public: null }],
    ['getCampaign', 'GET', () => `/campaign/${ids.campaign}`],
    ['getCampaignStats', 'GET', () => `/campaign/${ids.campaign}/stats?interval=week&tz=Europe/Paris`],
    ['previewCampaign', 'GET', () => `/campaign/${ids.campaign}/preview`],
    ['addChannel', 'POST', () => '/channel/add', { name: 'Replay', description: null, color: null, starred: null }],
    ['listChannels', 'GET', () => '/channels'],
    ['updateChannel', 'PUT', () => `/channel/${ids.channel}/update`, { name: null, description: null, color: null, starred: true }],
    [
      'addUrl',
      'POST',
      () => '/url/add',
      {
        url: 'https://example.com/replay',
        custom: null,
        domain: null,
        password: null,
        expiry: null,
        type: null,
        metatitle: null,
        title: null,
        description: null,
        metadescription: null,
        metaimage: null,
        pixels: null,
        campaign: null,
        channel: null,
        geotarget: null,
        devicetarget: null,
        languagetarget: null,
        deeplink: null,
        parameters: null,
        status: null,
        tags: null,
        archived: null,
        clicklimit: null,
        startdate: null,
      },
    ],
    ['listUrls', 'GET', () => '/urls'],
    ['getUrl', 'GET', () => `/url/${ids.url}`],
    ['getUrlStats', 'GET', () => `/url/${ids.url}/stats`],
    ['getAccountStats', 'GET', () => '/stats?interval=week&tz=Europe/Paris'],
    ['exportUrlClicks', 'GET', () => `/url/${ids.url}/clicks?format=ndjson`],
    ['exportUrls', 'GET', () => '/urls/export'],
    ['getUrlQr', 'GET', () => `/url/${ids.url}/qr`],
    [
      'updateUrls',
      'PUT',
      () => '/urls/update',
      {
        ids: null,
        filter: {
          q: 'replay',
          campaign: null,
          channel: null,
          domain: null,
          tag: null,
          status: null,
          state: null,
          from: null,
          to: null,
          archived: null,
        },
        changes: {
          addtags: ['replayed'],
          removetags: null,
          campaign: null,
          channel: null,
          expiry: null,
          domain: null,
          status: null,
          archived: null,
        },
      },
    ],
    [
      'addUrlsInBulk',
      'POST',
      () => '/url/bulk',
      {
        urls: [{ url: 'https://example.com/bulk', custom: null, domain: null, password: null, expiry: null, campaign: null, pixels: null }],
      },
    ],
    [
      'importUrls',
      'POST',
      () => '/urls/import?from=kutt',
      {
        total: 1,
        data: [
          { address: `kutt${tag}`, target: 'https://example.com/kutt', description: null, expire_in: null, password: false, banned: false },
        ],
      },
    ],
    ['updateUrl', 'PUT', () => `/url/${ids.url}/update`, { title: 'Replayed', password: null, expiry: null, campaign: null }],
    ['assignCampaignLink', 'POST', () => `/campaign/${ids.campaign}/assign/${ids.url}`, bodiless],
    ['listUrls', 'GET', () => `/urls?campaign=${ids.campaign}&q=`],
    ['assignChannelItem', 'POST', () => `/channel/${ids.channel}/assign/links/${ids.url}`, bodiless],
    ['getChannelItems', 'GET', () => `/channel/${ids.channel}`],
    ['unassignChannelItem', 'POST', () => `/channel/${ids.channel}/unassign/links/${ids.url}`, bodiless],
    ['addQr', 'POST', () => '/qr/add', { type: 'text', data: 'Replay', background: null, foreground: null, logo: null, name: null }],
    ['listQrs', 'GET', () => '/qr'],
    ['getQr', 'GET', () => `/qr/${ids.qr}`],
    ['getQrStats', 'GET', () => `/qr/${ids.qr}/stats?interval=hour&from=2026-01-01&to=2026-01-02`],
    [
      'updateQr',
      'PUT',
      () => `/qr/${ids.qr}/update`,
      { data: 'Replayed', type: null, background: null, foreground: null, logo: null, name: null },
    ],
    [
      'previewQr',
      'POST',
      () => '/qr/preview',
      {
        type: 'text',
        data: 'Replay',
        background: null,
        foreground: null,
        logo: null,
        logoFile: null,
        name: null,
        format: null,
        size: null,
      },
    ],
    [
      'addBioPage',
      'POST',
      () => '/bio/add',
      {
        name: 'Replay',
        alias: null,
        domain: null,
        title: null,
        description: null,
        avatar: null,
        theme: { background: null, font: 'serif' },
        seo: null,
        language: null,
        public: null,
        pixels: null,
        blocks: [{ id: null, type: 'link', title: 'Replayed', url: 'https://example.com/replay', icon: null }],
      },
    ],
    [
      'previewNewBioPage',
      'POST',
      () => '/bio/preview',
      {
        name: 'Replay',
        alias: null,
        domain: null,
        title: null,
        description: null,
        avatar: null,
        theme: { background: null, font: 'serif' },
        seo: null,
        language: null,
        public: null,
        pixels: null,
        blocks: [{ id: null, type: 'link', title: 'Replayed', url: 'https://example.com/replay', icon: null }],
      },
    ],
    // The live stream, read by the test service up to its first event (see support/app).
    ['streamClicks', 'GET', () => '/clicks/live'],
    ['listBioPages', 'GET', () => '/bio'],
    ['getBioPage', 'GET', () => `/bio/${ids.bio}`],
    ['getBioPageStats', 'GET', () => `/bio/${ids.bio}/stats?interval=hour&from=2026-01-01&to=2026-01-02`],
    ['getBioBlockStats', 'GET', () => `/bio/${ids.bio}/block/${ids.block}/stats?interval=hour&from=2026-01-01&to=2026-01-02`],
    ['getBioPageQr', 'GET', () => `/bio/${ids.bio}/qr`],
    [
      'updateBioPage',
      'PUT',
      () => `/bio/${ids.bio}/update`,
      {
        title: 'Replayed',
        alias: null,
        domain: null,
        avatar: null,
        theme: null,
        seo: { title: null, image: null },
        blocks: null,
        pixels: null,
      },
    ],
    [
      'previewBioPage',
      'POST',
      () => `/bio/${ids.bio}/preview`,
      {
        title: 'Replayed again',
        alias: null,
        domain: null,
        avatar: null,
        theme: null,
        seo: { title: null, image: null },
        blocks: null,
        pixels: null,
      },
    ],
    ['deleteBioPage', 'DELETE', () => `/bio/${ids.bio}/delete`, bodiless],
    ['addWebhook', 'POST', () => '/webhooks', { url: 'https://hooks.example.com/replay', events: ['link.*'], enabled: false }],
    ['listWebhooks', 'GET', () => '/webhooks'],
    ['getWebhook', 'GET', () => `/webhook/${ids.webhook}`],
    ['updateWebhook', 'PUT', () => `/webhook/${ids.webhook}`, { url: null, events: ['campaign.*'], enabled: null }],
    ['listWebhookDeliveries', 'GET', () => `/webhook/${ids.webhook}/deliveries`],
    ['replayWebhookDelivery', 'POST', () => `/webhook/${ids.webhook}/delivery/${ids.delivery}/replay`, bodiless],
    ['deleteWebhook', 'DELETE', () => `/webhook/${ids.webhook}`, bodiless],
    [
      'addReport',
      'POST',
      () => '/report/add',
      {
        // The link made above, read when the body is sent.
        get link() {
          return ids.url;
        },
        campaign: null,
        name: null,
        expiry: null,
        showdestination: null,
      },
    ],
    ['listReports', 'GET', () => '/reports'],
    ['getSharedReport', 'GET', () => `/shared/${tokens.report}`],
    ['getSharedReportStats', 'GET', () => `/shared/${tokens.report}/stats?interval=week&tz=Europe/Paris&top=250`],
    ['deleteReport', 'DELETE', () => `/report/${ids.report}/delete`, bodiless],
    ['deleteQr', 'DELETE', () => `/qr/${ids.qr}/delete`, bodiless],
    ['deleteUrl', 'DELETE', () => `/url/${ids.url}/delete`, bodiless],
    ['deleteChannel', 'DELETE', () => `/channel/${ids.channel}/delete`, bodiless],
    ['deleteCampaign', 'DELETE', () => `/campaign/${ids.campaign}/delete`, bodiless],
    ['deletePixel', 'DELETE', () => `/pixel/${ids.pixel}/delete`, bodiless],
    ['deleteTag', 'DELETE', () => '/tag/replay/delete', bodiless],
    ['deleteSplash', 'DELETE', () => `/splash/${ids.splash}/delete`, bodiless],
    ['deleteOverlay', 'DELETE', () => `/overlay/${ids.overlay}/delete`, bodiless],
    ['deleteDomain', 'DELETE', () => `/domain/${ids.domain}/delete`, bodiless],
    ['addWorkspace', 'POST', () => '/workspace/add', { name: 'Team' }],
    ['listWorkspaces', 'GET', () => '/workspaces'],
    ['getWorkspace', 'GET', () => `/workspace/${ids.workspace}`],
    ['updateWorkspace', 'PUT', () => `/workspace/${ids.workspace}/update`, { name: 'Team two', ssoOnly: null }],
    ['addInvitation', 'POST', () => `/workspace/${ids.workspace}/invitation/add`, { email: 'ops@example.com', role: 'editor' }],
    ['listInvitations', 'GET', () => `/workspace/${ids.workspace}/invitations`],
    ['deleteInvitation', 'DELETE', () => `/workspace/${ids.workspace}/invitation/${ids.invitation}/delete`, bodiless],
    ['addInvitation', 'POST', () => `/workspace/${ids.workspace}/invitation/add`, { email: 'admin@example.com', role: 'viewer' }],
    ['getInvitation', 'GET', () => `/invitation/${tokens.invitation}`, undefined, () => ADMIN_KEY],
    ['acceptInvitation', 'POST', () => `/invitation/${tokens.invitation}/accept`, bodiless, () => ADMIN_KEY],
    ['listMembers', 'GET', () => `/workspace/${ids.workspace}/members`],
    ['updateMember', 'PUT', () => `/workspace/${ids.workspace}/member/${ids.member}/update`, { role: 'editor' }],
    ['addWorkspaceKey', 'POST', () => `/workspace/${ids.workspace}/key/add`, { name: 'CI', scope: 'read' }],
    ['listWorkspaceKeys', 'GET', () => `/workspace/${ids.workspace}/keys`],
    ['deleteWorkspaceKey', 'DELETE', () => `/workspace/${ids.workspace}/key/${ids.workspaceKey}/delete`, bodiless],
    ['listAudit', 'GET', () => `/workspace/${ids.workspace}/audit?operation=updateMember`],
    ['exportAudit', 'GET', () => `/workspace/${ids.workspace}/audit/export?format=ndjson`],
    ['removeMember', 'DELETE', () => `/workspace/${ids.workspace}/member/${ids.member}/delete`, bodiless],
    ['deleteWorkspace', 'DELETE', () => `/workspace/${ids.workspace}/delete`, bodiless],
    ['rotateAccountApiKey', 'POST', () => '/account/apikey/rotate', bodiless],
    ['listPlans', 'GET', () => '/plans', undefined, () => ADMIN_KEY],
    [
      'addUser',
      'POST',
      () => '/user/add',
      {
        username: `replay_${tag}`,
        email: `replay_${tag}@example.com`,
        password: 'replayed password',
        planid: null,
        expiration: null,
        ratelimit: null,
      },
      () => ADMIN_KEY,
    ],
    ['listUsers', 'GET', () => '/users', undefined, () => ADMIN_KEY],
    ['getUser', 'GET', () => `/user/${ids.user}`, undefined, () => ADMIN_KEY],
    ['updateUser', 'PUT', () => `/user/${ids.user}/update`, { disabled: true }, () => ADMIN_KEY],
    ['subscribeUser', 'PUT', () => `/plan/1/user/${ids.user}`, bodiless, () => ADMIN_KEY],
    ['rotateUserApiKey', 'POST', () => `/user/${ids.user}/apikey/rotate`, bodiless, () => ADMIN_KEY],
    ['deleteUser', 'DELETE', () => `/user/${ids.user}/delete`, bodiless, () => ADMIN_KEY],
  ];
  const created: Record<string, string> = {
    addDomain: 'domain',
    addOverlay: 'overlay',
    addSplash: 'splash',
    addPixel: 'pixel',
    addCampaign: 'campaign',
    addChannel: 'channel',
    addUrl: 'url',
    addQr: 'qr',
    addWebhook: 'webhook',
    addBioPage: 'bio',
    addReport: 'report',
  };

  // Every row gets its five values: jest takes a missing last argument for a `done` callback.
  const rows = steps.map(([operationId, method, path, body, key]) => [operationId, method, path, body, key] as const);
  it.each(rows)('%s (%s) answers 200 with error 0', async (operationId, method, path, body, key) => {
    const response = await api.request(method, `/l/api${path()}`, {
      key: key ? key() : user.apikey,
      headers: { 'content-type': 'application/json' },
      ...(body === bodiless ? { rawBody: '' } : body ? { body } : {}),
    });
    expect(response.status).toBe(200);
    // The exports and the QR images answer files (CSV, NDJSON, PNG), the previews HTML, the live
    // stream events, not the envelope.
    if (String(response.headers['content-type']).startsWith('application/json')) expect(['0', 0]).toContain(response.body.error);
    else expect(operationId).toMatch(/^(export|preview|getUrlQr$|getBioPageQr$|streamClicks$)/);
    replayed.add(operationId);
    const record = created[operationId];
    if (record) ids[record] = response.body.id;
    if (operationId === 'addUser') ids.user = response.body.data.id;
    if (operationId === 'addWorkspace') ids.workspace = response.body.data.id;
    if (operationId === 'addWorkspaceKey') ids.workspaceKey = response.body.data.id;
    if (operationId === 'addInvitation')
      [ids.invitation, tokens.invitation] = [response.body.data.id, response.body.data.link.split('/').pop()];
    if (operationId === 'listMembers') ids.member = response.body.data.members.find((member: { id: number }) => member.id !== user.id).id;
    if (operationId === 'addBioPage') ids.block = response.body.details.blocks[0].id;
    if (operationId === 'addReport') tokens.report = response.body.token;
    // A replay needs a delivery that was sent; none is sent from here (no receiver is called), so
    // one is written as the dispatcher leaves a failed one.
    if (operationId === 'addWebhook') ids.delivery = await failedDelivery(ids.webhook!);
  });

  it('replayed every operation of the API in the document', () => {
    const documented = Object.entries(openApiDocument.paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>)
      .flatMap(([, item]) => Object.values(item))
      .filter((operation) => operation.operationId && !operation.tags?.some((tag) => tag === 'Public' || tag === 'Meta'))
      .map((operation) => operation.operationId!);
    expect(documented.filter((operationId) => !replayed.has(operationId))).toEqual([]);
  });
});

/**
 * The origin product's browser extension, as it calls the API: the alias and the domain left
 * empty are sent as `""`, and the "My links" tab reads `GET /urls` with `!data.error`.
 */
describe('the browser extension of the origin product', () => {
  const api = useApi();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(api);
  });

  it('shortens with the alias and the domain left empty', async () => {
    const response = await api.request('POST', '/l/api/url/add', {
      key: user.apikey,
      body: { url: 'https://example.com/from-the-extension', domain: '', custom: '' },
    });
    expect(response.status).toBe(200);
    expect(response.body.error).toBe(0);
    expect(response.body.shorturl).toMatch(new RegExp(`^${api.linkyard.config.publicUrl}/[A-Za-z0-9]+$`));
  });

  it('lists the links with an error that is falsy', async () => {
    await api.request('POST', '/l/api/url/add', { key: user.apikey, body: { url: 'https://example.com/listed', domain: '', custom: '' } });
    const response = await api.request('GET', '/l/api/urls', { key: user.apikey });
    expect(response.status).toBe(200);
    expect(response.body.error).toBe(0);
    expect(!response.body.error).toBe(true);
    expect(response.body.data.urls.length).toBeGreaterThan(0);
  });

  /** Every create operation, with its required fields and `""` for every optional one. */
  const required: Record<string, Record<string, unknown>> = {
    addUrl: { url: 'https://example.com/empty-optionals' },
    addDomain: { domain: `https://empty-optionals-${process.pid}.example.com` },
    addCampaign: {},
    addChannel: { name: 'Empty optionals' },
    addPixel: { type: 'gtmpixel', name: 'Empty optionals', tag: 'GTM-EMPTY1' },
    addQr: { type: 'text', data: 'Empty optionals' },
    addOverlay: { type: 'message', name: 'Empty optionals', message: 'Hello' },
    addSplash: { name: 'Empty optionals', title: 'Welcome' },
    addUser: { username: `empty_${process.pid}`, email: `empty_${process.pid}@example.com`, password: 'long enough secret' },
  };
  type Operation = { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> } };
  const operations = Object.entries(openApiDocument.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      operation.operationId && operation.operationId in required ? [{ path, method, operation }] : [],
    ),
  );
  it('covers every create operation of the document', () => {
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(Object.keys(required).sort());
  });

  it.each(operations.map(({ path, method, operation }) => [operation.operationId!, method.toUpperCase(), path] as const))(
    '%s (%s %s) takes "" for every optional field as absent',
    async (operationId, method, path) => {
      const schema = flatSchema(
        operations.find(({ operation }) => operation.operationId === operationId)!.operation.requestBody!.content['application/json']!
          .schema,
      );
      const optional = Object.keys(schema.properties ?? {}).filter(
        (name) => !(schema.required ?? []).includes(name) && !(name in required[operationId]!),
      );
      const body = { ...required[operationId], ...Object.fromEntries(optional.map((name) => [name, ''])) };
      const response = await api.request(method, `/l/api${path}`, { key: operationId === 'addUser' ? ADMIN_KEY : user.apikey, body });
      expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
    },
  );
});
