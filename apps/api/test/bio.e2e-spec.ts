import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { PUBLIC_URL, useApi, type ApiResponse } from './support/app';
import { createChannel, createDomain, createLink, createPixel, createUser, linkAlias, type TestUser } from './support/factories';
import { pngClaiming, TINY_PNG } from './support/images';
import { FIREFOX, GOOGLEBOT, IPHONE, UK, US } from './support/visitors';

/** A picture of `width`×`height` pixels in one color, as base64 of the format asked for. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366aa' } });
  return (await image[format]().toBuffer()).toString('base64');
}

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

/** HTML as a browser reads it: the character references the pages write, read back. */
const unescaped = (html: string) => html.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

/** Bodies `bio/add` refuses with a 400, and what the message names. */
const REFUSED: [Record<string, unknown>, RegExp][] = [
  [{}, /name/],
  [{ name: '' }, /name/],
  [{ name: 'x'.repeat(101) }, /name/],
  [{ name: 'x', alias: 'a b' }, /alias/],
  [{ name: 'x', alias: 'ab' }, /alias/],
  [{ name: 'x', theme: { background: 'white' } }, /theme\.background/],
  [{ name: 'x', theme: { font: 'comic' } }, /theme\.font/],
  [{ name: 'x', theme: 'dark' }, /theme/],
  [{ name: 'x', language: 'english!' }, /language/],
  [{ name: 'x', blocks: [{ type: 'marquee', text: 'x' }] }, /blocks.*item 0.*link, heading, text, image, social, embed, contact/],
  [{ name: 'x', blocks: ['link'] }, /blocks/],
  [{ name: 'x', blocks: [null] }, /blocks/],
  [{ name: 'x', blocks: [{ type: 'link', title: 'x' }] }, /blocks\.0\.url/],
  [{ name: 'x', blocks: [{ type: 'link', title: 'x', url: 'javascript:alert(1)' }] }, /blocks\.0\.url/],
  [{ name: 'x', blocks: [{ type: 'link', title: 'x', url: 'https://example.com/', icon: 'skull' }] }, /blocks\.0\.icon/],
  [{ name: 'x', blocks: [{ type: 'social', links: [] }] }, /blocks\.0\.links/],
  [
    { name: 'x', blocks: [{ type: 'social', links: [{ network: 'myspace', url: 'https://example.com/' }] }] },
    /blocks\.0\.links\.0\.network/,
  ],
  [{ name: 'x', blocks: [{ type: 'contact', email: 'not an address' }] }, /blocks\.0\.email/],
  [{ name: 'x', blocks: [{ type: 'image' }] }, /blocks\.0\.image.*needs its image/],
  [{ name: 'x', blocks: Array.from({ length: 101 }, () => ({ type: 'heading', text: 'x' })) }, /blocks/],
  [{ name: 'x', pixels: [0] }, /pixels/],
];

describe('bio pages', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const add = (body: Record<string, unknown>, owner: TestUser = user) => api.request('POST', '/l/api/bio/add', { key: owner.apikey, body });
  const update = (id: number, body: Record<string, unknown>, owner: TestUser = user) =>
    api.request('PUT', `/l/api/bio/${id}/update`, { key: owner.apikey, body });
  const read = (id: number, owner: TestUser = user) => api.request('GET', `/l/api/bio/${id}`, { key: owner.apikey });
  /** A visit of a public path, from a browser unless told otherwise. */
  const visit = (path: string, options: { ua?: string; ip?: string; host?: string; referer?: string } = {}) =>
    api.request('GET', path, {
      key: null,
      remoteAddress: options.ip ?? US,
      headers: {
        'user-agent': options.ua ?? FIREFOX,
        ...(options.host ? { host: options.host } : {}),
        ...(options.referer ? { referer: options.referer } : {}),
      },
    });
  const pathOf = (url: string) => new URL(url).pathname;
  const created = async (body: Record<string, unknown>, owner: TestUser = user) => {
    const response = await add(body, owner);
    if (response.status !== 200) throw new Error(`bio/add failed: ${response.status} ${response.text}`);
    // The page as the document's schema gives it (the contract checks the answer): read freely here.
    return response.body.details as Record<string, any>;
  };

  describe('POST /bio/add and GET /bio/:id', () => {
    it('creates a page with every kind of block and answers it as stored', async () => {
      const response = await add({
        name: 'Ada',
        alias: 'ada-links',
        title: 'Ada Lovelace',
        description: 'Mathematician.\nWriter.',
        theme: { background: '#0F172A', text: '#f8fafc', button: '#f8fafc', buttonText: '#0f172a', buttonShape: 'pill', font: 'serif' },
        seo: { title: 'Ada on the web', description: 'Notes and engines.' },
        language: 'en-GB',
        blocks: [
          { type: 'link', title: 'My notes', url: 'https://example.com/notes', icon: 'news' },
          { type: 'heading', text: 'Listen' },
          { type: 'text', text: 'Line one\r\nLine two' },
          { type: 'embed', url: YOUTUBE },
          { type: 'social', links: [{ network: 'mastodon', url: 'https://mastodon.example/@ada' }] },
          { type: 'contact', email: 'ada@example.com', subject: 'Hello' },
        ],
      });
      expect(response.status).toBe(200);
      const { details } = response.body;
      expect(response.body).toMatchObject({ error: 0, id: details.id, link: `${PUBLIC_URL}/ada-links` });
      expect(details).toMatchObject({
        alias: 'ada-links',
        link: `${PUBLIC_URL}/ada-links`,
        domain: null,
        name: 'Ada',
        title: 'Ada Lovelace',
        description: 'Mathematician.\nWriter.',
        avatar: null,
        theme: { background: '#0f172a', text: '#f8fafc', button: '#f8fafc', buttonText: '#0f172a', buttonShape: 'pill', font: 'serif' },
        seo: { title: 'Ada on the web', description: 'Notes and engines.', image: null },
        language: 'en-GB',
        public: true,
        pixels: [],
        channels: [],
        visits: 0,
        uniqueVisits: 0,
      });
      expect(details.blocks).toEqual([
        {
          id: expect.any(Number),
          type: 'link',
          title: 'My notes',
          url: 'https://example.com/notes',
          icon: 'news',
          clicks: 0,
          uniqueClicks: 0,
        },
        { id: expect.any(Number), type: 'heading', text: 'Listen' },
        { id: expect.any(Number), type: 'text', text: 'Line one\nLine two' },
        {
          id: expect.any(Number),
          type: 'embed',
          url: YOUTUBE,
          provider: 'youtube',
          embed: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
        },
        {
          id: expect.any(Number),
          type: 'social',
          links: [{ network: 'mastodon', url: 'https://mastodon.example/@ada' }],
          clicks: 0,
          uniqueClicks: 0,
        },
        { id: expect.any(Number), type: 'contact', title: 'Contact', email: 'ada@example.com', subject: 'Hello' },
      ]);
      const again = await read(details.id);
      expect(again.body.details).toEqual(details);
      expect(again.body.data).toEqual({
        clicks: 0,
        uniqueClicks: 0,
        topCountries: {},
        topReferrers: {},
        topBrowsers: {},
        topOs: {},
        socialCount: { facebook: 0, twitter: 0, instagram: 0 },
      });
    });

    it('picks a free alias when none is asked for, and takes the defaults', async () => {
      const details = await created({ name: 'Plain' });
      expect(details.alias).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(details).toMatchObject({
        title: '',
        theme: { background: '#ffffff', text: '#111827', button: '#111827', buttonText: '#ffffff', buttonShape: 'rounded', font: 'system' },
        language: 'en',
        public: true,
        blocks: [],
      });
    });

    it("is another account's: 404, as for an unknown id", async () => {
      const details = await created({ name: 'Mine' });
      const other = await createUser(api);
      for (const [method, path] of [
        ['GET', `/l/api/bio/${details.id}`],
        ['GET', `/l/api/bio/${details.id}/stats`],
        ['GET', `/l/api/bio/${details.id}/block/${details.id}/stats`],
        ['GET', `/l/api/bio/${details.id}/qr`],
        ['DELETE', `/l/api/bio/${details.id}/delete`],
      ] as const) {
        const response = await api.request(method, path, { key: other.apikey });
        expect(response.status).toBe(404);
        expect(response.body.message).toMatch(/No (bio page|block)/);
      }
      expect((await update(details.id, { name: 'Theirs' }, other)).status).toBe(404);
      expect((await read(details.id)).body.details.name).toBe('Mine');
    });

    it.each(REFUSED)('refuses %j with 400', async (body, message) => {
      const response = await add(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('refuses pixels and domains of other accounts', async () => {
      const other = await createUser(api);
      const pixel = await createPixel(api, other);
      const domain = await createDomain(api, other);
      const withPixel = await add({ name: 'x', pixels: [pixel] });
      expect(withPixel.status).toBe(404);
      expect(withPixel.body.message).toMatch(/pixel/);
      const onDomain = await add({ name: 'x', domain: domain.domain });
      expect(onDomain.status).toBe(400);
      expect(onDomain.body.message).toMatch(/domain/);
      expect((await api.request('GET', '/l/api/bio', { key: user.apikey })).body.data.result).toBe(0);
    });
  });

  describe('the alias, shared with links', () => {
    it('is refused to a page when a link holds it, and to a link when a page holds it (409)', async () => {
      const link = await createLink(api, user, { custom: 'shared-one' });
      const page = await add({ name: 'x', alias: 'shared-one' });
      expect(page.status).toBe(409);
      expect(page.body.message).toMatch(/"shared-one" is already taken/);
      await created({ name: 'y', alias: 'shared-two' });
      const other = await createUser(api);
      const second = await api.request('POST', '/l/api/url/add', {
        key: other.apikey,
        body: { url: 'https://example.com/', custom: 'shared-two' },
      });
      expect(second.status).toBe(409);
      // Renaming a link onto a page's alias, or a page onto a link's, is refused too.
      expect((await api.request('PUT', `/l/api/url/${link}/update`, { key: user.apikey, body: { custom: 'shared-two' } })).status).toBe(
        409,
      );
      const moved = await created({ name: 'z', alias: 'shared-three' });
      expect((await update(moved.id, { alias: 'shared-one' })).status).toBe(409);
      expect((await read(moved.id)).body.details.alias).toBe('shared-three');
      // In a bulk call the item is that item's 409; the others are made.
      const bulk = await api.request('POST', '/l/api/url/bulk', {
        key: user.apikey,
        body: { urls: [{ url: 'https://example.com/a', custom: 'shared-three' }, { url: 'https://example.com/b' }] },
      });
      expect(bulk.body.data.results.map((result: { error: number; status?: number }) => result.status ?? 200)).toEqual([409, 200]);
    });

    it('is per domain, and free again once its holder is deleted', async () => {
      const domain = await createDomain(api, user);
      await createLink(api, user, { custom: 'per-domain' });
      const onDomain = await created({ name: 'x', alias: 'per-domain', domain: domain.domain });
      expect(onDomain.link).toBe(`${domain.domain}/per-domain`);
      expect((await api.request('DELETE', `/l/api/bio/${onDomain.id}/delete`, { key: user.apikey })).status).toBe(200);
      const link = await api.request('POST', '/l/api/url/add', {
        key: user.apikey,
        body: { url: 'https://example.com/', custom: 'per-domain', domain: domain.domain },
      });
      expect(link.status).toBe(200);
      await api.request('DELETE', `/l/api/url/${link.body.id}/delete`, { key: user.apikey });
      expect((await add({ name: 'again', alias: 'per-domain', domain: domain.domain })).status).toBe(200);
    });

    it('holds in the database, whatever the service checked before writing', async () => {
      await created({ name: 'x', alias: 'held-in-db' });
      const database = api.linkyard.app.get(DataSource);
      const inserted = await database.query(
        `INSERT INTO links (user_id, alias, url) VALUES ($1, 'held-in-db', 'https://example.com/') ON CONFLICT DO NOTHING RETURNING id`,
        [user.id],
      );
      expect(inserted).toEqual([]);
      await expect(
        database.query(`UPDATE bio_pages SET alias = 'held-in-db' WHERE user_id = $1 AND alias <> 'held-in-db'`, [user.id]),
      ).resolves.toBeDefined();
      await expect(
        database.query(`INSERT INTO bio_pages (user_id, alias, name, theme) VALUES ($1, 'held-elsewhere', 'x', '{}') RETURNING id`, [
          user.id,
        ]),
      ).resolves.toHaveLength(1);
      await expect(database.query(`UPDATE bio_pages SET alias = 'held-in-db' WHERE alias = 'held-elsewhere'`)).rejects.toThrow(
        /already taken/,
      );
    });

    it('is refused when reserved', async () => {
      const response = await add({ name: 'x', alias: 'healthz' });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/reserved/);
    });

    it('moves with its page to the default domain when the domain is deleted, or the deletion is refused', async () => {
      const domain = await createDomain(api, user);
      const page = await created({ name: 'x', alias: 'moving-page', domain: domain.domain });
      expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await read(page.id)).body.details).toMatchObject({ domain: null, link: `${PUBLIC_URL}/moving-page` });
      expect((await visit('/moving-page')).status).toBe(200);

      const second = await createDomain(api, user);
      await created({ name: 'y', alias: 'taken-there', domain: second.domain });
      await createLink(api, user, { custom: 'taken-there' });
      const refused = await api.request('DELETE', `/l/api/domain/${second.id}/delete`, { key: user.apikey });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/bio page/);
      const domains = await api.request('GET', '/l/api/domains', { key: user.apikey });
      expect(domains.body.data.domains.map((entry: { id: number }) => entry.id)).toContain(second.id);
    });
  });

  describe('PUT /bio/:id/update', () => {
    it('changes only what is sent, keeps the blocks sent with their ids (and their clicks), deletes the others', async () => {
      const page = await created({
        name: 'x',
        title: 'Before',
        theme: { font: 'mono' },
        blocks: [
          { type: 'link', title: 'First', url: 'https://example.com/1' },
          { type: 'link', title: 'Second', url: 'https://example.com/2' },
        ],
      });
      const [first, second] = page.blocks;
      expect((await visit(`/${page.alias}/b/${first!.id}`)).status).toBe(302);
      await api.flushClicks();
      const response = await update(page.id, {
        theme: { buttonShape: 'square' },
        description: 'Two\r\nlines',
        blocks: [
          { type: 'heading', text: 'New' },
          { id: first!.id, type: 'link', title: 'First, renamed', url: 'https://example.com/1b' },
        ],
      });
      expect(response.status).toBe(200);
      const details = response.body.details;
      expect(details).toMatchObject({ title: 'Before', description: 'Two\nlines', theme: { font: 'mono', buttonShape: 'square' } });
      expect(details.blocks).toEqual([
        { id: expect.any(Number), type: 'heading', text: 'New' },
        { id: first!.id, type: 'link', title: 'First, renamed', url: 'https://example.com/1b', icon: null, clicks: 1, uniqueClicks: 1 },
      ]);
      expect(details.blocks.some((block: { id: number }) => block.id === second!.id)).toBe(false);
      expect((await visit(`/${page.alias}/b/${second!.id}`)).status).toBe(404);
      expect((await visit(`/${page.alias}/b/${first!.id}`)).headers.location).toBe('https://example.com/1b');
    });

    it("refuses ids of other pages' blocks, a block sent twice, or a block of another type", async () => {
      const page = await created({ name: 'x', blocks: [{ type: 'heading', text: 'Mine' }] });
      const other = await created({ name: 'y', blocks: [{ type: 'heading', text: 'Other' }] });
      const mine = page.blocks[0]!.id;
      for (const blocks of [
        [{ id: other.blocks[0]!.id, type: 'heading', text: 'stolen' }],
        [
          { id: mine, type: 'heading', text: 'a' },
          { id: mine, type: 'heading', text: 'b' },
        ],
        [{ id: mine, type: 'text', text: 'now text' }],
      ]) {
        const response = await update(page.id, { blocks });
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/blocks/);
      }
      expect((await read(page.id)).body.details.blocks).toEqual([{ id: mine, type: 'heading', text: 'Mine' }]);
      expect((await read(other.id)).body.details.blocks[0].text).toBe('Other');
    });

    it('refuses a theme whose text cannot be read, giving the ratio, and changes nothing', async () => {
      const page = await created({ name: 'x', theme: { background: '#ffffff', text: '#111111' } });
      const response = await update(page.id, { name: 'renamed', theme: { text: '#777777' } });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/contrast ratio of 4\.4\d:1; at least 4\.5:1/);
      const buttons = await add({ name: 'x', theme: { button: '#ffff00', buttonText: '#ffffff' } });
      expect(buttons.status).toBe(400);
      expect(buttons.body.message).toMatch(/buttons' text/);
      expect((await read(page.id)).body.details).toMatchObject({ name: 'x', theme: { text: '#111111' } });
    });
  });

  describe('images', () => {
    it('re-encodes the avatar, image blocks and preview at bounded sizes, and serves them', async () => {
      const page = await created({
        name: 'x',
        avatar: `data:image/png;base64,${await picture(1000, 600)}`,
        seo: { image: await picture(300, 300, 'jpeg') },
        blocks: [{ type: 'image', image: await picture(3000, 1500, 'webp'), alt: 'A blue field' }],
      });
      expect(page.avatar).toMatch(new RegExp(`^${PUBLIC_URL}/${page.alias}/m/\\d+-[0-9a-f]{16}\\.webp$`));
      expect(page.seo.image).toMatch(/\.jpg$/);
      expect(page.blocks[0]).toMatchObject({ type: 'image', alt: 'A blue field', width: 1200, height: 600 });
      const avatar = await api.request('GET', pathOf(page.avatar), { key: null });
      expect(avatar.status).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/webp');
      expect(avatar.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(avatar.raw).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
      const preview = await api.request('GET', pathOf(page.seo.image), { key: null });
      expect(await sharp(preview.raw).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      const block = await api.request('GET', pathOf(page.blocks[0].image), { key: null });
      expect(await sharp(block.raw).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    });

    it('keeps none of the metadata of the upload', async () => {
      const upload = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3333' } })
        .withExif({ IFD0: { Copyright: 'secret-owner-9731', Artist: 'secret-owner-9731' } })
        .jpeg()
        .toBuffer();
      expect(upload.includes('secret-owner-9731')).toBe(true);
      const page = await created({ name: 'x', avatar: upload.toString('base64') });
      const avatar = await api.request('GET', pathOf(page.avatar), { key: null });
      expect(avatar.raw.includes('secret-owner-9731')).toBe(false);
      expect((await sharp(avatar.raw).metadata()).exif).toBeUndefined();
    });

    it.each([
      ['text that is not base64', 'not base64 at all!', /base64/],
      ['a file that is not an image', Buffer.from('hello, I am text').toString('base64'), /not an image/],
      [
        'an SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>').toString('base64'),
        /svg/,
      ],
      ['a picture claiming 16000×16000 pixels', pngClaiming(16000, 16000).toString('base64'), /pixels/],
      [
        'a damaged PNG',
        Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('garbage'.repeat(50))]).toString('base64'),
        /image/,
      ],
    ])('refuses %s with 400', async (_what, avatar, message) => {
      const response = await add({ name: 'x', avatar });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/avatar/);
      expect(response.body.message).toMatch(message);
    });

    it('keeps an image block kept by its id, replaces the avatar, and forgets images no longer shown', async () => {
      const page = await created({
        name: 'x',
        avatar: await picture(50, 50),
        blocks: [
          { type: 'image', image: await picture(100, 80), alt: 'one' },
          { type: 'image', image: await picture(120, 80), alt: 'two' },
        ],
      });
      const [one, two] = page.blocks as { id: number; image: string }[];
      const response = await update(page.id, { avatar: '', blocks: [{ id: one!.id, type: 'image', alt: 'one, described' }] });
      expect(response.status).toBe(200);
      expect(response.body.details.avatar).toBeNull();
      expect(response.body.details.blocks).toEqual([
        { id: one!.id, type: 'image', image: one!.image, alt: 'one, described', width: 100, height: 80 },
      ]);
      expect((await api.request('GET', pathOf(two!.image), { key: null })).status).toBe(404);
      expect((await api.request('GET', pathOf(page.avatar), { key: null })).status).toBe(404);
      const [{ count }] = await api.linkyard.app
        .get(DataSource)
        .query('SELECT count(*)::int AS count FROM bio_media WHERE bio_id = $1', [page.id]);
      expect(count).toBe(1);
    });

    it('allows 20 image blocks at most', async () => {
      const image = await picture(4, 4);
      const response = await add({ name: 'x', blocks: Array.from({ length: 21 }, () => ({ type: 'image', image })) });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/at most 20 images/);
    });

    it("makes one account's many uploads take their turn, never keeping another account's waiting", async () => {
      // 20 pages of two pictures of 25 million pixels each (every one decoded whole), all at once.
      const big = await picture(5000, 5000);
      const flooder = await createUser(api);
      const flood = Array.from({ length: 20 }, () => add({ name: 'flood', avatar: big, seo: { image: big } }, flooder));
      const own = await add({ name: 'mine', avatar: await picture(50, 50) });
      expect(own.status).toBe(200);
      const answers = await Promise.all(flood);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.body.message).toMatch(/Too many images of this account are being made/);
      expect(refused[0]!.headers['retry-after']).toBe('1');
    });
  });

  describe('embeds', () => {
    it.each([
      ['https://youtu.be/aqz-KE-bpKQ?t=1m5s', 'youtube', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=65'],
      ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'youtube', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
      [
        'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
        'youtube',
        'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
      ],
      ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
      ['https://vimeo.com/76979871/8272103f6e', 'vimeo', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
      [
        'https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=abc',
        'spotify',
        'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      ],
      [
        'https://soundcloud.com/forss/flickermood',
        'soundcloud',
        'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood',
      ],
    ])('reads %s as a %s player', async (url, provider, embed) => {
      const page = await created({ name: 'x', blocks: [{ type: 'embed', url }] });
      expect(page.blocks[0]).toMatchObject({ provider, embed });
    });

    it.each([
      'https://evil.example/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ%22onload%3D',
      'https://vimeo.com/channels/staffpicks',
      'https://open.spotify.com/track/not-an-id',
      'https://soundcloud.com/discover/sets',
      'https://user:pass@www.youtube.com/watch?v=aqz-KE-bpKQ',
    ])('refuses %s with 400', async (url) => {
      const response = await add({ name: 'x', blocks: [{ type: 'embed', url }] });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/blocks\.0\.url.*YouTube, Vimeo, Spotify or SoundCloud/);
    });
  });

  describe('hostile text', () => {
    it.each([
      ['a right-to-left override', { name: 'x', title: 'file\u202egnp.exe' }, /title/],
      ['an isolate', { name: 'x', blocks: [{ type: 'heading', text: 'a\u2067b' }] }, /blocks\.0\.text/],
      ['a control character', { name: 'a\u0007b' }, /name/],
      ['a line break in a one-line field', { name: 'x', title: 'one\ntwo' }, /title/],
      ['100 kB of text', { name: 'x', description: 'x'.repeat(100_000) }, /description/],
    ])('refuses %s', async (_what, body, message) => {
      const response = await add(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('shows markup and script URLs as text, never as markup', async () => {
      const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>'"&`;
      const page = await created({
        name: hostile,
        title: hostile,
        description: `javascript:alert(1)\n${hostile}`,
        seo: { title: hostile, description: hostile },
        blocks: [
          { type: 'link', title: hostile, url: 'https://example.com/?q=<script>' },
          { type: 'heading', text: hostile },
          { type: 'text', text: hostile },
          { type: 'contact', title: hostile, email: "o'brien+x@example.com", subject: `"><script>` },
          { type: 'social', links: [{ network: 'x', url: 'https://x.example/"onmouseover="alert(1)' }] },
        ],
      });
      const response = await visit(`/${page.alias}`);
      expect(response.status).toBe(200);
      expect(response.text).not.toMatch(/<script|<img src=x|onerror=|onmouseover=|href="javascript:/i);
      expect(response.text).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;&#47;script&#62;');
      expect(unescaped(response.text)).toContain(`href="mailto:o'brien%2Bx@example.com?subject=%22%3E%3Cscript%3E"`);
    });
  });

  describe('the public page', () => {
    it('renders server-side, no script, under a strict policy, with Open Graph tags, and counts the visit', async () => {
      const page = await created({
        name: 'Shop',
        title: 'The Shop',
        description: 'Hand-made things.',
        language: 'fr',
        avatar: await picture(200, 200),
        seo: { description: 'Things made by hand.', image: await picture(1200, 630) },
        blocks: [
          { type: 'link', title: 'Catalogue', url: 'https://shop.example/catalogue', icon: 'shop' },
          { type: 'embed', url: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' },
          { type: 'image', image: await picture(10, 10), alt: '' },
        ],
      });
      const response = await visit(`/${page.alias}?utm_source=instagram`, { ip: UK });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self'; frame-src https:\/\/open\.spotify\.com;/,
      );
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(policy).not.toMatch(/script-src|unsafe/);
      const html = unescaped(response.text);
      expect(html).not.toMatch(/<script/);
      expect(html).toMatch(/<html lang="fr">/);
      expect(html).toContain('<h1 dir="auto">The Shop</h1>');
      expect(html).toContain(`<a class="button" href="${page.alias}/b/${page.blocks[0].id}">`);
      expect(html).toMatch(
        /<iframe class="embed h352" src="https:\/\/open\.spotify\.com\/embed\/album\/4aawyAB9vmqN3uQ7FjRGTy" title="Spotify album" sandbox="[^"]+"/,
      );
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/${page.alias}">`);
      expect(html).toContain(`<meta property="og:title" content="The Shop">`);
      expect(html).toContain(`<meta property="og:description" content="Things made by hand.">`);
      expect(html).toContain(`<meta property="og:image" content="${page.seo.image}">`);
      expect(html).toMatch(/<header>[\s\S]*<\/header>\s*<main>[\s\S]*<\/main>/);
      // The style the policy allows is the page's own.
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.text)![1]!;
      const hash = (await import('node:crypto')).createHash('sha256').update(style).digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);

      await visit(`/${page.alias}`, { ip: UK });
      await visit(`/${page.alias}`, { ua: GOOGLEBOT });
      // HEAD (a link checker) is answered like a GET, and is no visit.
      const checked = await api.request('HEAD', `/${page.alias}`, {
        key: null,
        remoteAddress: US,
        outsideContract: true,
        headers: { 'user-agent': FIREFOX },
      });
      expect(checked.status).toBe(200);
      await api.flushClicks();
      const details = await read(page.id);
      expect(details.body.details).toMatchObject({ visits: 2, uniqueVisits: 1 });
      expect(details.body.data).toMatchObject({
        clicks: 2,
        uniqueClicks: 1,
        topCountries: { 'United Kingdom': '2' },
        topBrowsers: { Firefox: '2' },
      });
      const stats = await api.request('GET', `/l/api/bio/${page.id}/stats?interval=hour&from=${new Date().toISOString().slice(0, 10)}`, {
        key: user.apikey,
      });
      expect(stats.body.data.totals).toEqual({ clicks: 2, visitors: 1, bots: 1 });
      expect(stats.body.data.top.utmSources).toEqual([{ value: 'instagram', clicks: 1 }]);
    });

    it("counts a button's clicks on its block, then goes on; a social block's icons by number", async () => {
      const page = await created({
        name: 'x',
        blocks: [
          { type: 'link', title: 'Go', url: 'https://example.com/go?utm_source=bio' },
          {
            type: 'social',
            links: [
              { network: 'instagram', url: 'https://instagram.example/me' },
              { network: 'github', url: 'https://github.example/me' },
            ],
          },
        ],
      });
      const [link, social] = page.blocks;
      const go = await visit(`/${page.alias}/b/${link!.id}`, { ua: IPHONE, referer: `${PUBLIC_URL}/${page.alias}` });
      expect(go.status).toBe(302);
      expect(go.headers.location).toBe('https://example.com/go?utm_source=bio');
      expect((await visit(`/${page.alias}/b/${social!.id}?i=1`)).headers.location).toBe('https://github.example/me');
      expect((await visit(`/${page.alias}/b/${social!.id}`)).headers.location).toBe('https://instagram.example/me');
      for (const path of [
        `/${page.alias}/b/${social!.id}?i=2`,
        `/${page.alias}/b/${social!.id}?i=-1`,
        `/${page.alias}/b/999999`,
        `/${page.alias}/b/abc`,
      ]) {
        expect((await visit(path)).status).toBe(404);
      }
      await api.flushClicks();
      const details = (await read(page.id)).body.details;
      expect(details.visits).toBe(0);
      expect(details.blocks.map((block: { clicks: number }) => block.clicks)).toEqual([1, 2]);
      const stats = await api.request('GET', `/l/api/bio/${page.id}/block/${link!.id}/stats`, { key: user.apikey });
      expect(stats.body.data.totals.clicks).toBe(1);
      expect(stats.body.data.top.os).toEqual([{ value: 'iOS', clicks: 1 }]);
      expect(stats.body.data.top.utmSources).toEqual([{ value: 'bio', clicks: 1 }]);
      const otherPage = await created({ name: 'y', blocks: [{ type: 'heading', text: 'h' }] });
      expect((await api.request('GET', `/l/api/bio/${otherPage.id}/block/${link!.id}/stats`, { key: user.apikey })).status).toBe(404);
    });

    it('answers 404 for a private page, its buttons and its images, and shows the change at once', async () => {
      const page = await created({
        name: 'x',
        avatar: await picture(20, 20),
        blocks: [{ type: 'link', title: 'Go', url: 'https://example.com/' }],
      });
      expect((await visit(`/${page.alias}`)).status).toBe(200);
      expect((await update(page.id, { public: false })).status).toBe(200);
      expect((await visit(`/${page.alias}`)).status).toBe(404);
      expect((await visit(`/${page.alias}/b/${page.blocks[0].id}`)).status).toBe(404);
      expect((await visit(pathOf(page.avatar))).status).toBe(404);
      await update(page.id, { public: true, title: 'Back' });
      expect((await visit(`/${page.alias}`)).text).toContain('<h1 dir="auto">Back</h1>');
    });

    it("is served on its branded domain only, and loads the account's pixels with the page's nonce", async () => {
      const domain = await createDomain(api, user);
      const pixel = await createPixel(api, user);
      const page = await created({ name: 'x', alias: 'branded-page', domain: domain.domain, pixels: [pixel] });
      expect(page.pixels).toEqual([pixel]);
      const host = new URL(domain.domain).host;
      const response = await visit('/branded-page', { host });
      expect(response.status).toBe(200);
      const policy = String(response.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
      expect(response.text).toContain(`<script nonce="${nonce}">`);
      expect(policy).not.toMatch(/sandbox/);
      expect((await visit('/branded-page')).status).toBe(404);
      const second = await visit('/branded-page', { host });
      expect(/'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))![1]).not.toBe(nonce);
    });

    it("runs pixels in an opaque origin on the service's own address", async () => {
      const pixel = await createPixel(api, user);
      const page = await created({ name: 'x', pixels: [pixel] });
      const policy = String((await visit(`/${page.alias}`, { host: new URL(PUBLIC_URL).host })).headers['content-security-policy']);
      expect(policy).toMatch(/; sandbox allow-scripts [^;]*$/);
      expect(policy).not.toMatch(/allow-same-origin/);
    });
  });

  describe('POST /bio/preview and POST /bio/:id/preview', () => {
    const preview = (body: unknown, id?: number, owner: TestUser = user) =>
      api.request('POST', id === undefined ? '/l/api/bio/preview' : `/l/api/bio/${id}/preview`, { key: owner.apikey, body });
    /** The data: URLs of a preview's images, decoded. */
    const dataImages = (html: string) =>
      [...html.matchAll(/src="data:(image\/(?:webp|jpeg));base64,([A-Za-z0-9+/=]+)"/g)].map(([, type, data]) => ({
        type,
        data: Buffer.from(data!, 'base64'),
      }));
    const stored = async () => {
      const db = api.linkyard.app.get(DataSource);
      const [row] = await db.query<{ pages: string; blocks: string; media: string }[]>(
        'SELECT (SELECT count(*) FROM bio_pages) AS pages, (SELECT count(*) FROM bio_blocks) AS blocks, (SELECT count(*) FROM bio_media) AS media',
      );
      return row;
    };

    it('draws a new page with the public page renderer, with its uploads inline, storing and counting nothing', async () => {
      const body = {
        name: 'Ada',
        alias: 'ada-preview',
        title: 'Ada Lovelace',
        description: 'Mathematician.\nWriter.',
        avatar: await picture(600, 600, 'jpeg'),
        theme: { background: '#fdf6ec', text: '#1f2937', button: '#1f2937', buttonText: '#fdf6ec', buttonShape: 'pill', font: 'serif' },
        seo: { title: 'Ada on the web', image: await picture(1300, 700) },
        language: 'en-GB',
        pixels: [await createPixel(api, user)],
        blocks: [
          { type: 'link', title: 'My notes', url: 'https://example.com/notes?a=1&b=2', icon: 'news' },
          { type: 'heading', text: 'Listen' },
          { type: 'text', text: 'Line one\nLine two' },
          { type: 'image', image: await picture(2400, 1200), alt: 'A blue field' },
          { type: 'embed', url: YOUTUBE },
          { type: 'social', links: [{ network: 'mastodon', url: 'https://mastodon.example/@ada' }] },
          { type: 'contact', title: 'Write to me', email: 'ada@example.com' },
        ],
      };
      const before = await stored();
      const response = await preview(body);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:; frame-src https:\/\/www\.youtube-nocookie\.com; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'$/,
      );
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.text)![1]!;
      expect(policy).toContain(`'sha256-${(await import('node:crypto')).createHash('sha256').update(style).digest('base64')}'`);
      const html = unescaped(response.text);
      // No script: the pixels are checked, not loaded.
      expect(html).not.toMatch(/<script/);
      expect(html).toContain('<h1 dir="auto">Ada Lovelace</h1>');
      expect(html).toContain('<p class="text" dir="auto">Line one\nLine two</p>');
      // Buttons lead straight to their URLs: a click in a preview is no click of the page.
      expect(html).toContain('<a class="button" href="https://example.com/notes?a=1&b=2">');
      expect(html).toContain('<a href="https://mastodon.example/@ada">Mastodon</a>');
      expect(html).not.toMatch(/\/b\/\d/);
      // The uploads, made as saving makes them (the avatar 400×400, the image at most 1200 wide), inline.
      const images = dataImages(response.text);
      expect(images).toHaveLength(2);
      expect(await sharp(images[0]!.data).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
      expect(await sharp(images[1]!.data).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 600 });
      expect(await stored()).toEqual(before);

      // The same body saved: its public page is the preview, but for where images and buttons lead.
      const page = await created(body);
      const visited = await visit(`/${page.alias}`);
      const skeleton = (text: string) =>
        text
          .replace(/(src|href|content)="[^"]*"/g, '$1=""')
          .replace(/<script[\s\S]*?<\/script>\n/g, '')
          .replace(/\.(webp|jpg)"/g, '"');
      expect(skeleton(response.text)).toBe(skeleton(visited.text));
      await api.flushClicks();
      expect((await read(page.id)).body.details.visits).toBe(1);
    });

    it('draws a change of a stored page over what is stored, and changes nothing', async () => {
      const page = await created({
        name: 'Shop',
        title: 'The Shop',
        avatar: await picture(100, 100),
        blocks: [
          { type: 'image', image: await picture(40, 30), alt: 'Old' },
          { type: 'link', title: 'Catalogue', url: 'https://shop.example/catalogue' },
        ],
      });
      const response = await preview(
        {
          title: 'The New Shop',
          theme: { background: '#0f172a', text: '#f8fafc' },
          blocks: [
            { type: 'heading', text: 'New arrivals' },
            { id: page.blocks[0].id, type: 'image', alt: 'A picture kept by its id' },
          ],
        },
        page.id,
      );
      expect(response.status).toBe(200);
      const html = unescaped(response.text);
      expect(html).toContain('<h1 dir="auto">The New Shop</h1>');
      expect(html).toContain('<h2 dir="auto">New arrivals</h2>');
      expect(html).toContain('alt="A picture kept by its id"');
      expect(html).not.toContain('Catalogue');
      expect(html).toContain('background:#0f172a');
      // The stored avatar and picture, the very bytes the public page serves.
      const images = dataImages(response.text);
      const served = await Promise.all([page.avatar, page.blocks[0].image].map(async (url: string) => (await visit(pathOf(url))).raw));
      expect(images.map((image) => image.data)).toEqual(served);
      // A removed avatar, and the stored blocks when none are sent.
      const removed = await preview({ avatar: '' }, page.id);
      expect(dataImages(removed.text)).toHaveLength(1);
      expect(unescaped(removed.text)).toContain('Catalogue');
      expect((await read(page.id)).body.details).toMatchObject({ title: 'The Shop', updated: page.updated, blocks: page.blocks });
    });

    it.each(REFUSED)('refuses %j as bio/add does', async (body, message) => {
      const response = await preview(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: (await add(body)).body.message });
      expect(response.body.message).toMatch(message);
    });

    it('checks a change as bio/:id/update does', async () => {
      const page = await created({
        name: 'x',
        theme: { background: '#ffffff', text: '#111111' },
        blocks: [{ type: 'heading', text: 'H' }],
      });
      const other = await created({ name: 'y', blocks: [{ type: 'heading', text: 'Other' }] });
      const stranger = await createUser(api);
      const cases: [Record<string, unknown>, number][] = [
        [{ theme: { text: '#777777' } }, 400],
        [{ blocks: [{ id: other.blocks[0].id, type: 'heading', text: 'x' }] }, 400],
        [{ blocks: [{ id: page.blocks[0].id, type: 'text', text: 'x' }] }, 400],
        [{ blocks: [page.blocks[0], page.blocks[0]] }, 400],
        [{ blocks: Array.from({ length: 21 }, () => ({ type: 'image', image: TINY_PNG.toString('base64') })) }, 400],
        [{ avatar: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }, 400],
        [{ alias: 'api' }, 400],
        [{ domain: 'elsewhere.example' }, 400],
        [{ pixels: [await createPixel(api, stranger)] }, 404],
      ];
      for (const [body, status] of cases) {
        const previewed = await preview(body, page.id);
        const updated = await update(page.id, body);
        expect([previewed.status, previewed.body]).toEqual([status, updated.body]);
        expect(updated.status).toBe(status);
      }
      expect((await preview({ name: 'z' }, page.id, stranger)).status).toBe(404);
      expect((await preview({ name: 'z' }, 2_000_000_000)).status).toBe(404);
    });

    it('does not claim the alias (saving says when it is taken), and is rate-limited like every call', async () => {
      const alias = await linkAlias(api, user, await createLink(api, user));
      const first = await preview({ name: 'x', alias });
      expect(first.status).toBe(200);
      expect((await add({ name: 'x', alias })).status).toBe(409);
      const second = await preview({ name: 'x' });
      expect(Number(second.headers['x-ratelimit-remaining'])).toBeLessThan(Number(first.headers['x-ratelimit-remaining']));
      const limited = await createUser(api, { ratelimit: 1 });
      expect((await preview({ name: 'x' }, undefined, limited)).status).toBe(200);
      expect((await preview({ name: 'x' }, undefined, limited)).status).toBe(429);
    });

    it('shows markup as text, never as markup', async () => {
      const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>'"&`;
      const response = await preview({
        name: hostile,
        title: `مرحبا ${hostile}`,
        description: `javascript:alert(1)\n${hostile}`,
        blocks: [
          { type: 'link', title: hostile, url: 'https://example.com/?q=<script>' },
          { type: 'text', text: 'x'.repeat(1000) },
          { type: 'social', links: [{ network: 'x', url: 'https://x.example/"onmouseover="alert(1)' }] },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.text).not.toMatch(/<script|<img src=x|onerror=|onmouseover=|href="javascript:/i);
      expect(unescaped(response.text)).toContain(`<h1 dir="auto">مرحبا ${hostile}</h1>`);
    });
  });

  describe('GET /bio', () => {
    it('lists the pages newest first, with the paging fields and the string "0"', async () => {
      for (const name of ['one', 'two', 'three']) await created({ name });
      const response = await api.request('GET', '/l/api/bio?limit=2', { key: user.apikey });
      expect(response.body).toMatchObject({ error: '0', data: { result: 3, perpage: 2, currentpage: 1, nextpage: 2, maxpage: 2 } });
      expect(response.body.data.bio.map((page: { name: string }) => page.name)).toEqual(['three', 'two']);
      expect(response.body.data.bio[0]).toEqual({
        id: expect.any(Number),
        alias: expect.any(String),
        link: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/`)),
        name: 'three',
        public: true,
        visits: 0,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      const past = await api.request('GET', '/l/api/bio?page=5', { key: user.apikey });
      expect(past.body.data).toMatchObject({ result: 3, currentpage: 5, bio: [] });
    });
  });

  describe('GET /bio/:id/qr', () => {
    it("draws the page's address", async () => {
      const page = await created({ name: 'x' });
      const png = await api.request('GET', `/l/api/bio/${page.id}/qr?size=200`, { key: user.apikey });
      expect(png.headers['content-type']).toBe('image/png');
      expect(await sharp(png.raw).metadata()).toMatchObject({ width: 200, height: 200 });
      const svg = await api.request('GET', `/l/api/bio/${page.id}/qr?format=svg`, { key: user.apikey });
      expect(svg.text).toMatch(/^<svg /);
      expect((await api.request('GET', `/l/api/bio/${page.id}/qr?size=5000`, { key: user.apikey })).status).toBe(400);
    });
  });

  describe('DELETE /bio/:id/delete', () => {
    it('deletes the page with its blocks, images and clicks; its address answers 404', async () => {
      const page = await created({
        name: 'x',
        avatar: await picture(8, 8),
        seo: { image: await picture(8, 8) },
        blocks: [
          { type: 'link', title: 'Go', url: 'https://example.com/' },
          { type: 'image', image: await picture(8, 8) },
        ],
      });
      await visit(`/${page.alias}`);
      await visit(`/${page.alias}/b/${page.blocks[0].id}`);
      await api.flushClicks();
      const response = await api.request('DELETE', `/l/api/bio/${page.id}/delete`, { key: user.apikey });
      expect(response.body).toEqual({ error: 0, message: 'Bio page deleted.' });
      expect((await visit(`/${page.alias}`)).status).toBe(404);
      expect((await read(page.id)).status).toBe(404);
      const database = api.linkyard.app.get(DataSource);
      for (const table of ['bio_blocks', 'bio_media', 'clicks', 'click_hours']) {
        const [{ count }] = await database.query(`SELECT count(*)::int AS count FROM ${table} WHERE bio_id = $1`, [page.id]);
        expect([table, count]).toEqual([table, 0]);
      }
    });
  });

  it("goes with its account: an admin's deletion of the user deletes the pages, their images and clicks, and frees their aliases", async () => {
    const owner = await createUser(api);
    const page = await created(
      {
        name: 'x',
        alias: 'owned-page',
        avatar: await picture(8, 8),
        blocks: [
          { type: 'image', image: await picture(8, 8) },
          { type: 'link', title: 'Go', url: 'https://example.com/' },
        ],
      },
      owner,
    );
    await visit('/owned-page');
    await visit(`/owned-page/b/${page.blocks[1]!.id}`);
    await api.flushClicks();
    expect((await api.request('DELETE', `/l/api/user/${owner.id}/delete`)).status).toBe(200);
    expect((await visit('/owned-page')).status).toBe(404);
    const [{ count }] = await api.linkyard.app
      .get(DataSource)
      .query('SELECT count(*)::int AS count FROM bio_media WHERE bio_id = $1', [page.id]);
    expect(count).toBe(0);
    expect((await add({ name: 'y', alias: 'owned-page' })).status).toBe(200);
  });

  describe('as channel items', () => {
    it('are assigned, listed with the item fields, unassigned, and unassigned with their channel', async () => {
      const channel = await createChannel(api, user);
      const page = await created({ name: 'Links page', alias: 'channel-page' });
      const assign = await api.request('POST', `/l/api/channel/${channel}/assign/bio/${page.id}`, { key: user.apikey });
      expect(assign.status).toBe(200);
      const items = await api.request('GET', `/l/api/channel/${channel}`, { key: user.apikey });
      expect(items.body.data.items).toEqual([
        {
          type: 'bio',
          id: page.id,
          title: 'Links page',
          preview: `${PUBLIC_URL}/channel-page`,
          link: `${PUBLIC_URL}/channel-page`,
          date: new Date().toISOString().slice(0, 10),
        },
      ]);
      expect((await read(page.id)).body.details.channels).toEqual([channel]);
      const unassign = await api.request('POST', `/l/api/channel/${channel}/unassign/bio/${page.id}`, { key: user.apikey });
      expect(unassign.body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', `/l/api/channel/${channel}`, { key: user.apikey })).body.data.items).toEqual([]);
      // Unassigning what is not there is a success; the page stays.
      expect((await api.request('POST', `/l/api/channel/${channel}/unassign/bio/${page.id}`, { key: user.apikey })).status).toBe(200);
      await api.request('POST', `/l/api/channel/${channel}/assign/bio/${page.id}`, { key: user.apikey });
      expect((await api.request('DELETE', `/l/api/channel/${channel}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await read(page.id)).body.details.channels).toEqual([]);
    });

    it("are another account's: 404", async () => {
      const other = await createUser(api);
      const page = await created({ name: 'x' }, other);
      const channel = await createChannel(api, user);
      const response: ApiResponse = await api.request('POST', `/l/api/channel/${channel}/assign/bio/${page.id}`, { key: user.apikey });
      expect(response.status).toBe(404);
      expect((await api.request('POST', `/l/api/channel/${channel}/unassign/bio/${page.id}`, { key: user.apikey })).status).toBe(404);
    });
  });

  it('a link is still found first at its own alias', async () => {
    const alias = await linkAlias(api, user, await createLink(api, user, { url: 'https://example.com/link' }));
    expect((await visit(`/${alias}`)).headers.location).toBe('https://example.com/link');
  });
});
