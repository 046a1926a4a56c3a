import { api, type Schemas } from '../api';
import { PAGE_SIZE, useChoices, usePage, useWrite } from './hooks';

export type Tag = Schemas['Tag'];

/** A page of the account's tags, alphabetical, with their link counts (those containing `q`). */
export const useTags = (page: number, q = '') =>
  usePage(
    'tags',
    [page, q],
    async () => (await api.GET('/tags', { params: { query: { page, limit: PAGE_SIZE, q: q || undefined } } })).data.data,
  );

/** Every tag of the account (up to 1,000): what a link's tags and the list's filter offer. */
export const useTagChoices = () => useChoices('tags', '/tags');

/** Makes a tag with an optional colour. */
export const useAddTag = () =>
  useWrite(
    'tags',
    async ({ name, color }: { name: string; color: string }) => (await api.POST('/tag/add', { body: { name, color } })).data.tag,
  );

/** Renames a tag (on every link carrying it) and sets or removes (`""`) its colour. */
export const useUpdateTag = () =>
  useWrite(
    'tags',
    async ({ name, changes }: { name: string; changes: { name?: string; color?: string } }) =>
      (await api.PUT('/tag/{name}/update', { params: { path: { name } }, body: changes })).data.tag,
  );

/** Takes a tag off every link and forgets it. */
export const useRemoveTag = () =>
  useWrite('tags', async (name: string) => (await api.DELETE('/tag/{name}/delete', { params: { path: { name } } })).data.message);
