import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, useChoices, usePage, useWrite } from './hooks';

export type Channel = Schemas['Channel'];
export type ChannelItemType = 'links' | 'qr' | 'bio';

export const useChannels = (page: number) =>
  usePage('channels', [page], async () => (await api.GET('/channels', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

/** Every channel of the account: what a link, QR code or bio page may be added to (and a channel's name). */
export const useChannelChoices = () => useChoices('channels', '/channels');

/** A page of a channel's items. */
export const useChannelItems = (id: number, page: number) =>
  usePage(
    'channels',
    ['items', id, page],
    async () => (await api.GET('/channel/{id}', { params: { path: { id }, query: { page, limit: PAGE_SIZE } } })).data.data,
  );

export const useSaveChannel = () =>
  useWrite(
    'channels',
    async ({ id, ...body }: { id: number | null; name: string; description: string; color: string; starred: boolean }) => {
      if (id !== null) await api.PUT('/channel/{id}/update', { params: { path: { id } }, body });
      else await api.POST('/channel/add', { body });
    },
  );

export const useRemoveChannel = () =>
  useWrite('channels', (id: number) => api.DELETE('/channel/{id}/delete', { params: { path: { id } } }));

export const useAssignItem = () =>
  useWrite('channels', ({ channel, type, item }: { channel: number; type: ChannelItemType; item: number }) =>
    api.POST('/channel/{channelid}/assign/{type}/{itemid}', { params: { path: { channelid: channel, type, itemid: item } } }),
  );

export const useUnassignItem = () =>
  useWrite('channels', ({ channel, type, item }: { channel: number; type: ChannelItemType; item: number }) =>
    api.POST('/channel/{channelid}/unassign/{type}/{itemid}', { params: { path: { channelid: channel, type, itemid: item } } }),
  );

/** The channels, as their list page shows them. */
export const channelList = listOf('channel', useChannels, 'channels', 'name', useRemoveChannel, {
  add: 'addChannel',
  update: 'updateChannel',
  remove: 'deleteChannel',
});
