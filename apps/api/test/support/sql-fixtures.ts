import { DataSource } from 'typeorm';
import { hashApiKey } from '../../src/modules/auth/api-key';
import type { SqlFixtures } from '../../src/database/sql';
import type { TestApi } from './app';
import {
  createCampaign,
  createChannel,
  createDomain,
  createLink,
  createOverlay,
  createPixel,
  createQr,
  createSplash,
  createUser,
  linkAlias,
  type TestUser,
} from './factories';
import { accountFor } from './accounts';

/** A bio page of the account with one button; its id and its block's. */
async function createBio(api: TestApi, user: TestUser, alias: string): Promise<{ id: number; block: number }> {
  const response = await api.request('POST', '/l/api/bio/add', {
    key: user.apikey,
    body: { alias, name: 'Fixture', title: 'Fixture', blocks: [{ type: 'link', title: 'Go', url: 'https://example.com/go' }] },
  });
  if (response.status !== 200) throw new Error(`bio/add failed: ${response.status} ${response.text}`);
  return { id: response.body.id as number, block: response.body.details.blocks[0].id as number };
}

async function createWebhook(api: TestApi, user: TestUser): Promise<number> {
  const response = await api.request('POST', '/l/api/webhooks', {
    key: user.apikey,
    body: { url: 'https://93.184.215.14/hook', events: ['link.*'], enabled: false },
  });
  if (response.status !== 200) throw new Error(`webhooks failed: ${response.status} ${response.text}`);
  return response.body.id as number;
}

/** The records the SQL test calls the repositories with (see src/database/sql.ts). */
export async function sqlFixtures(api: TestApi): Promise<SqlFixtures> {
  const [user, other, spareUser] = [await createUser(api), await createUser(api), await createUser(api)];
  const accountOf = (owner: TestUser) => accountFor(owner.id, 100000);
  const twice = async <T>(make: () => Promise<T>): Promise<[T, T]> => [await make(), await make()];
  const [link, spareLink] = await twice(() => createLink(api, user));
  const [domain, spareDomain] = await twice(() => createDomain(api, user));
  const [campaign, spareCampaign] = await twice(() => createCampaign(api, user));
  const [channel, spareChannel] = await twice(() => createChannel(api, user));
  const [pixel, sparePixel] = await twice(() => createPixel(api, user));
  const [qr, spareQr] = await twice(() => createQr(api, user));
  const [splash, spareSplash] = await twice(() => createSplash(api, user));
  const [overlay, spareOverlay] = await twice(() => createOverlay(api, user));
  const bio = await createBio(api, user, `fixture-bio-${user.id}`);
  const spareBio = await createBio(api, user, `spare-bio-${user.id}`);
  const [webhook, spareWebhook] = await twice(() => createWebhook(api, user));
  const report = await api.request('POST', '/l/api/report/add', { key: user.apikey, body: { link } });
  if (report.status !== 200) throw new Error(`report/add failed: ${report.status} ${report.text}`);
  const spareWorkspace = await api.request('POST', '/l/api/workspace/add', { key: user.apikey, body: { name: 'Spare team' } });
  if (spareWorkspace.status !== 200) throw new Error(`workspace failed: ${spareWorkspace.status} ${spareWorkspace.text}`);
  const session = await api.request('POST', '/l/api/session', { key: null, body: { apikey: user.apikey } });
  if (session.status !== 200) throw new Error(`session failed: ${session.status} ${session.text}`);
  // The answer does not name the session (its id never leaves the service): the test reads it.
  const [newest] = await api.linkyard.app
    .get(DataSource)
    .query<{ id: number }[]>('SELECT max(id) AS id FROM sessions WHERE user_id = $1', [user.id]);
  const sessionId = newest!.id;
  return {
    account: accountOf(user),
    other: accountOf(other),
    ids: {
      link,
      domain: domain.id,
      campaign,
      channel,
      pixel,
      qr,
      splash,
      overlay,
      bio: bio.id,
      block: bio.block,
      webhook,
      user: user.id,
      session: sessionId,
      report: report.body.id as number,
    },
    spare: {
      workspace: (spareWorkspace.body as { data: { id: number } }).data.id,
      link: spareLink,
      domain: spareDomain.id,
      campaign: spareCampaign,
      channel: spareChannel,
      pixel: sparePixel,
      qr: spareQr,
      splash: spareSplash,
      overlay: spareOverlay,
      bio: spareBio.id,
      webhook: spareWebhook,
      user: spareUser.id,
    },
    alias: await linkAlias(api, user, link),
    host: new URL(domain.domain).host,
    keyHash: hashApiKey(user.apikey),
    scope: api.linkyard.app.get(DataSource).manager,
  };
}
