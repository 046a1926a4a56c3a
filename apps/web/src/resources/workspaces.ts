import { api } from '../api';
import { useRecord, useWrite } from './hooks';

/** What an invitation link offers: the workspace, the role, until when. */
export const useInvitation = (token: string) =>
  useRecord(
    'workspaces',
    `invitation:${token}`,
    async () => (await api.GET('/invitation/{token}', { params: { path: { token } } })).data.data,
    {
      retry: false,
    },
  );

/** Joins the workspace with the invitation's role; answers the workspace. */
export const useAcceptInvitation = () =>
  useWrite(
    'workspaces',
    async (token: string) => (await api.POST('/invitation/{token}/accept', { params: { path: { token } } })).data.data,
  );
