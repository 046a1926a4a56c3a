import { DataSource } from 'typeorm';
import { FIREFOX } from './support/visitors';
import { PUBLIC_URL, useApi } from './support/app';
import { createCampaign, createChannel, createDomain, createLink, createUser, linkAlias, type TestUser } from './support/factories';

/** PUT /urls/update: the same changes to many links, all or nothing, by ids or by a filter. */
describe('bulk edits', () => {
  // Webhooks to loopback (nothing listens there: the events are what is checked, not their delivery).
  const api = useApi({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const edit = (body: unknown, key = user.apikey) => api.request('PUT', '/l/api/urls/update', { key, body });
  const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;
  const redirect = (host: string, alias: string) =>
    api.request('GET', `/${alias}`, { key: null, outsideContract: true, headers: { host } });
  const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

  it('changes every link named, in one call, and answers each in the order given', async () => {
    const campaign = await createCampaign(api, user);
    const channel = await createChannel(api, user);
    const a = await createLink(api, user, { tags: ['draft', 'spring'] });
    const b = await createLink(api, user, { tags: ['summer'] });
    const untouched = await createLink(api, user, { tags: ['draft'] });
    const expiry = future(48);

    const response = await edit({
      ids: [b, a, b],
      changes: { addtags: ['Sale', 'spring'], removetags: ['draft'], campaign, channel, expiry, status: 'public', archived: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      error: 0,
      data: {
        updated: 2,
        results: [
          { id: b, error: 0, shorturl: expect.stringContaining(await linkAlias(api, user, b)) },
          { id: a, error: 0, shorturl: expect.stringContaining(await linkAlias(api, user, a)) },
        ],
      },
    });
    expect(await details(a)).toMatchObject({
      tags: ['spring', 'sale'],
      campaign,
      channels: [channel],
      expiry,
      status: 'public',
      archived: true,
    });
    expect(await details(b)).toMatchObject({
      tags: ['summer', 'sale', 'spring'],
      campaign,
      channels: [channel],
      status: 'public',
      archived: true,
    });
    expect(await details(untouched)).toMatchObject({
      tags: ['draft'],
      campaign: null,
      channels: [],
      expiry: null,
      status: 'private',
      archived: false,
    });

    // And back: out of the campaign, no expiry, private, out of the archive.
    const back = await edit({ ids: [a, b], changes: { campaign: 0, expiry: '', status: 'private', archived: false } });
    expect(back.status).toBe(200);
    expect(await details(a)).toMatchObject({ campaign: null, expiry: null, status: 'private', archived: false, channels: [channel] });

    // A channel alone: the links are added to it, and nothing else of them changes.
    const another = await createChannel(api, user);
    expect((await edit({ ids: [untouched], changes: { channel: another } })).body.data.updated).toBe(1);
    expect(await details(untouched)).toMatchObject({ channels: [another], tags: ['draft'] });
  });

  it('gives many links a click limit and a start date, which their redirects keep at once, and removes them', async () => {
    const host = new URL(PUBLIC_URL).host;
    // A person's visits (an empty user agent is a bot's, which no limit counts).
    const visit = (alias: string) =>
      api.request('GET', `/${alias}`, { key: null, outsideContract: true, headers: { host, 'user-agent': FIREFOX } });
    const a = await createLink(api, user, { custom: `bulk-limit-a-${user.id}` });
    const b = await createLink(api, user, { custom: `bulk-limit-b-${user.id}` });
    // Each link's clicks so far count toward the limit: b was visited once before it had one.
    expect((await visit(`bulk-limit-b-${user.id}`)).status).toBe(302);
    await api.flushClicks();

    expect((await edit({ ids: [a, b], changes: { clicklimit: 1 } })).status).toBe(200);
    expect(await details(a)).toMatchObject({ clicklimit: 1, startdate: null });
    expect((await visit(`bulk-limit-a-${user.id}`)).status).toBe(302);
    expect((await visit(`bulk-limit-a-${user.id}`)).status).toBe(410);
    expect((await visit(`bulk-limit-b-${user.id}`)).status).toBe(410);

    const start = future(2);
    expect((await edit({ ids: [a, b], changes: { clicklimit: 0, startdate: start } })).status).toBe(200);
    expect(await details(b)).toMatchObject({ clicklimit: null, startdate: start });
    expect((await visit(`bulk-limit-b-${user.id}`)).status).toBe(410);
    expect((await edit({ filter: { state: 'scheduled' }, changes: { startdate: '' } })).body.data.updated).toBe(2);
    expect(await details(a)).toMatchObject({ clicklimit: null, startdate: null });
    expect((await visit(`bulk-limit-a-${user.id}`)).status).toBe(302);

    for (const changes of [
      { clicklimit: -1 },
      { clicklimit: 2.5 },
      { clicklimit: '5' },
      { startdate: 'tomorrow' },
      { startdate: 'javascript:1' },
    ]) {
      const refused = await edit({ ids: [a], changes });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/changes\.(clicklimit|startdate)/);
    }
  });

  it('changes every link a filter keeps, as the list would show them, and no other', async () => {
    const kept = [await createLink(api, user, { tags: ['promo'] }), await createLink(api, user, { tags: ['promo', 'x'], title: 'Spring' })];
    const other = await createLink(api, user, { tags: ['other'] });
    const archived = await createLink(api, user, { tags: ['promo'], archived: true });
    // The list, read (and cached) before the edit, shows it after.
    expect((await api.request('GET', '/l/api/urls?tag=promo', { key: user.apikey })).body.data.result).toBe(2);

    const response = await edit({ filter: { tag: ['PROMO'] }, changes: { addtags: ['spring-2026'] } });
    expect(response.body.data).toEqual({
      updated: 2,
      results: kept.map((id) => ({ id, error: 0, shorturl: expect.any(String) })),
    });
    expect((await details(other)).tags).toEqual(['other']);
    expect((await details(archived)).tags).toEqual(['promo']);
    const listed = (await api.request('GET', '/l/api/urls?tag=spring-2026', { key: user.apikey })).body.data.urls as { id: number }[];
    expect(listed.map((link) => link.id).sort()).toEqual([...kept].sort());

    // The search and the archive filter as on the list; a filter keeping nothing changes nothing.
    expect((await edit({ filter: { q: 'spring', archived: 'include' }, changes: { status: 'public' } })).body.data.updated).toBe(1);
    expect((await details(kept[1]!)).status).toBe('public');
    expect((await edit({ filter: { archived: 'only' }, changes: { archived: false } })).body.data.results).toEqual([
      { id: archived, error: 0, shorturl: expect.any(String) },
    ]);
    expect(await edit({ filter: { tag: ['nowhere'] }, changes: { status: 'public' } }).then((r) => r.body)).toEqual({
      error: 0,
      data: { updated: 0, results: [] },
    });
  });

  it('changes nothing when one link cannot take the changes, and says which and why', async () => {
    const stranger = await createUser(api);
    const theirs = await createLink(api, stranger, { tags: ['theirs'] });
    const full = await createLink(api, user, { tags: Array.from({ length: 19 }, (_, i) => `t${i}`) });
    const fine = await createLink(api, user, { tags: ['keep'] });

    const response = await edit({ ids: [fine, theirs, full, 999_999_999], changes: { addtags: ['new-a', 'new-b'], status: 'public' } });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 1,
      message: '3 of the 4 links cannot take these changes; none was changed.',
      data: {
        updated: 0,
        failed: 3,
        results: [
          { id: fine, error: 0 },
          // Another account's link is no link at all.
          { id: theirs, error: 1, status: 404, field: 'ids', message: `No link with id ${theirs}.` },
          {
            id: full,
            error: 1,
            status: 400,
            field: 'changes.addtags',
            message: 'The link would carry 21 tags; a link carries at most 20.',
          },
          { id: 999_999_999, error: 1, status: 404, field: 'ids', message: 'No link with id 999999999.' },
        ],
      },
    });
    expect(await details(fine)).toMatchObject({ tags: ['keep'], status: 'private' });
    expect((await api.request('GET', `/l/api/url/${theirs}`, { key: stranger.apikey })).body.details.tags).toEqual(['theirs']);
    // Removing as many as are added keeps the full link within 20.
    expect((await edit({ ids: [full], changes: { addtags: ['new-a'], removetags: ['t0'] } })).status).toBe(200);
  });

  it('moves links to another domain, each keeping its alias, unless one is taken there', async () => {
    const domain = await createDomain(api, user);
    const host = new URL(domain.domain).host;
    const moving = await createLink(api, user, { custom: 'bulk-move-one', url: 'https://example.com/one' });
    const clash = await createLink(api, user, { custom: 'bulk-clash' });
    await createLink(api, user, { custom: 'bulk-clash', domain: domain.domain });
    // Served (and cached) at the service's address before the move.
    expect((await redirect(new URL(PUBLIC_URL).host, 'bulk-move-one')).status).toBe(302);

    const refused = await edit({ ids: [moving, clash], changes: { domain: host } });
    expect(refused.status).toBe(409);
    expect(refused.body.data.results).toEqual([
      { id: moving, error: 0 },
      { id: clash, error: 1, status: 409, field: 'changes.domain', message: 'The alias "bulk-clash" is already taken on the new domain.' },
    ]);
    expect((await details(moving)).domain).toBeNull();

    const moved = await edit({ ids: [moving], changes: { domain: domain.domain } });
    expect(moved.body.data.results).toEqual([{ id: moving, error: 0, shorturl: `${domain.domain}/bulk-move-one` }]);
    expect((await redirect(host, 'bulk-move-one')).headers.location).toBe('https://example.com/one');
    expect((await redirect(new URL(PUBLIC_URL).host, 'bulk-move-one')).status).not.toBe(302);

    // Two links of one alias from two domains to a third: the first keeps it, the second is refused.
    const third = await createDomain(api, user);
    const twin = await createLink(api, user, { custom: 'bulk-move-one' });
    const both = await edit({ ids: [moving, twin], changes: { domain: third.domain } });
    expect(both.body.data.results[1]).toMatchObject({ id: twin, status: 409, field: 'changes.domain' });
    // Back to the service's address, where the twin already holds the alias: the moving link is refused.
    expect((await edit({ ids: [moving, twin], changes: { domain: '' } })).body.data.results).toEqual([
      {
        id: moving,
        error: 1,
        status: 409,
        field: 'changes.domain',
        message: 'The alias "bulk-move-one" is already taken on the new domain.',
      },
      { id: twin, error: 0 },
    ]);
  });

  it('sends one link.updated event per link changed, by a bulk edit or a tag renamed or deleted', async () => {
    const hook = await api.request('POST', '/l/api/webhooks', {
      key: user.apikey,
      body: { url: 'http://127.0.0.1:9/linkyard', events: ['link.updated'] },
    });
    expect(hook.status).toBe(200);
    const ids = [await createLink(api, user), await createLink(api, user)];
    const database = api.linkyard.app.get(DataSource);
    const count = async () =>
      (
        await database.query<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM webhook_events WHERE user_id = $1 AND type = 'link.updated'`,
          [user.id],
        )
      )[0]!.n;
    const before = await count();
    await edit({ ids, changes: { addtags: ['evented'] } });
    expect((await count()) - before).toBe(2);
    const [payload] = await database.query<{ payload: { tags: string[] } }[]>(
      `SELECT payload FROM webhook_events WHERE user_id = $1 AND type = 'link.updated' ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(payload!.payload.tags).toEqual(['evented']);

    // A tag renamed or deleted across the links changes each of them too: an event for each.
    expect((await api.request('PUT', '/l/api/tag/evented/update', { key: user.apikey, body: { name: 'renamed' } })).status).toBe(200);
    expect((await count()) - before).toBe(4);
    expect((await api.request('DELETE', '/l/api/tag/renamed/delete', { key: user.apikey })).body.message).toMatch(/2 links/);
    expect((await count()) - before).toBe(6);
    const [last] = await database.query<{ payload: { id: number; tags: string[] } }[]>(
      `SELECT payload FROM webhook_events WHERE user_id = $1 AND type = 'link.updated' ORDER BY id DESC LIMIT 1`,
      [user.id],
    );
    expect(last!.payload).toMatchObject({ id: ids[1], tags: [] });
  });

  it.each([
    ['neither ids nor filter', { changes: { status: 'public' } }, 400, /either "ids" or "filter"/],
    ['both ids and filter', { ids: [1], filter: {}, changes: { status: 'public' } }, 400, /either "ids" or "filter"/],
    ['no change', { ids: [1], changes: {} }, 400, /at least one change/],
    ['no changes object', { ids: [1] }, 400, /changes/],
    ['no ids', { ids: [], changes: { status: 'public' } }, 400, /ids/],
    ['over 1,000 ids', { ids: Array.from({ length: 1_001 }, (_, i) => i + 1), changes: { status: 'public' } }, 400, /ids/],
    ['a tag added and removed', { ids: [1], changes: { addtags: ['a'], removetags: ['A '] } }, 400, /"a" is both added and removed/],
    ['a control character in a tag', { ids: [1], changes: { addtags: ['bad\u0007tag'] } }, 400, /addtags/],
    ['a tag of 100 kB', { ids: [1], changes: { addtags: ['x'.repeat(100_000)] } }, 400, /addtags/],
    ['an expiry past', { ids: [1], changes: { expiry: '2001-01-01 00:00:00' } }, 400, /expiry/],
    ['a status of javascript:', { ids: [1], changes: { status: 'javascript:alert(1)' } }, 400, /status/],
    ['a domain not the account’s', { ids: [1], changes: { domain: 'nowhere.example' } }, 400, /domain/],
    ['a campaign not the account’s', { ids: [1], changes: { campaign: 2_147_483_647 } }, 404, /campaign/i],
    ['a channel not the account’s', { ids: [1], changes: { channel: 2_147_483_647 } }, 404, /channel/i],
    ['a filter date that is none', { filter: { from: 'yesterday' }, changes: { status: 'public' } }, 400, /Invalid field "filter.from"/],
    ['a filter campaign not the account’s', { filter: { campaign: 2_147_483_647 }, changes: { status: 'public' } }, 404, /campaign/i],
    ['a deeply nested filter tag', { filter: { tag: { deep: { deeper: [1] } } }, changes: { status: 'public' } }, 400, /tag/],
    ['a filter that is text', { filter: 'everything', changes: { status: 'public' } }, 400, /filter/],
  ])('refuses %s', async (_label, body, status, message) => {
    const id = await createLink(api, user);
    const response = await edit(JSON.parse(JSON.stringify(body).replace(/"ids":\[1\]/, `"ids":[${id}]`)));
    expect([response.status, response.body.error]).toEqual([status, 1]);
    expect(response.body.message).toMatch(message);
    expect(await details(id)).toMatchObject({ status: 'private', tags: [], expiry: null });
  });

  it('refuses a filter that keeps more than 10,000 links, changing none', async () => {
    await api.linkyard.app
      .get(DataSource)
      .query(
        `INSERT INTO links (user_id, alias, url) SELECT $1, 'bulk-many-' || n, 'https://example.com/' FROM generate_series(1, 10001) n`,
        [user.id],
      );
    const response = await edit({ filter: {}, changes: { status: 'public' } });
    expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(/more than 10,000 links/)]);
    const publicOnes = await api.request('GET', '/l/api/urls?status=public', { key: user.apikey });
    expect(publicOnes.body.data.result).toBe(0);
    // Narrowed, it goes through.
    const narrowed = await edit({ filter: { q: 'bulk-many-1000' }, changes: { status: 'public' } });
    expect(narrowed.body.data.updated).toBe(3); // 1000, 10000 and 10001
  });
});
