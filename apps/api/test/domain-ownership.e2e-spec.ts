import type { HostResolver } from '../src/infrastructure/host-resolver';
import { useApi } from './support/app';
import { createUser } from './support/factories';

/** A DNS zone of the test's own: TXT records by name, addresses and CNAMEs by host. */
const txt = new Map<string, string[]>();
const hosts = new Map<string, { addresses: string[]; aliases: string[] }>();
const resolver: HostResolver = {
  resolve: async (host) => hosts.get(host) ?? { addresses: [], aliases: [] },
  txt: async (name) => txt.get(name) ?? [],
};

describe('branded domains with DOMAIN_VERIFICATION=txt', () => {
  const api = useApi({ DOMAIN_VERIFICATION: 'txt' }, { hostResolver: resolver });

  it('are added only once the account has proven it controls them', async () => {
    const owner = await createUser(api);
    const domain = 'https://go.proven.example';
    const proof = await api.request('GET', `/l/api/domain/verification?domain=${encodeURIComponent(domain)}`, { key: owner.apikey });
    expect(proof.body).toEqual({
      error: 0,
      record: '_linkyard.go.proven.example',
      value: expect.stringMatching(/^linkyard-verification=[0-9a-f]{40}$/),
      required: true,
      // The service's own address (PUBLIC_URL) is a host name: a CNAME to it.
      pointTo: [{ type: 'CNAME', value: 'links.test' }],
      points: false,
      proven: false,
    });

    const refused = await api.request('POST', '/l/api/domain/add', { key: owner.apikey, body: { domain } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`add a TXT record _linkyard.go.proven.example with the value ${proof.body.value}`);

    txt.set('_linkyard.go.proven.example', ['v=spf1 -all', proof.body.value]);
    hosts.set('go.proven.example', { addresses: [], aliases: ['links.test'] });
    // The DNS as it is now: pointed here and proven.
    const now = await api.request('GET', `/l/api/domain/verification?domain=${encodeURIComponent(domain)}`, { key: owner.apikey });
    expect(now.body).toMatchObject({ points: true, proven: true });
    expect((await api.request('POST', '/l/api/domain/add', { key: owner.apikey, body: { domain } })).status).toBe(200);
  });

  it("cannot be claimed with another account's proof", async () => {
    const owner = await createUser(api);
    const claimer = await createUser(api);
    const domain = 'https://go.someone-else.example';
    const ownerProof = (await api.request('GET', `/l/api/domain/verification?domain=${domain}`, { key: owner.apikey })).body.value;
    const claimerProof = (await api.request('GET', `/l/api/domain/verification?domain=${domain}`, { key: claimer.apikey })).body.value;
    expect(claimerProof).not.toBe(ownerProof);
    txt.set('_linkyard.go.someone-else.example', [ownerProof]);
    expect((await api.request('POST', '/l/api/domain/add', { key: claimer.apikey, body: { domain } })).status).toBe(400);
    expect((await api.request('POST', '/l/api/domain/add', { key: owner.apikey, body: { domain } })).status).toBe(200);
  });

  it('explains a missing or malformed domain', async () => {
    const user = await createUser(api);
    expect((await api.request('GET', '/l/api/domain/verification', { key: user.apikey })).status).toBe(400);
    expect((await api.request('GET', '/l/api/domain/verification?domain=not%20a%20url', { key: user.apikey })).status).toBe(400);
  });
});

describe('branded domains pointed at the addresses of DOMAIN_DNS_TARGETS', () => {
  const api = useApi({ DOMAIN_DNS_TARGETS: '203.0.113.10,2001:db8::10' }, { hostResolver: resolver });

  it('are told to use an A and an AAAA record (a CNAME names a host, never an address), and say when they point there', async () => {
    const user = await createUser(api);
    const ask = () => api.request('GET', '/l/api/domain/verification?domain=https://go.addressed.example', { key: user.apikey });
    expect((await ask()).body).toMatchObject({
      pointTo: [
        { type: 'A', value: '203.0.113.10' },
        { type: 'AAAA', value: '2001:db8::10' },
      ],
      points: false,
    });
    hosts.set('go.addressed.example', { addresses: ['2001:db8::10'], aliases: [] });
    expect((await ask()).body.points).toBe(true);
  });
});

describe('branded domains without DOMAIN_VERIFICATION', () => {
  const api = useApi();

  it('say no proof is required, and are added as existing clients expect', async () => {
    const user = await createUser(api);
    const proof = await api.request('GET', '/l/api/domain/verification?domain=https://go.unproven.example', { key: user.apikey });
    expect(proof.body.required).toBe(false);
    expect(
      (await api.request('POST', '/l/api/domain/add', { key: user.apikey, body: { domain: 'https://go.unproven.example' } })).status,
    ).toBe(200);
  });
});
