import { CanActivate, ExecutionContext, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Account, AuthenticatedRequest, Role } from '../../common/account';
import { badRequest, forbidden, notFound } from '../../common/api-error';
import { IS_PUBLIC } from '../../common/public.decorator';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { parseRecordId } from '../../common/record-id';
import { BEYOND_THE_DOCUMENT, covers, NEEDS, type Need, type OperationId } from './roles';
import { WorkspacesRepository } from './workspaces.repository';

/** The header that names the workspace a person's key or session acts in (their own without it). */
const WORKSPACE_HEADER = 'x-linkyard-workspace';

/**
 * Sets the workspace a request acts in and refuses what the person's role there may not do (403),
 * from one table (roles.ts). A workspace the person is not a member of is a 404, as another
 * account's records are. The membership is read for each request that names a workspace other
 * than the person's own, so a member removed or demoted loses access with their next request, on
 * every instance. Runs after the admin guard and before a body is read.
 */
@Injectable()
export class WorkspaceGuard implements CanActivate, OnApplicationBootstrap {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
  ) {}

  /** Every route that needs credentials is in the table: the service does not start otherwise. */
  onApplicationBootstrap(): void {
    const missing = unlistedRoutes(this.discovery, this.scanner, this.reflector);
    if (missing.length > 0)
      throw new Error(`Routes whose operation names no role (x-linkyard-role in openapi.yaml): ${missing.join(', ')}`);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const account = request.account!;
    if (BEYOND_THE_DOCUMENT[handler.name]) return true;
    const need = NEEDS[handler.name as OperationId];
    if (need === 'person') {
      if (account.workspaceKey)
        throw forbidden('A workspace key acts in its workspace only: this operation needs a person’s own API key or session.');
      return true;
    }
    if (need === undefined || need === 'public') throw new Error(`No workspace rule for ${handler.name}`);
    const workspaceId = need instanceof Object ? pathWorkspace(request) : this.chosenWorkspace(request, account, handler.name);
    const role = await this.roleIn(request, account, workspaceId);
    const needed = need instanceof Object ? need.role : need;
    if (!covers(role, needed)) {
      throw forbidden(
        account.workspaceKey?.scope === 'read'
          ? 'This workspace key is read-only.'
          : `Your role in this workspace (${role}) cannot do this: it needs ${needed} or above.`,
      );
    }
    // A new object: the one the key cache holds stays the person's.
    request.account = { ...account, id: workspaceId, role };
    return true;
  }

  /** The workspace of the request: a workspace key's own, the header's, or the person's own. */
  private chosenWorkspace(request: AuthenticatedRequest, account: Account, operation: string): number {
    // An EventSource sends no headers: the live stream may name its workspace in its query.
    const header = request.headers[WORKSPACE_HEADER];
    const asked = operation === 'streamClicks' ? (request.query as Record<string, unknown> | undefined)?.workspace : undefined;
    const query: unknown = Array.isArray(asked) ? asked[0] : asked;
    const named =
      header !== undefined
        ? readWorkspaceId(Array.isArray(header) ? header[0]! : header, 'The header X-Linkyard-Workspace')
        : typeof query === 'string'
          ? readWorkspaceId(query, 'The parameter workspace')
          : undefined;
    if (account.workspaceKey) {
      if (named !== undefined && named !== account.workspaceKey.workspace) throw notFound(`No workspace with id ${named}.`);
      return account.workspaceKey.workspace;
    }
    return named ?? account.user.id;
  }

  /**
   * The person's role in the workspace, capped by a workspace key's scope; 404 when not a member.
   * A workspace that takes single sign-on only refuses a person's key and a session not started
   * through the provider (403); its workspace keys, made by its admins, still work.
   */
  private async roleIn(request: AuthenticatedRequest, account: Account, workspaceId: number): Promise<Role> {
    const own = workspaceId === account.user.id && !account.workspaceKey;
    const place = own ? { role: 'owner' as const, ssoOnly: false } : await this.workspaces.placeOf(account.user.id, workspaceId);
    if (!place) throw notFound(`No workspace with id ${workspaceId}.`);
    if (place.ssoOnly && !account.workspaceKey && !request.session?.sso) {
      throw forbidden('This workspace takes single sign-on only: sign in to the dashboard through your organisation’s provider.');
    }
    return account.workspaceKey?.scope === 'read' ? 'viewer' : place.role;
  }
}

function readWorkspaceId(text: string, what: string): number {
  const id = parseRecordId(text.trim());
  if (id === null) throw badRequest(`${what} must be a workspace id (a positive integer), got "${text.slice(0, 40)}".`);
  return id;
}

/** `/workspace/{id}/...`: the workspace the path names, read as every path id is (ParseIdPipe). */
const pathWorkspace = (request: AuthenticatedRequest): number =>
  new ParseIdPipe().transform((request.params as Record<string, string> | undefined)?.id ?? '', { type: 'param', data: 'id' });

/** The handlers of every controller that need credentials and have no entry in the table. */
export function unlistedRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): string[] {
  return discovery.getControllers().flatMap((wrapper) => {
    const instance = wrapper.instance as object | undefined;
    if (!instance) return [];
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const method = prototype[name] as () => unknown;
      if (Reflect.getMetadata('path', method) === undefined) return [];
      if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, [method, wrapper.metatype as () => unknown])) return [];
      if (BEYOND_THE_DOCUMENT[name]) return [];
      const need: Need | undefined = NEEDS[name as OperationId];
      return need === undefined || need === 'public' ? [`${wrapper.name}.${name}`] : [];
    });
  });
}
