import { describe, expect, it } from 'vitest';
import { changesOf, draftProblem, EMPTY_DRAFT } from './bulk-draft';

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

  it('sends a click limit and a start date, or takes them away, and names what is unfinished', () => {
    expect(changesOf({ ...EMPTY_DRAFT, limitMode: 'set', clickLimit: ' 500 ', startMode: 'set', start: '2031-05-01T08:30' })).toEqual({
      clicklimit: 500,
      startdate: new Date('2031-05-01T08:30').toISOString().slice(0, 19).replace('T', ' '),
    });
    expect(changesOf({ ...EMPTY_DRAFT, limitMode: 'none', startMode: 'none' })).toEqual({ clicklimit: 0, startdate: '' });
    for (const clickLimit of ['', '0', '-3', '2.5', '1e3', '1000000000', 'many']) {
      expect(draftProblem({ ...EMPTY_DRAFT, limitMode: 'set', clickLimit })).toMatch(/whole number/);
    }
    expect(draftProblem({ ...EMPTY_DRAFT, startMode: 'set' })).toMatch(/start/);
    expect(draftProblem({ ...EMPTY_DRAFT, limitMode: 'set', clickLimit: '999999999' })).toBeNull();
  });
});
