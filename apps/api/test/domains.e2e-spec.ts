import { useApi } from './support/app';
import { createDomain, createUser, type TestUser } from './support/factories';

describe('branded domains', () => {
  const api = useApi();

  describe('POST /domain/add', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(api);
    });

    it('adds a domain, stored in lower case, with its redirects', async () => {
      const response = await api.request('POST', '/l/api/domain/add', {
        key: user.apikey,
        body: { domain: 'https://Go.Brand-One.com', redirectroot: 'https://brand-one.com', redirect404: 'https://brand-one.com/404' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, id: expect.any(Number) });
      const list = await api.request('GET', '/l/api/domains', { key: user.apikey });
      expect(list.body.data.domains).toEqual([
        {
          id: response.body.id,
          domain: 'https://go.brand-one.com',
          redirectroot: 'https://brand-one.com/',
          redirect404: 'https://brand-one.com/404',
        },
      ]);
    });

    it('leaves unset redirects as empty strings', async () => {
      const domain = await createDomain(api, user);
      const list = await api.request('GET', '/l/api/domains', { key: user.apikey });
      expect(list.body.data.domains[0]).toEqual({ id: domain.id, domain: domain.domain, redirectroot: '', redirect404: '' });
    });

    it('refuses a host any account has already added, whatever the scheme or case', async () => {
      await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain: 'https://taken.example.org' } });
      const other = await createUser(api);
      for (const domain of ['https://taken.example.org', 'http://TAKEN.example.org']) {
        const response = await api.request('POST', '/l/api/domain/add', { key: other.apikey, body: { domain } });
        expect(response.status).toBe(409);
        expect(response.body.message).toMatch(/already been added/);
      }
      const again = await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain: 'https://taken.example.org' } });
      expect(again.status).toBe(409);
    });

    it.each([
      [{}, /domain/],
      [{ domain: 'go.example.com' }, /not a URL/],
      [{ domain: 'ftp://go.example.com' }, /http or https/],
      [{ domain: 'https://go.example.com/path' }, /without a path/],
      [{ domain: 'https://go.example.com?x=1' }, /without a path/],
      [{ domain: 'https://user:pw@go.example.com' }, /credentials/],
      [{ domain: 'https://10.0.0.1' }, /not a domain name/],
      [{ domain: 'https://localhost' }, /not a domain name/],
      [{ domain: 'http://links.test' }, /own address/],
      [{ domain: 42 }, /domain/],
      [{ domain: ['https://a.example.com'] }, /domain/],
      [{ domain: `https://${'a'.repeat(300)}.com` }, /domain/],
      [{ domain: 'https://ok.example.com', redirectroot: 'javascript:alert(1)' }, /redirectroot/],
      [{ domain: 'https://ok.example.com', redirect404: 'not a url' }, /redirect404/],
      [{ domain: 'https://ok.example.com', redirect404: { url: 'https://x.example.com' } }, /redirect404/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/domain/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 1, message: expect.stringMatching(message) });
      const list = await api.request('GET', '/l/api/domains', { key: user.apikey });
      expect(list.body.data.result).toBe(0);
    });
  });

  describe('PUT /domain/:id/update', () => {
    it('changes only the fields sent, and "" clears one', async () => {
      const user = await createUser(api);
      const domain = await createDomain(api, user, { redirectroot: 'https://root.example.com', redirect404: 'https://404.example.com' });
      const cleared = await api.request('PUT', `/l/api/domain/${domain.id}/update`, { key: user.apikey, body: { redirectroot: '' } });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ error: 0, message: expect.any(String) });
      let record = (await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains[0];
      expect(record).toMatchObject({ redirectroot: '', redirect404: 'https://404.example.com/' });

      await api.request('PUT', `/l/api/domain/${domain.id}/update`, {
        key: user.apikey,
        body: { redirect404: 'https://new404.example.com' },
      });
      record = (await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains[0];
      expect(record).toMatchObject({ redirectroot: '', redirect404: 'https://new404.example.com/' });
    });

    it('refuses an invalid redirect and keeps the stored one', async () => {
      const user = await createUser(api);
      const domain = await createDomain(api, user, { redirectroot: 'https://root.example.com' });
      const response = await api.request('PUT', `/l/api/domain/${domain.id}/update`, {
        key: user.apikey,
        body: { redirectroot: 'mailto:someone@example.com', redirect404: 'https://fine.example.com' },
      });
      expect(response.status).toBe(400);
      const record = (await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains[0];
      expect(record).toMatchObject({ redirectroot: 'https://root.example.com/', redirect404: '' });
    });

    it('answers 404 for an unknown domain', async () => {
      const user = await createUser(api);
      expect((await api.request('PUT', '/l/api/domain/987654/update', { key: user.apikey, body: {} })).status).toBe(404);
    });
  });

  describe('DELETE /domain/:id/delete', () => {
    it('deletes the domain', async () => {
      const user = await createUser(api);
      const domain = await createDomain(api, user);
      const response = await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains).toEqual([]);
      expect((await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: user.apikey })).status).toBe(404);
    });
  });

  describe('two accounts', () => {
    it("cannot see or change each other's domains", async () => {
      const owner = await createUser(api);
      const stranger = await createUser(api);
      const domain = await createDomain(api, owner, { redirectroot: 'https://owner.example.com' });
      await createDomain(api, stranger);

      const strangerList = await api.request('GET', '/l/api/domains', { key: stranger.apikey });
      expect(strangerList.body.data.domains.map((entry: { id: number }) => entry.id)).not.toContain(domain.id);
      expect(strangerList.body.data.result).toBe(1);

      const update = await api.request('PUT', `/l/api/domain/${domain.id}/update`, { key: stranger.apikey, body: { redirectroot: '' } });
      expect(update.status).toBe(404);
      expect(update.body.message).toBe(`No domain with id ${domain.id}.`);
      const remove = await api.request('DELETE', `/l/api/domain/${domain.id}/delete`, { key: stranger.apikey });
      expect(remove.status).toBe(404);

      const ownerList = await api.request('GET', '/l/api/domains', { key: owner.apikey });
      expect(ownerList.body.data.domains).toEqual([expect.objectContaining({ id: domain.id, redirectroot: 'https://owner.example.com/' })]);
    });
  });

  describe('GET /domains pagination', () => {
    let user: TestUser;
    let ids: number[];
    beforeAll(async () => {
      user = await createUser(api);
      ids = [];
      for (let index = 0; index < 17; index += 1) ids.push((await createDomain(api, user)).id);
      ids.reverse(); // newest first
    });

    const page = async (query: string) => (await api.request('GET', `/l/api/domains${query}`, { key: user.apikey })).body;

    it('serves 15 a page by default, newest first, with the string "0" as error', async () => {
      const body = await page('');
      expect(body.error).toBe('0');
      expect(body.data).toMatchObject({ result: 17, perpage: 15, currentpage: 1, nextpage: 2, maxpage: 2 });
      expect(body.data.domains.map((domain: { id: number }) => domain.id)).toEqual(ids.slice(0, 15));
    });

    it('serves the last page with nextpage equal to the current page', async () => {
      const body = await page('?page=2');
      expect(body.data).toMatchObject({ result: 17, perpage: 15, currentpage: 2, nextpage: 2, maxpage: 2 });
      expect(body.data.domains.map((domain: { id: number }) => domain.id)).toEqual(ids.slice(15));
    });

    it('walks every record exactly once with a small limit', async () => {
      const seen: number[] = [];
      for (let current = 1; current <= 6; current += 1) {
        const body = await page(`?limit=4&page=${current}`);
        seen.push(...body.data.domains.map((domain: { id: number }) => domain.id));
        expect(body.data.maxpage).toBe(5);
      }
      expect(seen).toEqual(ids);
    });

    it('returns an empty collection past the last page', async () => {
      const body = await page('?page=9');
      expect(body.data).toMatchObject({ result: 17, currentpage: 9, nextpage: 9, maxpage: 2, domains: [] });
    });

    it.each([
      ['?limit=500', 100, 1],
      ['?limit=0', 15, 1],
      ['?limit=abc&page=xyz', 15, 1],
      ['?limit=-4&page=-2', 15, 1],
      ['?limit=2.5', 15, 1],
      ['?page=99999999999999999999', 15, Number.MAX_SAFE_INTEGER],
    ])('reads %s as limit %i, page %i', async (query, perpage, currentpage) => {
      const body = await page(query);
      expect(body.data).toMatchObject({ perpage, currentpage });
    });

    it('reports zero pages for an account with nothing', async () => {
      const empty = await createUser(api);
      const body = (await api.request('GET', '/l/api/domains', { key: empty.apikey })).body;
      expect(body.data).toEqual({ result: 0, perpage: 15, currentpage: 1, nextpage: 1, maxpage: 0, domains: [] });
    });
  });

  describe('DNS check (DOMAIN_DNS_TARGETS)', () => {
    const checked = useApi({ DOMAIN_DNS_TARGETS: '192.0.2.10' });

    it('refuses a domain that does not resolve to the service', async () => {
      const user = await createUser(checked);
      const response = await checked.request('POST', '/l/api/domain/add', {
        key: user.apikey,
        body: { domain: 'https://nowhere.invalid' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'The domain nowhere.invalid does not point to this service yet: it must resolve to 192.0.2.10 before it is added.',
      );
    });
  });
});
