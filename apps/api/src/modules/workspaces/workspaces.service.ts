import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Account, Role } from '../../common/account';
import { badRequest, conflict, forbidden, notFound } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { PageRequest } from '../../common/pagination';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { generateApiKey, hashApiKey } from '../auth/api-key';
import { Mailer } from './mailer';
import { covers } from './roles';
import type { InvitationEntity, WorkspaceKeyEntity } from './workspace.entity';
import { WorkspacesRepository, type MemberRow, type MyWorkspace } from './workspaces.repository';

const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
const GONE_INVITATION = 'No invitation with this token: it may have been used, revoked, or have expired.';

/**
 * Workspaces, their members, invitations and keys. The workspace guard has already checked the
 * caller's role for the operation (roles.ts); what depends on whom the operation is about (an
 * owner made or unmade, the last owner, a person's own workspace) is checked here.
 * `account.id` is the workspace the path names, `account.user` the person.
 */
@Injectable()
export class WorkspacesService {
  constructor(
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  mine(account: Account): Promise<MyWorkspace[]> {
    return this.workspaces.of(account.user.id);
  }

  async add(account: Account, name: string): Promise<MyWorkspace> {
    const workspace = await this.workspaces.create(name, account.user.id);
    return (await this.workspaces.one(account.user.id, workspace.id))!;
  }

  /** The workspace the path names, as the caller (a member: the guard checked) sees it. */
  async get(account: Account): Promise<MyWorkspace> {
    const workspace = await this.workspaces.one(account.user.id, account.id);
    if (!workspace) throw notFound(`No workspace with id ${account.id}.`);
    return workspace;
  }

  async update(account: Account, fields: { name?: string; ssoOnly?: boolean }): Promise<MyWorkspace> {
    const workspace = await this.get(account);
    if (workspace.personal && fields.name !== undefined) {
      throw badRequest('A person’s own workspace shows their username: it cannot be renamed.', 'name');
    }
    if (fields.ssoOnly === true && workspace.personal) {
      throw badRequest('A person’s own workspace cannot take single sign-on only: make it in a team workspace.', 'ssoOnly');
    }
    // Without a provider nobody could sign in to it any more.
    if (fields.ssoOnly === true && !this.config.oidc) {
      throw badRequest('Single sign-on is not set up on this service (OIDC_ISSUER): the workspace cannot take it only.', 'ssoOnly');
    }
    await this.workspaces.update(account.id, fields);
    return this.get(account);
  }

  async delete(account: Account): Promise<void> {
    const workspace = await this.get(account);
    if (workspace.personal) throw badRequest('A person’s own workspace goes only with their account.');
    await this.workspaces.delete(account.id);
  }

  members(account: Account, page: PageRequest): Promise<[MemberRow[], number]> {
    return this.workspaces.membersOf(account.id, page);
  }

  async setRole(account: Account, userId: number, role: Role): Promise<MemberRow> {
    const workspace = await this.get(account);
    const current = await this.member(account.id, userId);
    if ((current === 'owner' || role === 'owner') && account.role !== 'owner') {
      throw forbidden('Only an owner may make or unmake an owner.');
    }
    if (current === 'owner' && role !== 'owner') await this.keepAnOwner(account.id, workspace, userId);
    await this.workspaces.setRole(account.id, userId, role);
    return (await this.workspaces.memberOf(account.id, userId))!;
  }

  /** Removes a member; any member may remove themselves (leave). */
  async remove(account: Account, userId: number): Promise<'left' | 'removed'> {
    const workspace = await this.get(account);
    const self = userId === account.user.id;
    const current = await this.member(account.id, userId);
    if (!self && !covers(account.role, 'admin'))
      throw forbidden(`Your role in this workspace (${account.role}) cannot remove others: it needs admin or above.`);
    if (!self && current === 'owner' && account.role !== 'owner') throw forbidden('Only an owner may remove an owner.');
    if (current === 'owner') await this.keepAnOwner(account.id, workspace, userId);
    await this.workspaces.removeMember(account.id, userId);
    return self ? 'left' : 'removed';
  }

  invitations(account: Account, page: PageRequest): Promise<[InvitationEntity[], number]> {
    return this.workspaces.invitationsOf(account.id, page);
  }

  /** An invitation, with its link (shown this once) and whether it went out by e-mail. */
  async invite(account: Account, email: string, role: Role): Promise<{ invitation: InvitationEntity; link: string; emailed: boolean }> {
    if (role === 'owner' && account.role !== 'owner') throw forbidden('Only an owner may invite an owner.');
    const workspace = await this.get(account);
    const token = `lyi_${randomBytes(32).toString('base64url')}`;
    const invitation = await this.workspaces.invite({
      workspaceId: account.id,
      email,
      role,
      tokenHash: hashApiKey(token),
      invitedBy: account.user.id,
      expiresAt: new Date(this.clock.now() + INVITATION_DAYS * DAY_MS),
    });
    const link = `${this.config.publicUrl}/dashboard/invitation/${token}`;
    const emailed = await this.mailer.send({
      to: email,
      subject: `${account.user.username} invites you to ${workspace.name} on Linkyard`,
      text:
        `${account.user.username} invites you to the workspace "${workspace.name}" on Linkyard, as ${role}.\n\n` +
        `Open this link, signed in, to join it (it works once, for ${INVITATION_DAYS} days):\n${link}\n\n` +
        `If you did not expect it, ignore this message.\n`,
    });
    return { invitation, link, emailed };
  }

  async revokeInvitation(account: Account, id: number): Promise<void> {
    if (!(await this.workspaces.deleteInvitation(account.id, id))) throw notFound(`No invitation with id ${id}.`);
  }

  /** What an invitation offers; 404 when it is unknown, used, revoked or expired. */
  async invitation(token: string): Promise<InvitationEntity & { workspaceName: string }> {
    const invitation = await this.workspaces.invitationByToken(hashApiKey(token));
    if (!invitation || invitation.expiresAt.getTime() <= this.clock.now()) throw notFound(GONE_INVITATION);
    return invitation;
  }

  async accept(account: Account, token: string): Promise<MyWorkspace> {
    const accepted = await this.workspaces.accept(hashApiKey(token), account.user.id, new Date(this.clock.now()));
    if (!accepted) throw notFound(GONE_INVITATION);
    return (await this.workspaces.one(account.user.id, accepted.workspaceId))!;
  }

  async keys(account: Account, page: PageRequest): Promise<[WorkspaceKeyEntity[], number, Map<number, string>]> {
    const [keys, total] = await this.workspaces.keysOf(account.id, page);
    const makers = await this.workspaces.usernames([...new Set(keys.map((key) => key.madeBy))]);
    return [keys, total, makers];
  }

  async addKey(account: Account, name: string, scope: 'full' | 'read'): Promise<{ key: WorkspaceKeyEntity; apikey: string }> {
    const apikey = generateApiKey();
    const key = await this.workspaces.addKey({
      workspaceId: account.id,
      madeBy: account.user.id,
      name,
      scope,
      keyHash: hashApiKey(apikey),
    });
    return { key, apikey };
  }

  async deleteKey(account: Account, id: number): Promise<void> {
    if (!(await this.workspaces.deleteKey(account.id, id))) throw notFound(`No workspace key with id ${id}.`);
  }

  /**
   * What the provider's claim rules say of a person at their sign-in: `wanted` (workspace -> role)
   * is given; a membership the rules gave before and no longer give is taken back. Memberships given
   * by hand are left as they are.
   */
  async applyClaimRules(userId: number, wanted: Map<number, Role>): Promise<void> {
    for (const [workspaceId, role] of wanted) await this.workspaces.grantByRule(workspaceId, userId, role);
    for (const workspaceId of (await this.workspaces.ruledOf(userId)).keys()) {
      if (!wanted.has(workspaceId)) await this.workspaces.revokeRuled(workspaceId, userId);
    }
  }

  /** The member's role; 404 for anyone else. */
  private async member(workspaceId: number, userId: number): Promise<Role> {
    const role = await this.workspaces.roleOf(userId, workspaceId);
    if (!role) throw notFound(`No member with id ${userId}.`);
    return role;
  }

  /** 409 when this owner is the last one, or the person whose own workspace it is. */
  private async keepAnOwner(workspaceId: number, workspace: MyWorkspace, userId: number): Promise<void> {
    if (workspace.personal && userId === workspace.id) throw conflict('A person stays the owner of their own workspace.');
    if ((await this.workspaces.owners(workspaceId)) <= 1)
      throw conflict('A workspace keeps at least one owner: make another member an owner first.');
  }
}
