import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../api';
import { bodyOf, draftOf, variantSum } from './link-draft';

const stored = {
  id: 7,
  alias: 'spring',
  shorturl: 'https://go.example.com/spring',
  longurl: 'https://shop.example.com/spring',
  domain: 'https://go.example.com',
  title: 'Spring',
  description: 'note',
  metadescription: '',
  metaimage: '',
  status: 'public',
  type: 'direct',
  password: true,
  expiry: null,
  pixels: [3],
  tags: ['spring', 'mail'],
  campaign: 4,
  channels: [],
  geotarget: [{ location: 'Canada', link: 'https://shop.example.ca/' }],
  devicetarget: [],
  languagetarget: [],
  deeplink: null,
  parameters: [{ name: 'utm_source', value: 'mail' }],
  variants: [],
  clicks: 0,
  uniqueClicks: 0,
  date: '2026-01-01 00:00:00',
} as unknown as Schemas['LinkDetails'];

describe("the link form's draft", () => {
  it('sends only what was filled in on a creation: the service picks the rest', () => {
    const draft = { ...draftOf(), url: ' https://example.com/ ', geotarget: [{ location: ' ', link: 'x' }] };
    expect(bodyOf(draft, undefined)).toEqual({
      url: 'https://example.com/',
      status: 'private',
      type: 'direct',
      pixels: [],
      geotarget: [],
      devicetarget: [],
      languagetarget: [],
      parameters: [],
    });
  });

  it('sends every field on an update, so that clearing one clears it, and leaves the alias out when it did not change', () => {
    const draft = { ...draftOf(stored), campaign: '', removePassword: true, parameters: [] };
    const body = bodyOf(draft, stored);
    expect(body).toMatchObject({
      campaign: 0,
      password: '',
      parameters: [],
      geotarget: [{ location: 'Canada', link: 'https://shop.example.ca/' }],
    });
    expect(body).not.toHaveProperty('custom');
    expect(bodyOf({ ...draft, custom: 'summer' }, stored).custom).toBe('summer');
  });

  it('keeps the tags, adds one typed and not yet added, and sends [] once the last is removed', () => {
    expect(bodyOf({ ...draftOf(stored), pendingTag: ' Launch, spring ' }, stored).tags).toEqual(['spring', 'mail', 'launch']);
    expect(bodyOf({ ...draftOf(stored), tags: [] }, stored).tags).toEqual([]);
    expect(bodyOf({ ...draftOf(), url: 'https://example.com/', tags: ['a'] }, undefined).tags).toEqual(['a']);
  });

  it('sends an A/B split with the destination as variant A, a weight typed wrong as typed, and [] once the others are gone', () => {
    const split = {
      ...stored,
      variants: [
        { url: 'https://shop.example.com/spring', weight: 70 },
        { url: 'https://shop.example.com/spring-b', weight: 30 },
      ],
    };
    const draft = draftOf(split);
    expect(draft).toMatchObject({ variantWeight: '70', variants: [{ url: 'https://shop.example.com/spring-b', weight: '30' }] });
    expect(variantSum(draft)).toBe(100);
    const moved = {
      ...draft,
      url: 'https://shop.example.com/new',
      variants: [...draft.variants, { url: ' https://c.example/ ', weight: 'ten' }, { url: '', weight: '5' }],
    };
    expect(variantSum(moved)).toBe(105);
    expect(bodyOf(moved, split).variants).toEqual([
      { url: 'https://shop.example.com/new', weight: 70 },
      { url: 'https://shop.example.com/spring-b', weight: 30 },
      { url: 'https://c.example/', weight: 'ten' },
    ]);
    expect(bodyOf({ ...draft, variants: [] }, split).variants).toEqual([]);
    expect(bodyOf({ ...draftOf(), url: 'https://example.com/' }, undefined)).not.toHaveProperty('variants');
  });
});
