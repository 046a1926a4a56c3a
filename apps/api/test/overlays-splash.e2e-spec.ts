import { useApi } from './support/app';
import { createOverlay, createSplash, createUser, type TestUser } from './support/factories';

describe('CTA overlays and splash pages', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  describe('overlays', () => {
    it("lists the spec's record (id, type, name, date) and shows every field on its own", async () => {
      const message = await createOverlay(api, user, {
        name: 'Banner',
        message: 'Sale today',
        label: 'Shop',
        link: 'https://shop.example.com',
        position: 'top',
      });
      const contact = await createOverlay(api, user, {
        type: 'contact',
        name: 'Reach us',
        message: 'Questions?',
        email: 'help@example.com',
        phone: '+4412345',
      });
      const list = await api.request('GET', '/l/api/overlay', { key: user.apikey });
      expect(list.body.error).toBe('0');
      expect(list.body.data.cta).toEqual([
        { id: contact, type: 'contact', name: 'Reach us', date: expect.any(String) },
        { id: message, type: 'message', name: 'Banner', date: expect.any(String) },
      ]);
      const one = await api.request('GET', `/l/api/overlay/${message}`, { key: user.apikey });
      expect(one.body).toEqual({
        error: 0,
        data: {
          id: message,
          type: 'message',
          name: 'Banner',
          date: expect.any(String),
          message: 'Sale today',
          label: 'Shop',
          link: 'https://shop.example.com/',
          position: 'top',
          color: '#ffffff',
          bg: '#1f2937',
          email: '',
          phone: '',
        },
      });
    });

    it.each([
      [{ type: 'popup', name: 'x', message: 'y' }, /type/],
      [{ type: 'message', message: 'y' }, /name/],
      [{ type: 'message', name: 'x' }, /message/],
      [{ type: 'contact', name: 'x', message: 'y' }, /email/],
      [{ type: 'message', name: 'x', message: 'y', link: 'javascript:alert(1)' }, /link/],
      [{ type: 'message', name: 'x', message: 'y', color: 'red' }, /color/],
      [{ type: 'message', name: 'x', message: 'y', position: 'middle' }, /position/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/overlay/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('updates fields but not the type', async () => {
      const id = await createOverlay(api, user);
      expect((await api.request('PUT', `/l/api/overlay/${id}/update`, { key: user.apikey, body: { type: 'contact' } })).status).toBe(400);
      const response = await api.request('PUT', `/l/api/overlay/${id}/update`, {
        key: user.apikey,
        body: { message: 'New text', bg: '#000000' },
      });
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', `/l/api/overlay/${id}`, { key: user.apikey })).body.data).toMatchObject({
        message: 'New text',
        bg: '#000000',
      });
    });

    it('deletes', async () => {
      const id = await createOverlay(api, user);
      expect((await api.request('DELETE', `/l/api/overlay/${id}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('GET', `/l/api/overlay/${id}`, { key: user.apikey })).status).toBe(404);
    });
  });

  describe('splash pages', () => {
    it("lists the spec's record (id, name, date) and shows every field on its own", async () => {
      const id = await createSplash(api, user, {
        name: 'Welcome page',
        title: 'Hello',
        text: 'One moment',
        image: 'https://example.com/a.png',
        delay: 3,
      });
      const list = await api.request('GET', '/l/api/splash', { key: user.apikey });
      expect(list.body.data.splash).toEqual([{ id, name: 'Welcome page', date: expect.any(String) }]);
      const one = await api.request('GET', `/l/api/splash/${id}`, { key: user.apikey });
      expect(one.body.data).toEqual({
        id,
        name: 'Welcome page',
        date: expect.any(String),
        title: 'Hello',
        text: 'One moment',
        image: 'https://example.com/a.png',
        delay: 3,
      });
    });

    it('defaults the delay to 5 seconds', async () => {
      const id = await createSplash(api, user);
      expect((await api.request('GET', `/l/api/splash/${id}`, { key: user.apikey })).body.data).toMatchObject({
        delay: 5,
        text: '',
        image: '',
      });
    });

    it.each([
      [{ title: 'x' }, /name/],
      [{ name: 'x' }, /title/],
      [{ name: 'x', title: 'y', delay: 61 }, /delay/],
      [{ name: 'x', title: 'y', delay: '5' }, /delay/],
      [{ name: 'x', title: 'y', image: 'data:image/png;base64,AAAA' }, /image/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/splash/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('updates and deletes', async () => {
      const id = await createSplash(api, user);
      expect((await api.request('PUT', `/l/api/splash/${id}/update`, { key: user.apikey, body: { delay: 0 } })).status).toBe(200);
      expect((await api.request('GET', `/l/api/splash/${id}`, { key: user.apikey })).body.data.delay).toBe(0);
      expect((await api.request('DELETE', `/l/api/splash/${id}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('GET', `/l/api/splash/${id}`, { key: user.apikey })).status).toBe(404);
    });
  });
});
