import type { components } from '@linkyard/spec';
import { formatDateTime } from '../../common/dates';
import type { AuditEntryEntity, InvitationEntity, WorkspaceKeyEntity } from './workspace.entity';
import type { MemberRow, MyWorkspace } from './workspaces.repository';

type Schemas = components['schemas'];

export const toWorkspace = (workspace: MyWorkspace): Schemas['Workspace'] => ({
  id: workspace.id,
  name: workspace.name,
  personal: workspace.personal,
  ssoOnly: workspace.ssoOnly,
  role: workspace.role,
  members: workspace.members,
  date: formatDateTime(workspace.createdAt),
});

export const toMember = (member: MemberRow): Schemas['Member'] => ({
  id: member.userId,
  username: member.username,
  email: member.email,
  role: member.role,
  date: formatDateTime(member.createdAt),
});

export const toInvitation = (invitation: InvitationEntity, now: number): Schemas['Invitation'] => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  date: formatDateTime(invitation.createdAt),
  expires: formatDateTime(invitation.expiresAt),
  expired: invitation.expiresAt.getTime() <= now,
});

export const toWorkspaceKey = (key: WorkspaceKeyEntity, makers: Map<number, string>): Schemas['WorkspaceKey'] => ({
  id: key.id,
  name: key.name,
  scope: key.scope,
  madeBy: { id: key.madeBy, username: makers.get(key.madeBy) ?? '' },
  date: formatDateTime(key.createdAt),
});

export const toAuditEntry = (entry: AuditEntryEntity): Schemas['AuditEntry'] => ({
  id: Number(entry.id),
  date: formatDateTime(entry.at),
  user: { id: entry.userId, username: entry.username },
  via: entry.via as Schemas['AuditEntry']['via'],
  key: entry.keyId,
  operation: entry.operation,
  method: entry.method,
  path: entry.path,
  record: entry.record,
  status: entry.status,
  address: entry.address,
  requestId: entry.requestId,
});

/** The columns of the audit log's export, in order. */
export const AUDIT_COLUMNS: (keyof Schemas['AuditExportRecord'])[] = [
  'id',
  'date',
  'userid',
  'username',
  'via',
  'keyid',
  'operation',
  'method',
  'path',
  'record',
  'status',
  'address',
  'requestid',
];

export const toAuditRecord = (entry: AuditEntryEntity): Schemas['AuditExportRecord'] => {
  const { user, key, requestId, ...rest } = toAuditEntry(entry);
  return { ...rest, userid: user.id, username: user.username, keyid: key, requestid: requestId };
};
