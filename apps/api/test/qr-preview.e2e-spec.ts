import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { useApi, type TestApi } from './support/app';
import { createUser, type TestUser } from './support/factories';
import { TINY_PNG } from './support/images';

const PNG = /^\x89PNG\r\n\x1a\n/;

/** A picture of `width`×`height` in one colour, as a file of this format. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif', color = '#dc2626'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** The colour of a pixel of a PNG, as #rrggbb. */
async function pixel(image: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** The colours of a PNG, with how many pixels have each. */
async function colours(image: Buffer): Promise<Map<string, number>> {
  const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = new Map<string, number>();
  for (let at = 0; at < data.length; at += 3) {
    const key = `#${[data[at]!, data[at + 1]!, data[at + 2]!].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  return found;
}

const preview = (api: TestApi, user: TestUser, body: unknown) => api.request('POST', '/l/api/qr/preview', { key: user.apikey, body });

describe('QR codes: drawing a draft and uploading a logo', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  describe('POST /qr/preview', () => {
    it('draws the draft as the public image would, in its colours, and saves nothing', async () => {
      const body = { type: 'wifi', data: { ssid: 'Shop guests', pass: 'a long passphrase', encryption: 'WPA' } };
      const black = await preview(api, user, body);
      expect(black.status).toBe(200);
      expect(black.headers['content-type']).toBe('image/png');
      expect(black.headers['cache-control']).toBe('no-store');
      expect(black.raw.toString('latin1')).toMatch(PNG);
      expect(await sharp(black.raw).metadata()).toMatchObject({ width: 300, height: 300 });
      expect(await pixel(black.raw, 0, 0)).toBe('#ffffff');
      expect([...(await colours(black.raw)).keys()].sort()).toEqual(['#000000', '#ffffff']);

      // The colour changed: the same modules, in the new colour.
      const blue = await preview(api, user, { ...body, foreground: 'rgb(30,58,138)', size: 120 });
      expect(await sharp(blue.raw).metadata()).toMatchObject({ width: 120, height: 120 });
      expect([...(await colours(blue.raw)).keys()].sort()).toEqual(['#1e3a8a', '#ffffff']);

      // It is the image the saved code gets.
      const saved = await api.request('POST', '/l/api/qr/add', { key: user.apikey, body: { ...body, foreground: 'rgb(30,58,138)' } });
      const alias = new URL(saved.body.link as string).pathname.split('/').pop()!;
      const image = await api.request('GET', `/qr/${alias}?size=120`, { key: null });
      expect(image.raw.equals(blue.raw)).toBe(true);
      const listed = await api.request('GET', '/l/api/qr', { key: user.apikey });
      expect(listed.body.data.result).toBe(1);
    });

    it('draws a link code with an address as long as the one it will get, and as SVG when asked', async () => {
      const svg = await preview(api, user, { type: 'link', data: 'https://example.com/spring', format: 'svg' });
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
      const saved = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        body: { type: 'link', data: 'https://example.com/spring' },
      });
      const alias = new URL(saved.body.link as string).pathname.split('/').pop()!;
      const real = await api.request('GET', `/qr/${alias}?format=svg`, { key: null });
      const side = (text: string) => /viewBox="0 0 (\d+) /.exec(text)?.[1];
      expect(side(svg.text)).toBe(side(real.text));
    });

    it('counts against the rate limit like any call', async () => {
      const limited = await createUser(api, { ratelimit: 2 });
      const body = { type: 'text', data: 'Table 12' };
      const first = await preview(api, limited, body);
      expect(first.headers['x-ratelimit-remaining']).toBe('1');
      expect((await preview(api, limited, body)).status).toBe(200);
      const third = await preview(api, limited, body);
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    });

    it.each([
      ['no type', { data: 'no type' }, /type/],
      ['a link that is no URL', { type: 'link', data: 'not a url' }, /data/],
      ['a script URL', { type: 'link', data: 'javascript:alert(1)' }, /data/],
      ['a colour by name', { type: 'text', data: 'x', foreground: 'red' }, /foreground/],
      ['a GIF', { type: 'text', data: 'x', format: 'gif' }, /format/],
      ['a size too small', { type: 'text', data: 'x', size: 50 }, /size/],
      ['a size as text', { type: 'text', data: 'x', size: '300' }, /size/],
      [
        'a script as the logo',
        { type: 'text', data: 'x', logoFile: Buffer.from('<script>alert(1)</script>').toString('base64') },
        /logoFile/,
      ],
      ['a logo that is not base64', { type: 'text', data: 'x', logoFile: 'not base64 at all!' }, /logoFile/],
      ['a logo of 700,001 characters', { type: 'text', data: 'x', logoFile: 'x'.repeat(700_001) }, /logoFile/],
      [
        'a logo file and address',
        { type: 'text', data: 'x', logoFile: TINY_PNG.toString('base64'), logo: 'https://example.com/logo.png' },
        /logoFile/,
      ],
      ['100 kB of text', { type: 'text', data: 'x'.repeat(100_000) }, /data/],
    ])('refuses %s with 400 naming the field', async (_name, body, field) => {
      const response = await preview(api, user, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(1);
      expect(response.body.message).toMatch(field);
    });
  });

  describe('logoFile', () => {
    it('takes a PNG, JPEG, WebP or GIF, keeps it re-encoded at most 256 pixels a side, and draws it in the middle', async () => {
      const plain = await preview(api, user, { type: 'text', data: 'Logo test' });
      for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
        const file = (await picture(600, 400, format)).toString('base64');
        const drawn = await preview(api, user, { type: 'text', data: 'Logo test', logoFile: file });
        expect(drawn.status).toBe(200);
        // The middle is the logo's red, where the plain code is black or white.
        expect(await pixel(drawn.raw, 150, 150)).toMatch(/^#d[a-f0-9]2[0-9a-f]2[0-9a-f]$/);
        expect(drawn.raw.equals(plain.raw)).toBe(false);
      }
      const dataUrl = `data:image/png;base64,${(await picture(300, 300, 'png')).toString('base64')}`;
      const created = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        body: { type: 'text', data: 'Logo test', logoFile: dataUrl },
      });
      expect(created.status).toBe(200);
      const [stored] = await api.linkyard.app
        .get(DataSource)
        .query<{ logo: Buffer; logo_type: string; logo_url: string }[]>('SELECT logo, logo_type, logo_url FROM qr_codes WHERE id = $1', [
          created.body.id,
        ]);
      expect(stored!.logo_type).toBe('image/png');
      expect(stored!.logo_url).toBe('');
      expect(await sharp(stored!.logo).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    });

    it('is removed by logo "" and replaced by another upload', async () => {
      const logoFile = (await picture(64, 64, 'png')).toString('base64');
      const created = await api.request('POST', '/l/api/qr/add', { key: user.apikey, body: { type: 'text', data: 'Swap', logoFile } });
      const alias = new URL(created.body.link as string).pathname.split('/').pop()!;
      const withLogo = (await api.request('GET', `/qr/${alias}`, { key: null })).raw;
      expect(await pixel(withLogo, 150, 150)).toBe('#dc2626');

      const green = (await picture(64, 64, 'png', '#16a34a')).toString('base64');
      await api.request('PUT', `/l/api/qr/${created.body.id}/update`, { key: user.apikey, body: { data: 'Swap', logoFile: green } });
      expect(await pixel((await api.request('GET', `/qr/${alias}`, { key: null })).raw, 150, 150)).toBe('#16a34a');

      const removed = await api.request('PUT', `/l/api/qr/${created.body.id}/update`, {
        key: user.apikey,
        body: { data: 'Swap', logo: '' },
      });
      expect(removed.status).toBe(200);
      const plain = (await api.request('GET', `/qr/${alias}`, { key: null })).raw;
      expect([...(await colours(plain)).keys()].sort()).toEqual(['#000000', '#ffffff']);
    });

    it('refuses what is not a readable image of the allowed size, naming the field, and saves nothing', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
      const html = Buffer.from('<!doctype html><img src=x onerror=alert(1)>');
      const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer();
      const wide = await picture(3000, 10, 'png');
      // Over 512 KiB, and yet short enough in base64 for the field's length (700,000 characters).
      const small = await picture(64, 64, 'png');
      const big = Buffer.concat([small, Buffer.alloc(524_400 - small.length)]);
      const damaged = Buffer.concat([(await picture(64, 64, 'png')).subarray(0, 60), Buffer.from('cut off')]);
      for (const [file, reason] of [
        [svg, /PNG, JPEG, WebP or GIF/],
        [html, /PNG, JPEG, WebP or GIF/],
        [tiff, /a tiff file/],
        [wide, /3000×10 pixels/],
        [big, /larger than 512 KiB/],
        [damaged, /can(not)? be (read|decoded)/],
      ] as const) {
        const response = await api.request('POST', '/l/api/qr/add', {
          key: user.apikey,
          body: { type: 'text', data: 'Refused', logoFile: file.toString('base64') },
        });
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/^Invalid field "logoFile": /);
        expect(response.body.message).toMatch(reason);
      }
      expect((await api.request('GET', '/l/api/qr', { key: user.apikey })).body.data.result).toBe(0);
    });
  });
});
