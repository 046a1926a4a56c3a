import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLIC_URL, useApi } from './support/app';
import { createQr, createUser, type TestUser } from './support/factories';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A logo server on loopback: /logo.png, /big.png (over 512 KiB), /page.html, /slow.png, /missing. */
function startLogoServer(): Promise<Server> {
  const server = createServer((request, response) => {
    switch (request.url) {
      case '/logo.png':
        response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/big.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.concat([PNG, Buffer.alloc(600 * 1024)]));
        return;
      case '/page.html':
        response.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
        return;
      case '/slow.png':
        setTimeout(() => response.writeHead(200).end(PNG), 6000).unref();
        return;
      default:
        response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('QR codes', () => {
  const api = useApi({ LOGO_FETCH_ALLOW_PRIVATE: 'true' });
  let user: TestUser;
  let logos: Server;
  let logoBase: string;

  beforeAll(async () => {
    logos = await startLogoServer();
    logoBase = `http://127.0.0.1:${(logos.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    user = await createUser(api);
  });
  afterAll(async () => {
    logos?.closeAllConnections();
    logos?.close();
  });

  describe('POST /qr/add', () => {
    it('answers with the id and the public image URL', async () => {
      const response = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        body: { type: 'link', data: 'https://example.com/menu' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        id: expect.any(Number),
        link: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/qr/[A-Za-z0-9]{8}$`)),
      });
    });

    it.each([
      ['text', 'Hello there'],
      ['vcard', { fname: 'Ada', lname: 'Lovelace', org: 'Engines Ltd', phone: '+441234567' }],
      ['email', { email: 'ada@example.com', subject: 'Hello' }],
      ['phone', '+15551234567'],
      ['sms', { phone: '+15551234567', message: 'Hi' }],
      ['wifi', { ssid: 'Cafe', pass: 'espresso', encryption: 'WPA' }],
    ])('accepts a %s code', async (type, data) => {
      const response = await api.request('POST', '/l/api/qr/add', { key: user.apikey, body: { type, data, name: `${type} code` } });
      expect(response.status).toBe(200);
    });

    it('stores colors and a logo fetched from an http URL', async () => {
      const response = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        body: { type: 'text', data: 'Logo', background: 'rgb(250, 250, 250)', foreground: 'rgb(20,30,40)', logo: `${logoBase}/logo.png` },
      });
      expect(response.status).toBe(200);
    });

    it.each([
      [{ type: 'barcode', data: 'x' }, /type/],
      [{ type: 'text' }, /data/],
      [{ type: 'link', data: 'not a url' }, /data/],
      [{ type: 'wifi', data: { ssid: 'x', encryption: 'WPA3' } }, /encryption/],
      [{ type: 'text', data: 'x', background: '#ffffff' }, /background/],
      [{ type: 'text', data: 'x', foreground: 'rgb(300,0,0)' }, /foreground/],
      [{ type: 'text', data: 'x', logo: '/etc/passwd' }, /logo/],
      [{ type: 'text', data: 'x', logo: 'file:///etc/passwd' }, /logo/],
      [{ type: 'text', data: 'x', name: 'n'.repeat(101) }, /name/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/qr/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect((await api.request('GET', '/l/api/qr', { key: user.apikey })).body.data.result).toBe(0);
    });

    it.each([
      ['/big.png', /larger than 512 KiB/],
      ['/page.html', /not a png or jpg/],
      ['/missing', /HTTP 404/],
      ['/slow.png', /within 5 seconds/],
    ])('refuses the logo %s', async (path, message) => {
      const response = await api.request('POST', '/l/api/qr/add', {
        key: user.apikey,
        body: { type: 'text', data: 'x', logo: `${logoBase}${path}` },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });
  });

  describe('logos from private addresses', () => {
    const strict = useApi();

    it.each(['127.0.0.1', 'localhost', '[::1]', '[::127.0.0.1]', '[fec0::1]', 'no-such-logo-host.invalid'])(
      'are refused for %s without the test setting, all in the same words',
      async (host) => {
        const owner = await createUser(strict);
        const port = (logos.address() as AddressInfo).port;
        const response = await strict.request('POST', '/l/api/qr/add', {
          key: owner.apikey,
          body: { type: 'text', data: 'x', logo: `http://${host}:${port}/logo.png` },
        });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(
          'Invalid field "logo": the host is not a public address or a name that resolves to one; logos are fetched from public addresses only.',
        );
      },
    );
  });

  describe('GET /qr and GET /qr/:id', () => {
    it('lists records and shows details with zeroed statistics', async () => {
      const id = await createQr(api, user, { name: 'Menu', type: 'link', data: 'https://example.com/menu' });
      const list = await api.request('GET', '/l/api/qr', { key: user.apikey });
      expect(list.body.error).toBe('0');
      const record = { id, link: expect.stringMatching(`^${PUBLIC_URL}/qr/`), scans: 0, name: 'Menu', date: expect.any(String) };
      expect(list.body.data.qrs).toEqual([record]);
      const detail = await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey });
      expect(detail.body).toEqual({
        error: 0,
        // The record, and the design it was made with (its page shows where it points).
        details: {
          ...record,
          type: 'link',
          data: 'https://example.com/menu',
          foreground: 'rgb(0,0,0)',
          background: 'rgb(255,255,255)',
          logo: '',
          logoUploaded: false,
        },
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: {},
          topReferrers: {},
          topBrowsers: {},
          topOs: {},
          socialCount: { facebook: 0, twitter: 0, instagram: 0 },
        },
      });
    });

    it('names a default', async () => {
      const id = await createQr(api, user);
      expect((await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).body.details.name).toBe('QR code');
    });
  });

  describe('PUT /qr/:id/update', () => {
    it('requires data and checks it against the stored type or the new one', async () => {
      const id = await createQr(api, user, { type: 'phone', data: '+15550000' });
      expect((await api.request('PUT', `/l/api/qr/${id}/update`, { key: user.apikey, body: { name: 'No data' } })).status).toBe(400);
      expect((await api.request('PUT', `/l/api/qr/${id}/update`, { key: user.apikey, body: { data: 'https://example.com' } })).status).toBe(
        400,
      );
      const changed = await api.request('PUT', `/l/api/qr/${id}/update`, {
        key: user.apikey,
        body: { type: 'link', data: 'https://example.com', name: 'Now a link' },
      });
      expect(changed.body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).body.details.name).toBe('Now a link');
    });

    it('keeps the code unchanged when the new logo cannot be fetched', async () => {
      const id = await createQr(api, user, { name: 'Steady' });
      const response = await api.request('PUT', `/l/api/qr/${id}/update`, {
        key: user.apikey,
        body: { data: 'Changed', name: 'Changed', logo: `${logoBase}/missing` },
      });
      expect(response.status).toBe(400);
      expect((await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).body.details.name).toBe('Steady');
    });
  });

  describe('DELETE /qr/:id/delete', () => {
    it('deletes the code', async () => {
      const id = await createQr(api, user);
      expect((await api.request('DELETE', `/l/api/qr/${id}/delete`, { key: user.apikey })).body).toEqual({
        error: 0,
        message: expect.any(String),
      });
      expect((await api.request('GET', `/l/api/qr/${id}`, { key: user.apikey })).status).toBe(404);
    });
  });
});
