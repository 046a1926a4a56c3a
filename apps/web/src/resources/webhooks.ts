import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, usePage, useRecord, useWrite } from './hooks';

export type Webhook = Schemas['Webhook'];
export type EventName = Schemas['WebhookEventName'];

export const useWebhooks = (page: number) =>
  usePage('webhooks', [page], async () => (await api.GET('/webhooks', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);

export const useWebhook = (id: number) =>
  useRecord('webhooks', id, async () => (await api.GET('/webhook/{id}', { params: { path: { id } } })).data.data);

/** A page of a webhook's deliveries, followed while it is shown (they move on their own). */
export const useDeliveries = (id: number, page: number) =>
  usePage(
    'webhooks',
    ['deliveries', id, page],
    async () => (await api.GET('/webhook/{id}/deliveries', { params: { path: { id }, query: { page, limit: PAGE_SIZE } } })).data.data,
    { refetchInterval: 5000 },
  );

/** A new webhook; answers its secret, shown this once. */
export const useCreateWebhook = () =>
  useWrite('webhooks', async (body: { url: string; events: EventName[] }) => (await api.POST('/webhooks', { body })).data.secret);

export const useSaveWebhook = () =>
  useWrite('webhooks', ({ id, ...body }: { id: number; url?: string; events?: EventName[]; enabled?: boolean }) =>
    api.PUT('/webhook/{id}', { params: { path: { id } }, body }),
  );

export const useRemoveWebhook = () => useWrite('webhooks', (id: number) => api.DELETE('/webhook/{id}', { params: { path: { id } } }));

export const useReplay = () =>
  useWrite('webhooks', ({ id, delivery }: { id: number; delivery: number }) =>
    api.POST('/webhook/{id}/delivery/{deliveryid}/replay', { params: { path: { id, deliveryid: delivery } } }),
  );

/** The webhooks, as their list page shows them. */
export const webhookList = listOf('webhook', useWebhooks, 'webhooks', 'url', useRemoveWebhook, {
  add: 'addWebhook',
  update: 'updateWebhook',
  remove: 'deleteWebhook',
});
