import { api, type Schemas } from '../api';
import { useChoices, useRecord, useWrite } from './hooks';

export type SharedReport = Schemas['SharedReport'];
export type SharedReportAdd = Schemas['SharedReportAdd'];
export type SharedView = Schemas['SharedReportView']['data'];

/** The account's shared reports (up to 1,000): a link's or a campaign's page lists its own. */
export const useReportChoices = () => useChoices('reports', '/reports');

/** Makes a report; its answer holds the address, shown this once. */
export const useAddReport = () => useWrite('reports', async (body: SharedReportAdd) => (await api.POST('/report/add', { body })).data);

export const useRevokeReport = () => useWrite('reports', (id: number) => api.DELETE('/report/{id}/delete', { params: { path: { id } } }));

/** What a report's address shows, read without signing in (a revoked or expired one is a 404). */
export const useSharedView = (token: string, enabled = true) =>
  useRecord('reports', `shared:${token}`, async () => (await api.GET('/shared/{token}', { params: { path: { token } } })).data.data, {
    retry: false,
    enabled,
  });
