import { describe, expect, it } from 'vitest';
import { changesOf, EMPTY_DRAFT } from './bulk-draft';

describe('the bulk edit form', () => {
  it('sends nothing for a form left as it is', () => {
    expect(changesOf(EMPTY_DRAFT)).toEqual({});
  });

  it('sends only what was chosen, a tag typed and not added with the others', () => {
    expect(
      changesOf({
        ...EMPTY_DRAFT,
        addTags: ['sale'],
        addPending: ' Spring, sale ',
        removePending: 'old',
        campaign: '0',
        domain: 'default',
        status: 'public',
        archived: 'unarchive',
        expiryMode: 'none',
      }),
    ).toEqual({ addtags: ['sale', 'spring'], removetags: ['old'], campaign: 0, domain: '', status: 'public', archived: false, expiry: '' });
  });

  it('sends an expiry in UTC, a channel and a domain by its address', () => {
    const changes = changesOf({
      ...EMPTY_DRAFT,
      expiryMode: 'set',
      expiry: '2031-05-01T12:00',
      channel: '4',
      domain: 'https://go.example.com',
      archived: 'archive',
    });
    expect(changes).toEqual({
      expiry: new Date('2031-05-01T12:00').toISOString().slice(0, 19).replace('T', ' '),
      channel: 4,
      domain: 'https://go.example.com',
      archived: true,
    });
  });
});
