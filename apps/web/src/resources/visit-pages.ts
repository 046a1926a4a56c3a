import { api, type Schemas } from '../api';
import { PAGE_SIZE, listOf, useChoices, usePage, useRecord, useWrite } from './hooks';

export type OverlayInput = Schemas['OverlayAdd'];
export type SplashInput = Schemas['SplashAdd'];
export type Overlay = Schemas['Overlay'];
export type Splash = Schemas['Splash'];

export const useOverlays = (page: number) =>
  usePage('overlays', [page], async () => (await api.GET('/overlay', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);
export const useOverlay = (id: number | null) =>
  useRecord('overlays', id ?? 0, async () => (await api.GET('/overlay/{id}', { params: { path: { id: id! } } })).data.data, {
    enabled: id !== null,
  });
/** Every overlay of the account: how a link may open. */
export const useOverlayChoices = () => useChoices('overlays', '/overlay');
export const useSaveOverlay = () =>
  useWrite('overlays', async ({ id, body }: { id: number | null; body: OverlayInput }) => {
    if (id !== null) await api.PUT('/overlay/{id}/update', { params: { path: { id } }, body });
    else await api.POST('/overlay/add', { body });
  });
export const useRemoveOverlay = () =>
  useWrite('overlays', (id: number) => api.DELETE('/overlay/{id}/delete', { params: { path: { id } } }));

export const useSplashPages = (page: number) =>
  usePage('splash', [page], async () => (await api.GET('/splash', { params: { query: { page, limit: PAGE_SIZE } } })).data.data);
export const useSplashPage = (id: number | null) =>
  useRecord('splash', id ?? 0, async () => (await api.GET('/splash/{id}', { params: { path: { id: id! } } })).data.data, {
    enabled: id !== null,
  });
/** Every splash page of the account: how a link may open. */
export const useSplashChoices = () => useChoices('splash', '/splash');
export const useSaveSplash = () =>
  useWrite('splash', async ({ id, body }: { id: number | null; body: SplashInput }) => {
    if (id !== null) await api.PUT('/splash/{id}/update', { params: { path: { id } }, body });
    else await api.POST('/splash/add', { body });
  });
export const useRemoveSplash = () => useWrite('splash', (id: number) => api.DELETE('/splash/{id}/delete', { params: { path: { id } } }));

/** The overlays and the splash pages, as their lists show them. */
export const overlayList = listOf('overlay', useOverlays, 'cta', 'name', useRemoveOverlay, {
  add: 'addOverlay',
  update: 'updateOverlay',
  remove: 'deleteOverlay',
});
export const splashList = listOf('splash page', useSplashPages, 'splash', 'name', useRemoveSplash, {
  add: 'addSplash',
  update: 'updateSplash',
  remove: 'deleteSplash',
});
