import { PUBLIC_URL, useApi } from './support/app';
import { createCampaign, createLink, createUser, type TestUser } from './support/factories';

describe('campaigns', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  const listed = async () => (await api.request('GET', '/l/api/campaigns', { key: user.apikey })).body.data.campaigns;

  describe('POST /campaign/add', () => {
    it('returns the name under domain, rotator and list URLs', async () => {
      const response = await api.request('POST', '/l/api/campaign/add', {
        key: user.apikey,
        body: { name: 'Spring launch', slug: `spring-${user.id}`, public: true },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        error: 0,
        id: expect.any(Number),
        domain: 'Spring launch',
        public: true,
        rotator: `${PUBLIC_URL}/r/spring-${user.id}`,
        list: `${PUBLIC_URL}/c/${response.body.id}`,
      });
    });

    it('has rotator false without a slug, and the documented defaults', async () => {
      const response = await api.request('POST', '/l/api/campaign/add', { key: user.apikey, rawBody: '' });
      expect(response.body).toMatchObject({ domain: 'Untitled campaign', public: false, rotator: false });
    });

    it('refuses a slug another account already uses with 409', async () => {
      await createCampaign(api, user, { slug: `shared-${user.id}` });
      const other = await createUser(api);
      const response = await api.request('POST', '/l/api/campaign/add', { key: other.apikey, body: { slug: `shared-${user.id}` } });
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/slug/);
    });

    it.each([
      [{ name: 'x' }, /name/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ slug: 'Has Caps' }, /slug/],
      [{ slug: 'ab' }, /slug/],
      [{ public: 'yes' }, /public/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/campaign/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });
  });

  describe('GET /campaigns', () => {
    it('lists records with name, domain, public, rotator and list', async () => {
      const id = await createCampaign(api, user, { name: 'Listed', slug: `listed-${user.id}` });
      expect(await listed()).toEqual([
        {
          id,
          name: 'Listed',
          domain: 'Listed',
          public: false,
          rotator: `${PUBLIC_URL}/r/listed-${user.id}`,
          list: `${PUBLIC_URL}/c/${id}`,
        },
      ]);
    });
  });

  describe('PUT /campaign/:id/update', () => {
    it('requires the name, and "" removes the slug and its rotator', async () => {
      const id = await createCampaign(api, user, { slug: `going-${user.id}` });
      const missingName = await api.request('PUT', `/l/api/campaign/${id}/update`, { key: user.apikey, body: { public: true } });
      expect(missingName.status).toBe(400);
      const response = await api.request('PUT', `/l/api/campaign/${id}/update`, {
        key: user.apikey,
        body: { name: 'Renamed', slug: '', public: true },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, id, domain: 'Renamed', public: true, rotator: false, list: `${PUBLIC_URL}/c/${id}` });
    });

    it('keeps its own slug when sent again', async () => {
      const id = await createCampaign(api, user, { slug: `mine-${user.id}` });
      const response = await api.request('PUT', `/l/api/campaign/${id}/update`, {
        key: user.apikey,
        body: { name: 'Same slug', slug: `mine-${user.id}` },
      });
      expect(response.status).toBe(200);
      expect(response.body.rotator).toBe(`${PUBLIC_URL}/r/mine-${user.id}`);
    });
  });

  describe('POST /campaign/:campaignid/assign/:linkid', () => {
    it('assigns a link, moves it to another campaign, and accepts the same assignment again', async () => {
      const first = await createCampaign(api, user);
      const second = await createCampaign(api, user);
      const link = await createLink(api, user);
      const assign = (campaign: number) =>
        api.request('POST', `/l/api/campaign/${campaign}/assign/${link}`, { key: user.apikey, rawBody: '' });
      expect((await assign(first)).body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.campaign).toBe(first);
      expect((await assign(second)).status).toBe(200);
      expect((await assign(second)).status).toBe(200);
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.campaign).toBe(second);
    });

    it('answers 404 for an unknown campaign or link', async () => {
      const campaign = await createCampaign(api, user);
      const link = await createLink(api, user);
      expect((await api.request('POST', `/l/api/campaign/987654/assign/${link}`, { key: user.apikey })).status).toBe(404);
      expect((await api.request('POST', `/l/api/campaign/${campaign}/assign/987654`, { key: user.apikey })).status).toBe(404);
    });
  });

  describe('DELETE /campaign/:id/delete', () => {
    it('deletes the campaign and keeps its links', async () => {
      const campaign = await createCampaign(api, user);
      const link = await createLink(api, user, { campaign });
      const response = await api.request('DELETE', `/l/api/campaign/${campaign}/delete`, { key: user.apikey });
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      expect(await listed()).toEqual([]);
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).status).toBe(200);
    });
  });
});
