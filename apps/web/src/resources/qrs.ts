import { api, type Schemas } from '../api';
import { listOf, useChoices, usePage, useRecord, useWrite } from './hooks';

export type Qr = Schemas['Qr'];
export type QrAdd = Schemas['QrAdd'];
export type QrDetails = Schemas['QrDetails'];

/** QR codes show as cards of images: 24 fill rows of 2, 3, 4 and 6. */
const QR_PAGE = 24;

export const useQrs = (page: number) =>
  usePage('qrs', [page], async () => (await api.GET('/qr', { params: { query: { page, limit: QR_PAGE } } })).data.data);

export const useQr = (id: number) =>
  useRecord('qrs', id, async () => (await api.GET('/qr/{id}', { params: { path: { id } } })).data.details);

/** Every QR code of the account: what a channel may gather. */
export const useQrChoices = () => useChoices('qrs', '/qr');

/** Creates a code or replaces one's design; answers its id. */
export const useSaveQr = () =>
  useWrite('qrs', async ({ id, body }: { id: number | null; body: QrAdd }) => {
    if (id !== null) {
      await api.PUT('/qr/{id}/update', { params: { path: { id } }, body });
      return id;
    }
    return (await api.POST('/qr/add', { body })).data.id;
  });

export const useRemoveQr = () => useWrite('qrs', (id: number) => api.DELETE('/qr/{id}/delete', { params: { path: { id } } }));

/** The QR codes, as their list page shows them. */
export const qrList = listOf('QR code', useQrs, 'qrs', 'name', useRemoveQr, { add: 'addQr', update: 'updateQr', remove: 'deleteQr' });
