import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../api';
import { saveFile } from '../format';
import { WORKSPACES_KEY } from '../query-client';
import { keyOf, PAGE_SIZE, usePage, useRecord, useWrite } from './hooks';

export type Workspace = Schemas['Workspace'];
export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type WorkspaceKey = Schemas['WorkspaceKey'];
export type AuditEntry = Schemas['AuditEntry'];
export type Role = Schemas['Role'];

/** The most workspaces the switcher offers (a person is rarely in more than a few). */
const MOST_WORKSPACES = 500;

/** Every workspace the person is a member of, with their role in each: the switcher's choices. */
export const useWorkspaces = () =>
  useQuery({
    queryKey: WORKSPACES_KEY,
    queryFn: async () => {
      const workspaces: Workspace[] = [];
      for await (const workspace of api.paginate('/workspaces', { query: { limit: 100 } })) {
        workspaces.push(workspace);
        if (workspaces.length >= MOST_WORKSPACES) break;
      }
      return workspaces;
    },
    staleTime: 30_000,
  });

export const useWorkspace = (id: number) =>
  useRecord('workspaces', id, async () => (await api.GET('/workspace/{id}', { params: { path: { id } } })).data.data);

/** A new team workspace; the person is its owner. Answers it. */
export const useCreateWorkspace = () =>
  useWrite('workspaces', async (name: string) => (await api.POST('/workspace/add', { body: { name } })).data.data);

export const useUpdateWorkspace = () =>
  useWrite('workspaces', async ({ id, ...body }: { id: number; name?: string; ssoOnly?: boolean }) =>
    api.PUT('/workspace/{id}/update', { params: { path: { id } }, body }),
  );

export const useDeleteWorkspace = () =>
  useWrite('workspaces', (id: number) => api.DELETE('/workspace/{id}/delete', { params: { path: { id } } }));

export const useMembers = (id: number, page: number) =>
  usePage(
    'workspaces',
    ['members', id, page],
    async () => (await api.GET('/workspace/{id}/members', { params: { path: { id }, query: { page, limit: PAGE_SIZE } } })).data.data,
  );

/** Every member (up to 1,000): the audit log's choice of person. */
export const useAllMembers = (id: number) =>
  useQuery({
    queryKey: keyOf('workspaces', 'members', id, 'all'),
    queryFn: async () => {
      const members: Member[] = [];
      for await (const member of api.paginate('/workspace/{id}/members', { path: { id }, query: { limit: 100 } })) {
        members.push(member);
        if (members.length >= 1000) break;
      }
      return members;
    },
  });

export const useUpdateMember = () =>
  useWrite('workspaces', ({ id, userid, role }: { id: number; userid: number; role: Role }) =>
    api.PUT('/workspace/{id}/member/{userid}/update', { params: { path: { id, userid } }, body: { role } }),
  );

/** Takes a member out of the workspace (the person themself: leaving it). */
export const useRemoveMember = () =>
  useWrite('workspaces', ({ id, userid }: { id: number; userid: number }) =>
    api.DELETE('/workspace/{id}/member/{userid}/delete', { params: { path: { id, userid } } }),
  );

export const useInvitations = (id: number, page: number) =>
  usePage(
    'workspaces',
    ['invitations', id, page],
    async () => (await api.GET('/workspace/{id}/invitations', { params: { path: { id }, query: { page, limit: PAGE_SIZE } } })).data.data,
  );

/** A new invitation: answers its link (shown this once) and whether it was e-mailed. */
export const useInvite = () =>
  useWrite('workspaces', async ({ id, email, role }: { id: number; email: string; role: Role }) => {
    return (await api.POST('/workspace/{id}/invitation/add', { params: { path: { id } }, body: { email, role } })).data.data;
  });

export const useRevokeInvitation = () =>
  useWrite('workspaces', ({ id, invitationid }: { id: number; invitationid: number }) =>
    api.DELETE('/workspace/{id}/invitation/{invitationid}/delete', { params: { path: { id, invitationid } } }),
  );

export const useWorkspaceKeys = (id: number, page: number) =>
  usePage(
    'workspaces',
    ['keys', id, page],
    async () => (await api.GET('/workspace/{id}/keys', { params: { path: { id }, query: { page, limit: PAGE_SIZE } } })).data.data,
  );

/** A new workspace key: answers its secret, shown this once. */
export const useAddWorkspaceKey = () =>
  useWrite('workspaces', async ({ id, name, scope }: { id: number; name: string; scope: WorkspaceKey['scope'] }) => {
    return (await api.POST('/workspace/{id}/key/add', { params: { path: { id } }, body: { name, scope } })).data.data;
  });

export const useDeleteWorkspaceKey = () =>
  useWrite('workspaces', ({ id, keyid }: { id: number; keyid: number }) =>
    api.DELETE('/workspace/{id}/key/{keyid}/delete', { params: { path: { id, keyid } } }),
  );

/** What the audit log is filtered by: a person, an operation, a first and a last day (YYYY-MM-DD). */
export interface AuditFilters {
  user?: number;
  operation?: string;
  from?: string;
  to?: string;
}

export const useAudit = (id: number, filters: AuditFilters, page: number) =>
  usePage(
    'workspaces',
    ['audit', id, filters, page],
    async () =>
      (await api.GET('/workspace/{id}/audit', { params: { path: { id }, query: { ...filters, page, limit: PAGE_SIZE } } })).data.data,
  );

/** Downloads the entries the filters keep, as CSV or NDJSON. */
export async function downloadAudit(id: number, filters: AuditFilters, format: 'csv' | 'ndjson'): Promise<void> {
  const { data } = await api.GET('/workspace/{id}/audit/export', {
    params: { path: { id }, query: { ...filters, format } },
    parseAs: 'blob',
  });
  saveFile(data, `audit-${id}.${format}`);
}

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
