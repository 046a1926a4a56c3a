import { Body, Controller, Delete, Get, Inject, Param, Put, Query, type StreamableFile } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { badRequest, notFound } from '../../common/api-error';
import { Clock } from '../../common/clock';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { formatDate, formatDateTime } from '../../common/dates';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { parseRecordId } from '../../common/record-id';
import { PostOk } from '../../common/post-ok.decorator';
import { exportLine, readFormat, streamedFile, type ExportFormat } from '../../common/streamed-file';
import { instant, single } from '../clicks/series-request';
import { AddInvitationDto, AddWorkspaceDto, AddWorkspaceKeyDto, UpdateMemberDto, UpdateWorkspaceDto } from './workspaces.dto';
import { AUDIT_COLUMNS, toAuditEntry, toAuditRecord, toInvitation, toMember, toWorkspace, toWorkspaceKey } from './workspaces.mapper';
import { WorkspacesRepository, type AuditFilter } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

const TOKEN = /^lyi_[A-Za-z0-9_-]{43}$/;
const EXPORT_PAGE = 1000;

/**
 * The workspaces of the caller, their members, invitations, keys and audit log. On
 * `/workspace/{id}/...` the workspace guard has made `account.id` that workspace, and checked the
 * caller's role there.
 */
@Controller()
export class WorkspacesController {
  constructor(
    @Inject(WorkspacesService) private readonly service: WorkspacesService,
    @Inject(WorkspacesRepository) private readonly repository: WorkspacesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('workspaces')
  async listWorkspaces(@CurrentAccount() account: Account, @Query() query: QueryParams<'listWorkspaces'>): Promise<Ok<'listWorkspaces'>> {
    const page = readPage(query);
    const all = await this.service.mine(account);
    return listEnvelope('workspaces', all.slice(page.offset, page.offset + page.limit).map(toWorkspace), all.length, page);
  }

  @PostOk('workspace/add')
  async addWorkspace(@CurrentAccount() account: Account, @Body() body: AddWorkspaceDto): Promise<Ok<'addWorkspace'>> {
    return { error: 0, data: toWorkspace(await this.service.add(account, body.name)) };
  }

  @Get('workspace/:id')
  async getWorkspace(@CurrentAccount() account: Account): Promise<Ok<'getWorkspace'>> {
    return { error: 0, data: toWorkspace(await this.service.get(account)) };
  }

  @Put('workspace/:id/update')
  async updateWorkspace(@CurrentAccount() account: Account, @Body() body: UpdateWorkspaceDto): Promise<Ok<'updateWorkspace'>> {
    return { error: 0, data: toWorkspace(await this.service.update(account, body)) };
  }

  @Delete('workspace/:id/delete')
  async deleteWorkspace(@CurrentAccount() account: Account): Promise<Ok<'deleteWorkspace'>> {
    await this.service.delete(account);
    return { error: 0, message: 'Workspace deleted.' };
  }

  @Get('workspace/:id/members')
  async listMembers(@CurrentAccount() account: Account, @Query() query: QueryParams<'listMembers'>): Promise<Ok<'listMembers'>> {
    const page = readPage(query);
    const [members, total] = await this.service.members(account, page);
    return listEnvelope('members', members.map(toMember), total, page);
  }

  @Put('workspace/:id/member/:userid/update')
  async updateMember(
    @CurrentAccount() account: Account,
    @Param('userid', ParseIdPipe) userId: PathParams<'updateMember'>['userid'],
    @Body() body: UpdateMemberDto,
  ): Promise<Ok<'updateMember'>> {
    return { error: 0, data: toMember(await this.service.setRole(account, userId, body.role)) };
  }

  @Delete('workspace/:id/member/:userid/delete')
  async removeMember(
    @CurrentAccount() account: Account,
    @Param('userid', ParseIdPipe) userId: PathParams<'removeMember'>['userid'],
  ): Promise<Ok<'removeMember'>> {
    const done = await this.service.remove(account, userId);
    return { error: 0, message: done === 'left' ? 'You left the workspace.' : 'Member removed.' };
  }

  @Get('workspace/:id/invitations')
  async listInvitations(
    @CurrentAccount() account: Account,
    @Query() query: QueryParams<'listInvitations'>,
  ): Promise<Ok<'listInvitations'>> {
    const page = readPage(query);
    const [invitations, total] = await this.service.invitations(account, page);
    const now = this.clock.now();
    return listEnvelope(
      'invitations',
      invitations.map((invitation) => toInvitation(invitation, now)),
      total,
      page,
    );
  }

  @PostOk('workspace/:id/invitation/add')
  async addInvitation(@CurrentAccount() account: Account, @Body() body: AddInvitationDto): Promise<Ok<'addInvitation'>> {
    const { invitation, link, emailed } = await this.service.invite(account, body.email, body.role);
    return { error: 0, data: { ...toInvitation(invitation, this.clock.now()), link, emailed } };
  }

  @Delete('workspace/:id/invitation/:invitationid/delete')
  async deleteInvitation(
    @CurrentAccount() account: Account,
    @Param('invitationid', ParseIdPipe) id: PathParams<'deleteInvitation'>['invitationid'],
  ): Promise<Ok<'deleteInvitation'>> {
    await this.service.revokeInvitation(account, id);
    return { error: 0, message: 'Invitation revoked.' };
  }

  @Get('invitation/:token')
  async getInvitation(@Param('token') token: string): Promise<Ok<'getInvitation'>> {
    const invitation = await this.service.invitation(readToken(token));
    return {
      error: 0,
      data: {
        workspace: { id: invitation.workspaceId, name: invitation.workspaceName },
        email: invitation.email,
        role: invitation.role,
        expires: formatDateTime(invitation.expiresAt),
      },
    };
  }

  @PostOk('invitation/:token/accept')
  async acceptInvitation(@CurrentAccount() account: Account, @Param('token') token: string): Promise<Ok<'acceptInvitation'>> {
    return { error: 0, data: toWorkspace(await this.service.accept(account, readToken(token))) };
  }

  @Get('workspace/:id/keys')
  async listWorkspaceKeys(
    @CurrentAccount() account: Account,
    @Query() query: QueryParams<'listWorkspaceKeys'>,
  ): Promise<Ok<'listWorkspaceKeys'>> {
    const page = readPage(query);
    const [keys, total, makers] = await this.service.keys(account, page);
    return listEnvelope(
      'keys',
      keys.map((key) => toWorkspaceKey(key, makers)),
      total,
      page,
    );
  }

  @PostOk('workspace/:id/key/add')
  async addWorkspaceKey(@CurrentAccount() account: Account, @Body() body: AddWorkspaceKeyDto): Promise<Ok<'addWorkspaceKey'>> {
    const { key, apikey } = await this.service.addKey(account, body.name, body.scope);
    return { error: 0, data: { ...toWorkspaceKey(key, new Map([[account.user.id, account.user.username]])), apikey } };
  }

  @Delete('workspace/:id/key/:keyid/delete')
  async deleteWorkspaceKey(
    @CurrentAccount() account: Account,
    @Param('keyid', ParseIdPipe) id: PathParams<'deleteWorkspaceKey'>['keyid'],
  ): Promise<Ok<'deleteWorkspaceKey'>> {
    await this.service.deleteKey(account, id);
    return { error: 0, message: 'Workspace key deleted.' };
  }

  @Get('workspace/:id/audit')
  async listAudit(@CurrentAccount() account: Account, @Query() query: QueryParams<'listAudit'>): Promise<Ok<'listAudit'>> {
    const page = readPage(query);
    const [entries, total] = await this.repository.auditOf(account.id, readAuditFilter(query), page);
    return listEnvelope('entries', entries.map(toAuditEntry), total, page);
  }

  @Get('workspace/:id/audit/export')
  async exportAudit(@CurrentAccount() account: Account, @Query() query: QueryParams<'exportAudit'>): Promise<StreamableFile> {
    const format = readFormat(query.format);
    const filter = readAuditFilter(query);
    return streamedFile(
      this.auditLines(account.id, filter, format),
      format,
      `linkyard-audit-${account.id}-${formatDate(new Date(this.clock.now()))}`,
    );
  }

  /** The entries as lines of CSV or NDJSON, a page at a time by id (the header goes out with the first). */
  private async *auditLines(workspaceId: number, filter: AuditFilter, format: ExportFormat): AsyncGenerator<string> {
    let header = format === 'csv' ? `${AUDIT_COLUMNS.join(',')}\r\n` : '';
    for (let before: string | undefined; ;) {
      const entries = await this.repository.auditBefore(workspaceId, filter, before, EXPORT_PAGE);
      if (entries.length === 0) break;
      yield header + entries.map((entry) => exportLine(toAuditRecord(entry), AUDIT_COLUMNS, format)).join('');
      header = '';
      if (entries.length < EXPORT_PAGE) break;
      before = entries.at(-1)!.id;
    }
    if (header) yield header;
  }
}

function readToken(token: string): string {
  // A token of the wrong shape names no invitation: the same 404 as a used one.
  if (!TOKEN.test(token)) throw notFound('No invitation with this token: it may have been used, revoked, or have expired.');
  return token;
}

/** `user`, `operation`, `from`, `to` of the audit log: a clear 400 for anything else. */
function readAuditFilter(query: QueryParams<'listAudit'>): AuditFilter {
  const filter: AuditFilter = {};
  const user = single('user', query.user);
  if (user !== undefined) {
    filter.user = parseRecordId(user) ?? undefined;
    if (filter.user === undefined) throw badRequest('Invalid parameter "user": must be an account id.');
  }
  const operation = single('operation', query.operation);
  if (operation !== undefined) {
    if (!/^[A-Za-z]{1,64}$/.test(operation)) throw badRequest('Invalid parameter "operation": must be an operationId such as addUrl.');
    filter.operation = operation;
  }
  // As the click exports read them: a date is its midnight (UTC), a date-time carries its offset.
  const from = single('from', query.from);
  if (from !== undefined) filter.from = instant('from', from, 'UTC');
  const to = single('to', query.to);
  if (to !== undefined) filter.to = instant('to', to, 'UTC');
  return filter;
}
