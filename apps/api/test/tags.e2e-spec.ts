import { useApi } from './support/app';
import { createCampaign, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX, UK } from './support/visitors';

describe('tags', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const details = async (id: number, key = user.apikey) => (await api.request('GET', `/l/api/url/${id}`, { key })).body.details;
  const listed = async (query: string, key = user.apikey) => {
    const response = await api.request('GET', `/l/api/urls?${query}`, { key });
    expect(response.status).toBe(200);
    return response.body.data as { result: number; urls: { id: number; tags: string[] }[] };
  };
  const tags = async (query = '', key = user.apikey) => {
    const response = await api.request('GET', `/l/api/tags${query ? `?${query}` : ''}`, { key });
    expect(response.status).toBe(200);
    return response.body.data as { result: number; maxpage: number; tags: { name: string; color: string | null; links: number }[] };
  };
  const tag = (name: string) => encodeURIComponent(name);

  describe('on links', () => {
    it('stores a link’s tags trimmed, in lower case, each once, in the order given, in every answer', async () => {
      const id = await createLink(api, user, { tags: ['  Spring ', 'NEWSLETTER', 'spring', 'Ünïcödé', '日本語', '🚀 launch'] });
      const expected = ['spring', 'newsletter', 'ünïcödé', '日本語', '🚀 launch'];
      expect((await details(id)).tags).toEqual(expected);
      expect((await listed('')).urls).toEqual([expect.objectContaining({ id, tags: expected })]);
      expect((await createLink(api, user).then(details)).tags).toEqual([]);
    });

    it('replaces them on update, keeps them when not sent, and [] removes them', async () => {
      const id = await createLink(api, user, { tags: ['a1', 'b2'] });
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { title: 'Renamed' } });
      expect((await details(id)).tags).toEqual(['a1', 'b2']);
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { tags: ['C3'] } });
      expect((await details(id)).tags).toEqual(['c3']);
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { tags: [] } });
      expect((await details(id)).tags).toEqual([]);
    });

    it.each([
      ['21 tags', Array.from({ length: 21 }, (_, index) => `t${index}`)],
      ['51 characters', ['x'.repeat(51)]],
      ['100 kB', ['x'.repeat(100_000)]],
      ['an empty tag', ['ok', '   ']],
      ['a control character', ['bad\u0007bell']],
      ['a line break', ['two\nlines']],
      ['a right-to-left override', ['gpj.\u202Eexe']],
      ['a zero-width space (a tag looking like another)', ['spr\u200Bing']],
      ['a soft hyphen', ['spr\u00ADing']],
      ['a path segment', ['..']],
      ['a number', [42]],
      ['an object', [{ name: 'nested' }]],
      ['not a list', 'spring'],
    ])('refuses %s with a 400 on the field, and writes nothing', async (_case, value) => {
      const response = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: { url: 'https://example.com/', tags: value },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(/^Invalid field "tags": /) });
      expect((await listed('')).result).toBe(0);
    });

    it('refuses an unpaired surrogate with a 400, not a database error', async () => {
      const response = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        rawBody: '{"url":"https://example.com/","tags":["ok","\\ud800"]}',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/lone UTF-16 surrogate/);
    });

    it('takes 50 characters of any script, and text that looks like code as text', async () => {
      const long = 'ж'.repeat(50);
      const id = await createLink(api, user, { tags: [long, 'javascript:alert(1)', '<b>bold</b>', 'o\'neil, "q"'] });
      expect((await details(id)).tags).toEqual([long, 'javascript:alert(1)', '<b>bold</b>', 'o\'neil, "q"']);
    });

    it('takes tags in bulk, each item checked on its own', async () => {
      const response = await api.request('POST', '/l/api/url/bulk', {
        key: user.apikey,
        body: {
          urls: [
            { url: 'https://example.com/1', tags: ['Bulk'] },
            { url: 'https://example.com/2', tags: ['x'.repeat(60)] },
          ],
        },
      });
      expect(response.body.data).toMatchObject({ created: 1, failed: 1 });
      expect(response.body.data.results[1]).toMatchObject({ status: 400, field: 'tags' });
      expect((await details(response.body.data.results[0].id)).tags).toEqual(['bulk']);
    });
  });

  describe('GET /urls?tag=', () => {
    let spring: number;
    let both: number;
    let other: number;

    beforeEach(async () => {
      spring = await createLink(api, user, { tags: ['spring'], title: 'Sale' });
      both = await createLink(api, user, { tags: ['newsletter', 'spring'], title: 'Sale letter' });
      other = await createLink(api, user, { tags: ['newsletter'] });
      await createLink(api, user);
    });

    it('keeps the links carrying the tag, compared in lower case', async () => {
      const found = await listed('tag=SPRING');
      expect(found.result).toBe(2);
      expect(found.urls.map((link) => link.id)).toEqual([both, spring]);
    });

    it('keeps the links carrying every tag named', async () => {
      expect((await listed('tag=spring&tag=newsletter')).urls.map((link) => link.id)).toEqual([both]);
      expect((await listed('tag=newsletter')).urls.map((link) => link.id)).toEqual([other, both]);
      expect((await listed('tag=unknown')).result).toBe(0);
    });

    it('combines with the search, the campaign, the order and the pages', async () => {
      expect((await listed('tag=spring&q=letter')).urls.map((link) => link.id)).toEqual([both]);
      const campaign = await createCampaign(api, user);
      await api.request('PUT', `/l/api/url/${spring}/update`, { key: user.apikey, body: { campaign } });
      expect((await listed(`tag=spring&campaign=${campaign}`)).urls.map((link) => link.id)).toEqual([spring]);
      const page = await listed('tag=spring&limit=1&page=2&order=clicks');
      expect(page).toMatchObject({ result: 2, maxpage: 2 });
      expect(page.urls.map((link) => link.id)).toEqual([spring]);
      expect((await listed('tag=spring&limit=1&page=5')).result).toBe(2);
    });

    it('takes an empty value as no filter and refuses what cannot be a tag', async () => {
      expect((await listed('tag=')).result).toBe(4);
      const long = await api.request('GET', `/l/api/urls?tag=${'x'.repeat(51)}`, { key: user.apikey });
      expect(long.status).toBe(400);
      const control = await api.request('GET', '/l/api/urls?tag=a%01b', { key: user.apikey });
      expect(control.status).toBe(400);
      const many = await api.request('GET', `/l/api/urls?${Array.from({ length: 21 }, (_, index) => `tag=t${index}`).join('&')}`, {
        key: user.apikey,
      });
      expect(many.status).toBe(400);
    });

    it('shows another account none of these links', async () => {
      const stranger = await createUser(api);
      expect((await listed('tag=spring', stranger.apikey)).result).toBe(0);
    });
  });

  describe('the account’s tags', () => {
    it('lists them alphabetically with their link counts and colours, a page at a time', async () => {
      await createLink(api, user, { tags: ['spring', 'newsletter'] });
      await createLink(api, user, { tags: ['spring'] });
      await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'Autumn', color: '#1F6FEB' } });
      expect((await tags()).tags).toEqual([
        { name: 'autumn', color: '#1f6feb', links: 0 },
        { name: 'newsletter', color: null, links: 1 },
        { name: 'spring', color: null, links: 2 },
      ]);
      const second = await tags('limit=2&page=2');
      expect(second).toMatchObject({ result: 3, maxpage: 2, tags: [{ name: 'spring' }] });
      expect((await tags('limit=2&page=9')).result).toBe(3);
      expect((await tags('q=SPR')).tags.map((item) => item.name)).toEqual(['spring']);
      expect((await tags('', (await createUser(api)).apikey)).result).toBe(0);
    });

    it('shows a new link’s tags in the list at once (the cached list is dropped)', async () => {
      expect((await tags()).result).toBe(0);
      const id = await createLink(api, user, { tags: ['fresh'] });
      expect((await tags()).tags).toEqual([{ name: 'fresh', color: null, links: 1 }]);
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { tags: ['fresher'] } });
      expect((await tags()).tags).toEqual([{ name: 'fresher', color: null, links: 1 }]);
      await api.request('DELETE', `/l/api/url/${id}/delete`, { key: user.apikey });
      expect((await tags()).result).toBe(0);
    });

    it('forgets a tag that only had a colour once no link carries it and its colour is taken away', async () => {
      const id = await createLink(api, user, { tags: ['brief'] });
      await api.request('PUT', '/l/api/tag/brief/update', { key: user.apikey, body: { color: '' } });
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { tags: [] } });
      expect((await tags()).result).toBe(0);
    });

    it('adds a tag once: again, or one a link carries, is a 409', async () => {
      const added = await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'Promo' } });
      expect(added.body).toEqual({ error: 0, tag: { name: 'promo', color: null, links: 0 } });
      const again = await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'PROMO ' } });
      expect(again.status).toBe(409);
      await createLink(api, user, { tags: ['used'] });
      expect((await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'used' } })).status).toBe(409);
      const badColor = await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'x1', color: 'red' } });
      expect(badColor.body).toEqual({ error: 1, message: 'Invalid field "color": must be a colour #RRGGBB, or "" for none.' });
      const badName = await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'a\u0000b' } });
      expect(badName.status).toBe(400);
    });

    it('renames a tag on every link carrying it, and only the account’s', async () => {
      const first = await createLink(api, user, { tags: ['old', 'keep'] });
      const second = await createLink(api, user, { tags: ['old'] });
      const stranger = await createUser(api);
      const theirs = await createLink(api, stranger, { tags: ['old'] });
      const response = await api.request('PUT', `/l/api/tag/old/update`, { key: user.apikey, body: { name: 'New / Ñame' } });
      expect(response.body).toEqual({ error: 0, tag: { name: 'new / ñame', color: null, links: 2 } });
      expect((await details(first)).tags).toEqual(['new / ñame', 'keep']);
      expect((await details(second)).tags).toEqual(['new / ñame']);
      expect((await details(theirs, stranger.apikey)).tags).toEqual(['old']);
      expect((await listed(`tag=${tag('new / ñame')}`)).result).toBe(2);
      expect((await api.request('PUT', '/l/api/tag/old/update', { key: user.apikey, body: { color: '#000000' } })).status).toBe(404);
    });

    it('merges a tag renamed to one the account has: a link carrying both keeps one, the target’s colour wins', async () => {
      await api.request('POST', '/l/api/tag/add', { key: user.apikey, body: { name: 'target', color: '#111111' } });
      await api
        .request('PUT', '/l/api/tag/source/update', { key: user.apikey, body: {} })
        .then((response) => expect(response.status).toBe(404));
      const both = await createLink(api, user, { tags: ['source', 'x', 'target'] });
      const only = await createLink(api, user, { tags: ['source'] });
      await api.request('PUT', '/l/api/tag/source/update', { key: user.apikey, body: { color: '#222222' } });
      const merged = await api.request('PUT', '/l/api/tag/source/update', { key: user.apikey, body: { name: 'target' } });
      expect(merged.body.tag).toEqual({ name: 'target', color: '#111111', links: 2 });
      expect((await details(both)).tags).toEqual(['x', 'target']);
      expect((await details(only)).tags).toEqual(['target']);
      expect((await tags()).tags.map((item) => item.name)).toEqual(['target', 'x']);
    });

    it('sets and removes a colour, named in the path in any script', async () => {
      await createLink(api, user, { tags: ['日本語/タグ'] });
      const set = await api.request('PUT', `/l/api/tag/${tag('日本語/タグ')}/update`, { key: user.apikey, body: { color: '#A0B1C2' } });
      expect(set.body.tag).toEqual({ name: '日本語/タグ', color: '#a0b1c2', links: 1 });
      const removed = await api.request('PUT', `/l/api/tag/${tag('日本語/タグ')}/update`, { key: user.apikey, body: { color: '' } });
      expect(removed.body.tag.color).toBeNull();
      const refused = await api.request('PUT', `/l/api/tag/${tag('日本語/タグ')}/update`, { key: user.apikey, body: { name: '' } });
      expect(refused.status).toBe(400);
      expect((await api.request('PUT', `/l/api/tag/${'x'.repeat(60)}/update`, { key: user.apikey, body: {} })).status).toBe(400);
    });

    it('deletes a tag from every link of the account and forgets its colour; the links stay', async () => {
      const first = await createLink(api, user, { tags: ['gone', 'stays'] });
      await createLink(api, user, { tags: ['gone'] });
      await api.request('PUT', '/l/api/tag/gone/update', { key: user.apikey, body: { color: '#333333' } });
      const stranger = await createUser(api);
      const theirs = await createLink(api, stranger, { tags: ['gone'] });
      expect((await api.request('DELETE', '/l/api/tag/gone/delete', { key: stranger.apikey })).body.message).toBe(
        'Tag deleted from 1 link.',
      );
      expect((await details(theirs, stranger.apikey)).tags).toEqual([]);
      expect((await details(first)).tags).toEqual(['gone', 'stays']);
      const deleted = await api.request('DELETE', '/l/api/tag/GONE/delete', { key: user.apikey });
      expect(deleted.body).toEqual({ error: 0, message: 'Tag deleted from 2 links.' });
      expect((await details(first)).tags).toEqual(['stays']);
      expect((await listed('')).result).toBe(2);
      expect((await tags()).tags).toEqual([{ name: 'stays', color: null, links: 1 }]);
      expect((await api.request('DELETE', '/l/api/tag/gone/delete', { key: user.apikey })).status).toBe(404);
    });
  });

  describe('statistics', () => {
    it("counts the clicks of the links carrying a tag now, with its links clicked most, and another account's tag is none", async () => {
      const a = await createLink(api, user, { custom: `tag-a-${user.id}`, tags: ['Spring', 'paris, france'] });
      const b = await createLink(api, user, { custom: `tag-b-${user.id}`, tags: ['spring'] });
      const other = await createLink(api, user, { custom: `tag-c-${user.id}`, tags: ['autumn'] });
      const visit = (alias: string) =>
        api.request('GET', `/${alias}`, { key: null, remoteAddress: UK, headers: { 'user-agent': FIREFOX } });
      for (const alias of [`tag-a-${user.id}`, `tag-a-${user.id}`, `tag-b-${user.id}`, `tag-c-${user.id}`]) await visit(alias);
      await api.flushClicks();
      const stats = (name: string, query = '', key = user.apikey) =>
        api.request('GET', `/l/api/tag/${tag(name)}/stats?from=2000-01-01&to=2100-01-01&interval=month${query}`, { key });

      const spring = await stats('SPRING');
      expect(spring.status).toBe(200);
      expect(spring.body.data.totals).toEqual({ clicks: 3, visitors: 2, bots: 0 });
      expect(spring.body.data.topLinks.map((link: { id: number; clicks: number }) => [link.id, link.clicks])).toEqual([
        [a, 2],
        [b, 1],
      ]);
      expect((await stats('paris, france')).body.data.totals.clicks).toBe(2);
      expect((await stats('spring', '&country=US')).body.data.totals.clicks).toBe(0);
      // Tagged later, a link brings its clicks from before.
      expect((await api.request('PUT', `/l/api/url/${other}/update`, { key: user.apikey, body: { tags: ['spring'] } })).status).toBe(200);
      expect((await stats('spring')).body.data.totals.clicks).toBe(4);

      const stranger = await createUser(api);
      expect((await stats('spring', '', stranger.apikey)).status).toBe(404);
      expect((await stats('never-used')).status).toBe(404);
      expect((await stats('spring', '&interval=fortnight')).status).toBe(400);
      expect((await api.request('GET', `/l/api/tag/${tag('a\u0007b')}/stats`, { key: user.apikey })).status).toBe(400);
    });
  });
});
