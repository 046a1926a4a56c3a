import type { HostResolver } from '../../infrastructure/host-resolver';
import { pointsAtTargets } from './dns-check';

/** A zone of our own, so the rule is checked without a network. */
const zone: Record<string, { addresses: string[]; aliases: string[] }> = {
  'go.brand.com': { addresses: ['203.0.113.7'], aliases: [] },
  'links.brand.com': { addresses: ['203.0.113.9'], aliases: ['edge.linkyard.example'] },
  'edge.linkyard.example': { addresses: ['203.0.113.7'], aliases: [] },
  'elsewhere.brand.com': { addresses: ['198.51.100.1'], aliases: [] },
};
const resolver: HostResolver = { resolve: async (host) => zone[host] ?? { addresses: [], aliases: [] }, txt: async () => [] };

describe('pointsAtTargets', () => {
  it('accepts a host that resolves to a target address', async () => {
    expect(await pointsAtTargets(resolver, 'go.brand.com', ['203.0.113.7'])).toBe(true);
  });

  it('accepts a host whose address is one of a target host name', async () => {
    expect(await pointsAtTargets(resolver, 'go.brand.com', ['edge.linkyard.example'])).toBe(true);
  });

  it('accepts a host whose CNAME is a target host name', async () => {
    expect(await pointsAtTargets(resolver, 'links.brand.com', ['edge.linkyard.example'])).toBe(true);
  });

  it('refuses a host that points elsewhere or nowhere', async () => {
    expect(await pointsAtTargets(resolver, 'elsewhere.brand.com', ['203.0.113.7', 'edge.linkyard.example'])).toBe(false);
    expect(await pointsAtTargets(resolver, 'missing.brand.com', ['203.0.113.7'])).toBe(false);
  });
});
