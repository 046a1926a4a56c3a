import { CallHandler, ExecutionContext, Inject, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../../common/account';
import { NEEDS, UNRECORDED, type OperationId } from './roles';
import { WorkspacesRepository } from './workspaces.repository';

/**
 * Writes an entry in the audit log for every change that succeeded: in the workspace it was made in
 * (a person's own account and sessions: their own workspace; a workspace made or joined: that one). Written before the answer goes out,
 * so a reader of the log who saw the answer finds the entry; if the log cannot be written (the
 * database went away between the change and its entry), the change still answers and the failure
 * is logged.
 */
/** A person's operations whose entry belongs to the workspace they answer with: made, or joined. */
const JOINS: ReadonlySet<OperationId> = new Set<OperationId>(['addWorkspace', 'acceptInvitation']);

@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(@Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const operation = context.getHandler().name as OperationId;
    const need = NEEDS[operation];
    if (request.method === 'GET' || request.method === 'HEAD' || need === undefined || need === 'public' || UNRECORDED.has(operation)) {
      return next.handle();
    }
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        const account = request.account;
        if (!account) return body;
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        try {
          await this.workspaces.record({
            workspaceId: JOINS.has(operation) ? (body as { data: { id: number } }).data.id : account.id,
            userId: account.user.id,
            username: account.user.username,
            keyId: account.workspaceKey?.id ?? null,
            via: request.session ? (request.session.sso ? 'sso' : 'session') : account.workspaceKey ? 'workspace-key' : 'key',
            operation,
            method: request.method,
            path: withoutSecrets(request.url.split('?')[0] ?? '', request.params).slice(0, 300),
            record: recordOf(request.params, body, need instanceof Object),
            status: reply.statusCode,
            address: request.ip?.slice(0, 64) ?? null,
            requestId: String(request.id).slice(0, 100),
          });
        } catch (error) {
          this.logger.error(`The audit log missed ${operation} in workspace ${account.id}: ${(error as Error).message}`);
        }
        return body;
      }),
    );
  }
}

/** Path parameters that are secrets (an invitation's token): never written in the log. */
const SECRET_PARAMS: ReadonlySet<string> = new Set(['token']);

/** The path with its secret parameters written as their names (`/l/api/invitation/{token}/accept`). */
function withoutSecrets(path: string, params: unknown): string {
  let shown = path;
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, string>)) {
    if (SECRET_PARAMS.has(key) && value) shown = shown.split(encodeURIComponent(value)).join(`{${key}}`).split(value).join(`{${key}}`);
  }
  return shown;
}

/**
 * What the change was about: its path's ids (`channelid=3 type=links itemid=5`; a workspace's own
 * operations leave out the workspace's id, which the entry already holds), or the id of what it made.
 */
function recordOf(params: unknown, body: unknown, workspacePath: boolean): string | null {
  const named = Object.entries((params ?? {}) as Record<string, string>).filter(
    ([key]) => !(workspacePath && key === 'id') && !SECRET_PARAMS.has(key),
  );
  if (named.length === 1 && named[0]![0] === 'id') return named[0]![1].slice(0, 100);
  if (named.length > 0)
    return named
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')
      .slice(0, 100);
  const made = body as { id?: unknown; data?: { id?: unknown } } | null;
  const id = made?.id ?? made?.data?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 100) : null;
}
