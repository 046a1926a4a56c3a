import { tagsOf } from '../../components/Tags';
import { localToApi } from '../../format';
import type { LinkBulkChanges } from '../../resources/links';

/** The bulk edit form's draft: what the person chose, as text ('' leaves a field as it is). */
export interface Draft {
  addTags: string[];
  addPending: string;
  removeTags: string[];
  removePending: string;
  /** '' leaves it; '0' takes the links out of their campaign. */
  campaign: string;
  channel: string;
  /** '' leaves it; 'none' removes it; 'set' sets `expiry`. */
  expiryMode: '' | 'none' | 'set';
  expiry: string;
  /** '' leaves it; 'default' is the service's own address. */
  domain: string;
  status: '' | 'public' | 'private';
  archived: '' | 'archive' | 'unarchive';
  /** '' leaves it; 'none' removes it; 'set' sets `clickLimit`. */
  limitMode: '' | 'none' | 'set';
  clickLimit: string;
  /** '' leaves it; 'none' removes it; 'set' sets `start`. */
  startMode: '' | 'none' | 'set';
  start: string;
}

export const EMPTY_DRAFT: Draft = {
  addTags: [],
  addPending: '',
  removeTags: [],
  removePending: '',
  campaign: '',
  channel: '',
  expiryMode: '',
  expiry: '',
  domain: '',
  status: '',
  archived: '',
  limitMode: '',
  clickLimit: '',
  startMode: '',
  start: '',
};

/** What the form cannot send as it is, in words; null when it can. */
export function draftProblem(draft: Draft): string | null {
  if (draft.expiryMode === 'set' && !draft.expiry) return 'Choose the date and time the links expire, or leave the expiry as it is.';
  if (draft.limitMode === 'set' && !/^[1-9][0-9]{0,8}$/.test(draft.clickLimit.trim())) {
    return 'A click limit is a whole number of clicks from 1 to 999,999,999, or leave it as it is.';
  }
  if (draft.startMode === 'set' && !draft.start) return 'Choose the date and time the links start, or leave the start date as it is.';
  return null;
}

/** The API's changes of a draft: only what was chosen (a tag typed and not yet added counts). */
export function changesOf(draft: Draft): LinkBulkChanges {
  const changes: LinkBulkChanges = {};
  const added = [...new Set([...draft.addTags, ...tagsOf(draft.addPending)])];
  const removed = [...new Set([...draft.removeTags, ...tagsOf(draft.removePending)])];
  if (added.length) changes.addtags = added;
  if (removed.length) changes.removetags = removed;
  if (draft.campaign) changes.campaign = Number(draft.campaign);
  if (draft.channel) changes.channel = Number(draft.channel);
  if (draft.expiryMode === 'none') changes.expiry = '';
  if (draft.expiryMode === 'set' && draft.expiry) changes.expiry = localToApi(draft.expiry);
  if (draft.domain) changes.domain = draft.domain === 'default' ? '' : draft.domain;
  if (draft.status) changes.status = draft.status;
  if (draft.archived) changes.archived = draft.archived === 'archive';
  if (draft.limitMode === 'none') changes.clicklimit = 0;
  if (draft.limitMode === 'set' && draft.clickLimit.trim()) changes.clicklimit = Number(draft.clickLimit.trim());
  if (draft.startMode === 'none') changes.startdate = '';
  if (draft.startMode === 'set' && draft.start) changes.startdate = localToApi(draft.start);
  return changes;
}
