import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { INVALIDATES, RESOURCES, invalidate } from './registry';

describe('INVALIDATES', () => {
  it('has a line for every resource, starting with the resource itself', () => {
    expect(Object.keys(INVALIDATES).sort()).toEqual([...RESOURCES].sort());
    for (const resource of RESOURCES) expect(INVALIDATES[resource][0]).toBe(resource);
  });

  it('reaches the choices other forms offer: a campaign, pixel, domain, overlay or splash page written changes the link form', () => {
    for (const resource of ['campaigns', 'channels', 'pixels', 'domains', 'overlays', 'splash'] as const) {
      expect(INVALIDATES[resource]).toContain('links');
    }
  });
});

describe('invalidate', () => {
  it("marks stale every query of the resources a write changes, and no other's", async () => {
    const client = new QueryClient();
    for (const key of [
      ['campaigns', 'choices'],
      ['campaigns', 'list', 1],
      ['links', 'one', 5],
      ['webhooks', 'list', 1],
    ])
      client.setQueryData(key, 'data');
    await invalidate(client, 'campaigns');
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['campaigns', 'choices'])).toBe(true);
    expect(stale(['campaigns', 'list', 1])).toBe(true);
    expect(stale(['links', 'one', 5])).toBe(true);
    expect(stale(['webhooks', 'list', 1])).toBe(false);
  });
});
