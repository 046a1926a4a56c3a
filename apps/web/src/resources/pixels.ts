import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, useChoices, usePage, useRecord, useWrite } from './hooks';

export type Pixel = Schemas['Pixel'];
export type PixelType = Schemas['PixelType'];

export const usePixels = (page: number) =>
  usePage('pixels', [page], async () => (await api.GET('/pixels', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

/** Every pixel of the account: what a link or bio page may load. */
export const usePixelChoices = () => useChoices('pixels', '/pixels');

export const useSavePixel = () =>
  useWrite('pixels', async ({ id, type, name, tag }: { id: number | null; type: PixelType; name: string; tag: string }) => {
    if (id !== null) await api.PUT('/pixel/{id}/update', { params: { path: { id } }, body: { name, tag } });
    else await api.POST('/pixel/add', { body: { type, name, tag } });
  });

export const useRemovePixel = () => useWrite('pixels', (id: number) => api.DELETE('/pixel/{id}/delete', { params: { path: { id } } }));

interface TagRule {
  pattern: string;
  example: string;
  description: string;
}

/**
 * The tag rule of each vendor, read from the service's own API document (`x-tag-rules` of
 * `PixelType`), which is what the service checks tags against: the help beside the field is the rule.
 */
export const useTagRules = () =>
  useRecord(
    'pixels',
    'tag-rules',
    async () => {
      const { data } = await api.GET('/openapi.json');
      const schemas = (data as { components?: { schemas?: Record<string, { 'x-tag-rules'?: Record<string, TagRule> }> } }).components
        ?.schemas;
      return schemas?.PixelType?.['x-tag-rules'] ?? {};
    },
    { staleTime: Infinity },
  );

/** The pixels, as their list page shows them. */
export const pixelList = listOf('pixel', usePixels, 'pixels', 'name', useRemovePixel, {
  add: 'addPixel',
  update: 'updatePixel',
  remove: 'deletePixel',
});
