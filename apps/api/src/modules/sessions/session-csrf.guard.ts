import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthenticatedRequest } from '../../common/account';
import { forbidden } from '../../common/api-error';
import { crossSiteRefusal } from './cross-site';

/**
 * Refuses (403) a changing request authenticated by the session cookie without its proof, or sent
 * from another origin (see crossSiteRefusal). Runs after the rate limit, so the 403 carries its
 * headers like any answer to a known account. Requests with a key pass untouched.
 */
@Injectable()
export class SessionCsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.session) return true;
    const refusal = crossSiteRefusal(request.method, request.headers, request.session.csrf);
    if (refusal) throw forbidden(refusal);
    return true;
  }
}
