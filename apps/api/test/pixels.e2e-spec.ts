import { openApiDocument } from '../src/common/openapi-document';
import { useApi } from './support/app';
import { createLink, createPixel, createUser, type TestUser } from './support/factories';

const pixelType = openApiDocument.components.schemas.PixelType as { enum: string[]; 'x-tag-rules': Record<string, { example: string }> };
const examples = Object.entries(pixelType['x-tag-rules']).map(([type, rule]) => [type, rule.example] as const);

describe('pixels', () => {
  const api = useApi();
  let user: TestUser;

  beforeEach(async () => {
    user = await createUser(api);
  });

  it('documents a tag rule for each of the 13 types of the spec', () => {
    expect(pixelType.enum.sort()).toEqual(
      [
        'gtmpixel',
        'gapixel',
        'fbpixel',
        'adwordspixel',
        'linkedinpixel',
        'twitterpixel',
        'adrollpixel',
        'quorapixel',
        'pinterest',
        'bing',
        'snapchat',
        'reddit',
        'tiktok',
      ].sort(),
    );
    expect(examples.map(([type]) => type).sort()).toEqual(pixelType.enum.sort());
  });

  describe('POST /pixel/add', () => {
    it.each(examples)('accepts a %s pixel with the documented example tag %s', async (type, tag) => {
      const response = await api.request('POST', '/l/api/pixel/add', { key: user.apikey, body: { type, name: `My ${type}`, tag } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: 0, id: expect.any(Number) });
      const listed = (await api.request('GET', '/l/api/pixels', { key: user.apikey })).body.data.pixels;
      expect(listed).toEqual([
        { id: response.body.id, type, name: `My ${type}`, tag, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      ]);
    });

    it.each([
      ['gtmpixel', 'UA-12345-1'],
      ['gapixel', 'GTM-ABC123'],
      ['fbpixel', 'abc123'],
      ['adwordspixel', '123456789'],
      ['snapchat', 'not-a-uuid'],
      ['tiktok', '<script>'],
    ])('refuses a %s pixel with the tag %s, naming the expected format', async (type, tag) => {
      const response = await api.request('POST', '/l/api/pixel/add', { key: user.apikey, body: { type, name: 'Wrong', tag } });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Invalid field "tag"/);
      expect(response.body.message).toMatch(/for example/);
    });

    it.each([
      [{ type: 'myspace', name: 'x', tag: '1' }, /type/],
      [{ type: 'fbpixel', tag: '123456789012345' }, /name/],
      [{ type: 'fbpixel', name: 'x' }, /tag/],
      [{ type: 'fbpixel', name: 'x', tag: 123456789012345 }, /tag/],
    ])('refuses %j with 400', async (body, message) => {
      const response = await api.request('POST', '/l/api/pixel/add', { key: user.apikey, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    it('refuses the same type and tag twice in one account, but not across accounts or types', async () => {
      await createPixel(api, user, { type: 'fbpixel', tag: '123456789012345' });
      const twice = await api.request('POST', '/l/api/pixel/add', {
        key: user.apikey,
        body: { type: 'fbpixel', name: 'Again', tag: '123456789012345' },
      });
      expect(twice.status).toBe(409);
      const other = await createUser(api);
      expect(
        (
          await api.request('POST', '/l/api/pixel/add', {
            key: other.apikey,
            body: { type: 'fbpixel', name: 'Theirs', tag: '123456789012345' },
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('PUT /pixel/:id/update', () => {
    it("requires the tag, checks it against the pixel's type and keeps the name unless sent", async () => {
      const id = await createPixel(api, user, { name: 'Kept name', tag: '111111111111111' });
      expect((await api.request('PUT', `/l/api/pixel/${id}/update`, { key: user.apikey, body: { name: 'No tag' } })).status).toBe(400);
      expect((await api.request('PUT', `/l/api/pixel/${id}/update`, { key: user.apikey, body: { tag: 'GTM-ABC123' } })).status).toBe(400);
      const response = await api.request('PUT', `/l/api/pixel/${id}/update`, { key: user.apikey, body: { tag: '222222222222222' } });
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      const listed = (await api.request('GET', '/l/api/pixels', { key: user.apikey })).body.data.pixels;
      expect(listed[0]).toMatchObject({ name: 'Kept name', tag: '222222222222222' });
    });

    it('refuses a tag that would duplicate another pixel', async () => {
      await createPixel(api, user, { tag: '333333333333333' });
      const id = await createPixel(api, user, { tag: '444444444444444' });
      expect((await api.request('PUT', `/l/api/pixel/${id}/update`, { key: user.apikey, body: { tag: '333333333333333' } })).status).toBe(
        409,
      );
    });
  });

  describe('DELETE /pixel/:id/delete', () => {
    it('answers with a message and detaches the pixel from links', async () => {
      const id = await createPixel(api, user);
      const link = await createLink(api, user, { pixels: [id] });
      const response = await api.request('DELETE', `/l/api/pixel/${id}/delete`, { key: user.apikey });
      expect(response.body).toEqual({ error: 0, message: expect.any(String) });
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.pixels).toEqual([]);
    });
  });
});
