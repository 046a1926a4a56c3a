import type { Ok } from '../../common/contract';
import type { DomainEntity } from './domain.entity';

export type Domain = Ok<'listDomains'>['data']['domains'][number];

export function toDomain(domain: DomainEntity): Domain {
  return { id: domain.id, domain: domain.domain, redirectroot: domain.redirectRoot, redirect404: domain.redirect404 };
}
