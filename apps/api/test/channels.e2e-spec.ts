import { PUBLIC_URL, useApi } from './support/app';
import { createChannel, createLink, createQr, createUser, type TestUser } from './support/factories';

describe('channels', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const items = async (channel: number) => (await api.request('GET', `/l/api/channel/${channel}`, { key: user.apikey })).body;

  describe('POST /channel/add', () => {
    it("answers with the channel's fields", async () => {
      const response = await api.request('POST', '/l/api/channel/add', {
        key: user.apikey,
        body: { name: 'Social', description: 'Posts', color: '#1E88E5', starred: true },
      });
      expect(response.body).toEqual({
        error: 0,
        id: expect.any(Number),
        name: 'Social',
        description: 'Posts',
        color: '#1E88E5',
        starred: true,
      });
    });

    it('fills the defaults', async () => {
      const response = await api.request('POST', '/l/api/channel/add', { key: user.apikey, body: { name: 'Plain' } });
      expect(response.body).toMatchObject({ description: '', color: '#000000', starred: false });
    });

    it.each([
      [{}, /name/],
      [{ name: '' }, /name/],
      [{ name: 'x', color: 'blue' }, /color/],
      [{ name: 'x', color: '#12345' }, /color/],
      [{ name: 'x', starred: 1 }, /starred/],
      [{ name: 'x', description: 'd'.repeat(501) }, /description/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/channel/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });
  });

  describe('POST /channel/:channelid/assign/:type/:itemid and GET /channel/:id', () => {
    it('lists links and QR codes with their item fields, newest first', async () => {
      const channel = await createChannel(api, user);
      const link = await createLink(api, user, { url: 'https://example.com/dest', title: 'Destination' });
      const qr = await createQr(api, user, { name: 'Poster code' });
      expect((await api.request('POST', `/l/api/channel/${channel}/assign/links/${link}`, { key: user.apikey, rawBody: '' })).body).toEqual(
        {
          error: 0,
          message: expect.any(String),
        },
      );
      expect((await api.request('POST', `/l/api/channel/${channel}/assign/qr/${qr}`, { key: user.apikey })).status).toBe(200);
      const body = await items(channel);
      const shorturl = (await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.shorturl;
      const qrLink = (await api.request('GET', `/l/api/qr/${qr}`, { key: user.apikey })).body.details.link;
      const today = new Date().toISOString().slice(0, 10);
      expect(body.error).toBe('0');
      expect(body.data).toMatchObject({ result: 2, perpage: 15, currentpage: 1, nextpage: 1, maxpage: 1 });
      expect(body.data.items).toEqual([
        { type: 'qr', id: qr, title: 'Poster code', preview: qrLink, link: qrLink, date: today },
        { type: 'links', id: link, title: 'Destination', preview: 'https://example.com/dest', link: shorturl, date: today },
      ]);
      expect(qrLink).toMatch(new RegExp(`^${PUBLIC_URL}/qr/`));
    });

    it('accepts the same assignment twice and lets an item be in several channels', async () => {
      const first = await createChannel(api, user);
      const second = await createChannel(api, user);
      const link = await createLink(api, user);
      for (const channel of [first, first, second]) {
        expect((await api.request('POST', `/l/api/channel/${channel}/assign/links/${link}`, { key: user.apikey })).status).toBe(200);
      }
      expect((await items(first)).data.result).toBe(1);
      expect((await items(second)).data.result).toBe(1);
    });

    it('refuses unknown types, naming the three', async () => {
      const channel = await createChannel(api, user);
      for (const action of ['assign', 'unassign']) {
        const other = await api.request('POST', `/l/api/channel/${channel}/${action}/videos/1`, { key: user.apikey });
        expect(other.status).toBe(400);
        expect(other.body.message).toMatch(/links, bio, qr/);
      }
    });

    it('takes links and QR codes out of a channel, and only out of that one', async () => {
      const first = await createChannel(api, user);
      const second = await createChannel(api, user);
      const link = await createLink(api, user);
      const qr = await createQr(api, user);
      for (const channel of [first, second]) {
        await api.request('POST', `/l/api/channel/${channel}/assign/links/${link}`, { key: user.apikey });
        await api.request('POST', `/l/api/channel/${channel}/assign/qr/${qr}`, { key: user.apikey });
      }
      expect((await api.request('POST', `/l/api/channel/${first}/unassign/links/${link}`, { key: user.apikey, rawBody: '' })).body).toEqual(
        {
          error: 0,
          message: expect.any(String),
        },
      );
      expect((await api.request('POST', `/l/api/channel/${first}/unassign/qr/${qr}`, { key: user.apikey })).status).toBe(200);
      expect((await items(first)).data.items).toEqual([]);
      expect((await items(second)).data.items.map((item: { type: string }) => item.type)).toEqual(['qr', 'links']);
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('POST', `/l/api/channel/${first}/unassign/links/987654`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('POST', `/l/api/channel/987654/unassign/links/${link}`, { key: user.apikey })).status).toBe(404);
    });

    it('answers 404 for an item or channel that does not exist', async () => {
      const channel = await createChannel(api, user);
      const link = await createLink(api, user);
      expect((await api.request('POST', `/l/api/channel/${channel}/assign/links/987654`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('POST', `/l/api/channel/${channel}/assign/qr/987654`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('POST', `/l/api/channel/987654/assign/links/${link}`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('GET', '/l/api/channel/987654', { key: user.apikey })).status).toBe(404);
    });
  });

  describe('PUT /channel/:id/update', () => {
    it('changes only what is sent', async () => {
      const channel = await createChannel(api, user, { name: 'Before', description: 'kept' });
      const response = await api.request('PUT', `/l/api/channel/${channel}/update`, {
        key: user.apikey,
        body: { name: 'After', starred: true },
      });
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      const listed = (await api.request('GET', '/l/api/channels', { key: user.apikey })).body.data.channels;
      expect(listed).toEqual([{ id: channel, name: 'After', description: 'kept', color: '#000000', starred: true }]);
    });
  });

  describe('DELETE /channel/:id/delete', () => {
    it('removes the memberships and nothing else', async () => {
      const channel = await createChannel(api, user);
      const kept = await createChannel(api, user);
      const link = await createLink(api, user, { channel });
      await api.request('POST', `/l/api/channel/${kept}/assign/links/${link}`, { key: user.apikey });
      expect((await api.request('DELETE', `/l/api/channel/${channel}/delete`, { key: user.apikey })).status).toBe(200);
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.channels).toEqual([kept]);
      expect((await items(kept)).data.result).toBe(1);
    });

    it('loses a deleted QR code from its channels', async () => {
      const channel = await createChannel(api, user);
      const qr = await createQr(api, user);
      await api.request('POST', `/l/api/channel/${channel}/assign/qr/${qr}`, { key: user.apikey });
      await api.request('DELETE', `/l/api/qr/${qr}/delete`, { key: user.apikey });
      expect((await items(channel)).data.items).toEqual([]);
    });
  });
});
