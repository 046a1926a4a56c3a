import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { Role } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { Sql } from '../../database/sql';
import { WriteEvents } from '../../database/write-events';
import { AuditEntryEntity, InvitationEntity, MemberEntity, WorkspaceEntity, WorkspaceKeyEntity } from './workspace.entity';

/** A workspace as a member sees it in the list of theirs. */
export interface MyWorkspace {
  id: number;
  name: string;
  personal: boolean;
  ssoOnly: boolean;
  role: Role;
  members: number;
  createdAt: Date;
}

/** A member with what the list shows of their account. */
export interface MemberRow {
  userId: number;
  username: string;
  email: string;
  role: Role;
  createdAt: Date;
}

/** What the audit log is filtered by. */
export interface AuditFilter {
  user?: number;
  operation?: string;
  from?: Date;
  to?: Date;
}

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/**
 * Every statement of workspaces, their members, invitations, keys and audit log. A change of a
 * person's place (removed, role changed) is announced as a change of their account, and a key
 * ended as a change of its maker's keys: the caches and live streams of every instance check them
 * again before the change answers.
 */
@Injectable()
export class WorkspacesRepository {
  constructor(
    @InjectRepository(WorkspaceEntity) private readonly workspaces: Repository<WorkspaceEntity>,
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
    @InjectRepository(InvitationEntity) private readonly invitations: Repository<InvitationEntity>,
    @InjectRepository(WorkspaceKeyEntity) private readonly keys: Repository<WorkspaceKeyEntity>,
    @InjectRepository(AuditEntryEntity) private readonly audit: Repository<AuditEntryEntity>,
    @Inject(WriteEvents) private readonly events: WriteEvents,
  ) {}

  /** The person's role in the workspace; null when they are not a member (or it does not exist). */
  @Sql((f) => [f.account.user.id, f.account.id])
  async roleOf(userId: number, workspaceId: number): Promise<Role | null> {
    const member = await this.members.findOneBy({ userId, workspaceId });
    return member?.role ?? null;
  }

  /** The person's role in the workspace and whether it takes single sign-on sessions only; null when not a member. */
  @Sql((f) => [f.account.user.id, f.account.id])
  async placeOf(userId: number, workspaceId: number): Promise<{ role: Role; ssoOnly: boolean } | null> {
    const rows = await this.members.query<{ role: Role; sso_only: boolean }[]>(
      `SELECT m.role, w.sso_only FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND m.workspace_id = $2`,
      [userId, workspaceId],
    );
    return rows[0] ? { role: rows[0].role, ssoOnly: Boolean(rows[0].sso_only) } : null;
  }

  /** The memberships the provider's claim rules gave the person (workspace -> role). */
  @Sql((f) => [f.account.user.id])
  async ruledOf(userId: number): Promise<Map<number, Role>> {
    const rows = await this.members.findBy({ userId, bySsoRule: true });
    return new Map(rows.map((row) => [row.workspaceId, row.role]));
  }

  /**
   * Makes the person a member with this role because a claim rule says so. A membership given by
   * hand (an invitation) is left as it is: the rules change only what they gave. A workspace that
   * does not exist, or a person's own, is skipped. Answers whether anything changed.
   */
  @Sql((f) => [f.spare.workspace, f.ids.user, 'viewer'])
  async grantByRule(workspaceId: number, userId: number, role: Role): Promise<boolean> {
    const changed = await this.members.query<unknown[]>(
      `WITH granted AS (
        INSERT INTO workspace_members (workspace_id, user_id, role, by_sso_rule)
        SELECT id, $2, $3, true FROM workspaces WHERE id = $1 AND personal_of IS NULL
        ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = EXCLUDED.role
        WHERE workspace_members.by_sso_rule AND workspace_members.role <> EXCLUDED.role
        RETURNING 1)
      SELECT 1 FROM granted`,
      [workspaceId, userId, role],
    );
    await this.events.emit(this.members.manager, { kind: 'account', account: userId });
    return changed.length > 0;
  }

  /**
   * Takes back a membership a claim rule gave, unless the person is the workspace's last owner.
   * Their workspace keys there go with it. Answers whether it was taken back.
   */
  @Sql((f) => [f.spare.workspace, f.ids.user])
  async revokeRuled(workspaceId: number, userId: number): Promise<boolean> {
    const taken = await this.members.query<unknown[]>(
      `WITH taken AS (
        DELETE FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.by_sso_rule
        AND (m.role <> 'owner' OR (SELECT count(*) FROM workspace_members o WHERE o.workspace_id = $1 AND o.role = 'owner') > 1)
        RETURNING 1)
      SELECT 1 FROM taken`,
      [workspaceId, userId],
    );
    await this.events.emit(this.members.manager, { kind: 'account', account: userId }, { kind: 'key', account: userId });
    return taken.length > 0;
  }

  /** The workspaces the person is a member of: their own first, then by name. */
  @Sql((f) => [f.account.user.id])
  of(userId: number): Promise<MyWorkspace[]> {
    return membersWorkspaces(this.workspaces, userId, null);
  }

  /** One workspace as this member sees it; null when they are not a member. */
  @Sql((f) => [f.account.user.id, f.account.id])
  async one(userId: number, workspaceId: number): Promise<MyWorkspace | null> {
    return (await membersWorkspaces(this.workspaces, userId, workspaceId))[0] ?? null;
  }

  /** A team workspace, with the person who made it as its owner. */
  @Sql((f) => ['Marketing', f.account.user.id])
  create(name: string, ownerId: number): Promise<WorkspaceEntity> {
    return this.workspaces.manager.transaction(async (scope) => {
      const workspace = await scope.save(scope.create(WorkspaceEntity, { name, personalOf: null }));
      await scope.insert(MemberEntity, { workspaceId: workspace.id, userId: ownerId, role: 'owner' });
      await this.events.emit(scope, { kind: 'account', account: ownerId });
      return workspace;
    });
  }

  @Sql((f) => [f.spare.workspace, { name: 'Renamed', ssoOnly: false }])
  async update(id: number, fields: { name?: string; ssoOnly?: boolean }): Promise<void> {
    await this.workspaces.update({ id }, fields);
  }

  /** Deletes a team workspace and all it owns; every member's caches hear of it. */
  @Sql((f) => [f.spare.workspace])
  async delete(id: number): Promise<void> {
    await this.workspaces.manager.transaction(async (scope) => {
      const members = await scope.findBy(MemberEntity, { workspaceId: id });
      await scope.delete(WorkspaceEntity, { id, personalOf: IsNull() });
      await this.events.emit(
        scope,
        { kind: 'page', account: id },
        ...members.map((m) => ({ kind: 'account' as const, account: m.userId })),
      );
    });
  }

  @Sql((f) => [f.account.id, { offset: 0, limit: 15 }])
  async membersOf(workspaceId: number, page: PageRequest): Promise<[MemberRow[], number]> {
    const rows = await this.members.query<Record<string, unknown>[]>(
      `SELECT m.user_id, u.username, u.email, m.role, m.created_at, count(*) OVER () AS total
      FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1
      ORDER BY array_position(ARRAY['owner', 'admin', 'editor', 'viewer']::varchar[], m.role), lower(u.username) OFFSET $2 LIMIT $3`,
      [workspaceId, page.offset, page.limit],
    );
    const total = rows.length > 0 ? Number(rows[0]!.total) : await this.members.countBy({ workspaceId });
    return [rows.map(readMember), total];
  }

  /** One member, with what the list shows of them; null for anyone else. */
  @Sql((f) => [f.account.id, f.account.user.id])
  async memberOf(workspaceId: number, userId: number): Promise<MemberRow | null> {
    const rows = await this.members.query<Record<string, unknown>[]>(
      `SELECT m.user_id, u.username, u.email, m.role, m.created_at
      FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.user_id = $2`,
      [workspaceId, userId],
    );
    return rows[0] ? readMember(rows[0]) : null;
  }

  /** How many owners the workspace has. */
  @Sql((f) => [f.account.id])
  owners(workspaceId: number): Promise<number> {
    return this.members.countBy({ workspaceId, role: 'owner' });
  }

  @Sql((f) => [f.spare.workspace, f.ids.user, 'viewer'])
  async setRole(workspaceId: number, userId: number, role: Role): Promise<void> {
    // A role set by hand is the admin's from now on: the provider's claim rules leave it.
    await this.members.update({ workspaceId, userId }, { role, bySsoRule: false });
    await this.events.emit(this.members.manager, { kind: 'account', account: userId });
  }

  /** Takes a member out; their workspace keys go with them (a foreign key cascades). */
  @Sql((f) => [f.spare.workspace, f.ids.user])
  async removeMember(workspaceId: number, userId: number): Promise<void> {
    await this.members.delete({ workspaceId, userId });
    await this.events.emit(this.members.manager, { kind: 'account', account: userId }, { kind: 'key', account: userId });
  }

  @Sql((f) => [
    {
      workspaceId: f.account.id,
      email: 'new@example.com',
      role: 'viewer',
      tokenHash: f.keyHash,
      invitedBy: f.account.user.id,
      expiresAt: EXAMPLE_TIME,
    },
  ])
  invite(invitation: Omit<InvitationEntity, 'id' | 'createdAt'>): Promise<InvitationEntity> {
    return this.invitations.save(this.invitations.create(invitation));
  }

  /** The workspace's invitations not yet accepted, newest first (expired ones too: they say so). */
  @Sql((f) => [f.account.id, { offset: 0, limit: 15 }])
  invitationsOf(workspaceId: number, page: PageRequest): Promise<[InvitationEntity[], number]> {
    return this.invitations.findAndCount({ where: { workspaceId }, order: { id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  /** Revokes an invitation of this workspace: false when it has none with this id. */
  @Sql((f) => [f.account.id, 999_999])
  async deleteInvitation(workspaceId: number, id: number): Promise<boolean> {
    const result = await this.invitations.delete({ workspaceId, id });
    return Boolean(result.affected);
  }

  /** The invitation of this token (its SHA-256), with its workspace's name. */
  @Sql((f) => [f.keyHash])
  async invitationByToken(tokenHash: string): Promise<(InvitationEntity & { workspaceName: string }) | null> {
    const rows = await this.invitations.query<Record<string, unknown>[]>(
      `SELECT i.id, i.workspace_id, i.email, i.role, i.expires_at, i.created_at, coalesce(w.name, u.username) AS workspace_name
      FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN users u ON u.id = w.personal_of
      WHERE i.token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return Object.assign(new InvitationEntity(), {
      id: Number(row.id),
      workspaceId: Number(row.workspace_id),
      email: String(row.email),
      role: row.role as Role,
      tokenHash,
      invitedBy: null,
      createdAt: row.created_at as Date,
      expiresAt: row.expires_at as Date,
      workspaceName: String(row.workspace_name),
    });
  }

  /**
   * Accepts an invitation: takes it (one statement, so it is used once however many accept it at
   * the same time) and adds the person with its role, in one transaction. Null: no such
   * invitation, or it expired (then it stays, saying so, until revoked).
   */
  @Sql((f) => [f.keyHash, f.ids.user, EXAMPLE_TIME])
  accept(tokenHash: string, userId: number, now: Date): Promise<{ workspaceId: number; role: Role; added: boolean } | null> {
    return this.invitations.manager.transaction(async (scope) => {
      const [invitation] = await scope.query<{ workspace_id: number; role: Role }[]>(
        `WITH taken AS (DELETE FROM workspace_invitations WHERE token_hash = $1 AND expires_at > $2 RETURNING workspace_id, role)
        SELECT workspace_id, role FROM taken`,
        [tokenHash, now],
      );
      if (!invitation) return null;
      const added = await scope.query<unknown[]>(
        `WITH added AS (INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1)
        SELECT 1 FROM added`,
        [invitation.workspace_id, userId, invitation.role],
      );
      await this.events.emit(scope, { kind: 'account', account: userId });
      return { workspaceId: Number(invitation.workspace_id), role: invitation.role, added: added.length > 0 };
    });
  }

  @Sql((f) => [{ workspaceId: f.account.id, madeBy: f.account.user.id, name: 'CI', scope: 'read', keyHash: f.keyHash.replace(/^./, 'f') }])
  async addKey(key: Omit<WorkspaceKeyEntity, 'id' | 'createdAt'>): Promise<WorkspaceKeyEntity> {
    const saved = await this.keys.save(this.keys.create(key));
    await this.events.emit(this.keys.manager, { kind: 'key', account: key.madeBy });
    return saved;
  }

  @Sql((f) => [f.account.id, { offset: 0, limit: 15 }])
  keysOf(workspaceId: number, page: PageRequest): Promise<[WorkspaceKeyEntity[], number]> {
    return this.keys.findAndCount({ where: { workspaceId }, order: { id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  /** Ends a key of this workspace: false when it has none with this id. */
  @Sql((f) => [f.account.id, 999_999])
  async deleteKey(workspaceId: number, id: number): Promise<boolean> {
    return this.keys.manager.transaction(async (scope) => {
      const key = await scope.findOneBy(WorkspaceKeyEntity, { workspaceId, id });
      if (!key) return false;
      await scope.delete(WorkspaceKeyEntity, { id });
      await this.events.emit(scope, { kind: 'key', account: key.madeBy });
      return true;
    });
  }

  /** The usernames of these accounts (the makers of keys). */
  @Sql((f) => [[f.account.user.id]])
  async usernames(ids: number[]): Promise<Map<number, string>> {
    const rows = await this.keys.query<{ id: number; username: string }[]>(`SELECT id, username FROM users WHERE id = ANY($1)`, [ids]);
    return new Map(rows.map((row) => [Number(row.id), row.username]));
  }

  /** The workspace key of this hash (its maker and workspace), for the auth guard. */
  @Sql((f) => [f.keyHash])
  keyByHash(keyHash: string): Promise<WorkspaceKeyEntity | null> {
    return this.keys.findOneBy({ keyHash });
  }

  @Sql((f) => [
    {
      workspaceId: f.account.id,
      userId: f.account.user.id,
      username: 'ada',
      keyId: null,
      via: 'key',
      operation: 'addUrl',
      method: 'POST',
      path: '/l/api/url/add',
      record: '1',
      status: 200,
      address: '127.0.0.1',
      requestId: 'r-1',
    },
  ])
  async record(entry: Omit<AuditEntryEntity, 'id' | 'at'>): Promise<void> {
    await this.audit.insert(entry);
  }

  /** One page of the workspace's audit log, newest first, with the count of what the filter keeps. */
  @Sql((f) => [
    f.account.id,
    { user: f.account.user.id, operation: 'addUrl', from: EXAMPLE_TIME, to: EXAMPLE_TIME },
    { offset: 0, limit: 15 },
  ])
  auditOf(workspaceId: number, filter: AuditFilter, page: PageRequest): Promise<[AuditEntryEntity[], number]> {
    return auditQuery(this.audit, workspaceId, filter).skip(page.offset).take(page.limit).getManyAndCount();
  }

  /** The next entries of an export: those the filter keeps older than `before`, newest first, uncounted. */
  @Sql((f) => [f.account.id, { operation: 'addUrl' }, '1000', 1000])
  auditBefore(workspaceId: number, filter: AuditFilter, before: string | undefined, limit: number): Promise<AuditEntryEntity[]> {
    const query = auditQuery(this.audit, workspaceId, filter);
    if (before !== undefined) query.andWhere('a.id < :before', { before });
    return query.take(limit).getMany();
  }

  /** Forgets the entries older than `before` (AUDIT_RETENTION_DAYS). */
  @Sql(() => [EXAMPLE_TIME])
  async prune(before: Date): Promise<number> {
    const result = await this.audit.createQueryBuilder().delete().where('at < :before', { before }).execute();
    return result.affected ?? 0;
  }
}

/** A member's workspaces (all, or the one of this id), with their role and the count of members. */
async function membersWorkspaces(
  workspaces: Repository<WorkspaceEntity>,
  userId: number,
  workspaceId: number | null,
): Promise<MyWorkspace[]> {
  const rows = await workspaces.query<Record<string, unknown>[]>(
    `SELECT w.id, coalesce(w.name, u.username) AS name, w.personal_of IS NOT NULL AS personal, w.sso_only, m.role, w.created_at,
      (SELECT count(*) FROM workspace_members c WHERE c.workspace_id = w.id) AS members
    FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id LEFT JOIN users u ON u.id = w.personal_of
    WHERE m.user_id = $1 AND ($2::int IS NULL OR w.id = $2)
    ORDER BY (w.personal_of = $1) IS TRUE DESC, lower(coalesce(w.name, u.username)), w.id`,
    [userId, workspaceId],
  );
  return rows.map(readWorkspace);
}

/** The workspace's entries the filter keeps, newest first. */
function auditQuery(audit: Repository<AuditEntryEntity>, workspaceId: number, filter: AuditFilter) {
  const query = audit.createQueryBuilder('a').where('a.workspace_id = :workspaceId', { workspaceId });
  if (filter.user !== undefined) query.andWhere('a.user_id = :user', { user: filter.user });
  if (filter.operation !== undefined) query.andWhere('a.operation = :operation', { operation: filter.operation });
  if (filter.from !== undefined) query.andWhere('a.at >= :from', { from: filter.from });
  if (filter.to !== undefined) query.andWhere('a.at < :to', { to: filter.to });
  return query.orderBy('a.id', 'DESC');
}

function readWorkspace(row: Record<string, unknown>): MyWorkspace {
  return {
    id: Number(row.id),
    name: String(row.name),
    personal: Boolean(row.personal),
    ssoOnly: Boolean(row.sso_only),
    role: row.role as Role,
    members: Number(row.members),
    createdAt: row.created_at as Date,
  };
}

function readMember(row: Record<string, unknown>): MemberRow {
  return {
    userId: Number(row.user_id),
    username: String(row.username),
    email: String(row.email),
    role: row.role as Role,
    createdAt: row.created_at as Date,
  };
}
