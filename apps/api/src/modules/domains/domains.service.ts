import { isIP } from 'node:net';
import { toDomain, type Domain } from './domains.mapper';
import { DomainLists } from './domain-lists';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { badRequest, conflict } from '../../common/api-error';
import type { PageRequest } from '../../common/pagination';
import { CONFIG } from '../../config/config.provider';
import type { Config } from '../../config/config';
import { SettingsRepository } from '../../database/settings.repository';
import { Transactions } from '../../database/write-events';
import { HOST_RESOLVER, type HostResolver } from '../../infrastructure/host-resolver';
import { ownershipRecord, ownershipToken, pointsAtTargets, provesOwnership } from './dns-check';
import type { DomainEntity } from './domain.entity';
import { normalizeDomain } from './domain-origin';
import { DomainsRepository } from './domains.repository';
import { Dependents } from '../../database/dependents';

/** A domain's DNS as this service wants it, and as it is. */
export interface DnsStatus {
  record: string;
  value: string;
  required: boolean;
  pointTo: { type: 'A' | 'AAAA' | 'CNAME'; value: string }[];
  points: boolean;
  proven: boolean;
}

/** The record that points a domain at a target: an address is an A or AAAA record's, a name a CNAME's. */
function recordFor(target: string): DnsStatus['pointTo'][number] {
  const family = isIP(target.replace(/^\[|\]$/g, ''));
  return { type: family === 4 ? 'A' : family === 6 ? 'AAAA' : 'CNAME', value: target.replace(/^\[|\]$/g, '') };
}

/** Branded domains: who may add a host (its DNS, its proof), and what their deletion moves. */
@Injectable()
export class DomainsService {
  constructor(
    @Inject(DomainsRepository) private readonly domains: DomainsRepository,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
    @Inject(Dependents) private readonly dependents: Dependents,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(DomainLists) private readonly lists: DomainLists,
  ) {}

  /** A page of the account's domains as the API lists them, and their total (from DomainLists while no write of the account dropped it). */
  async list(account: Account, page: PageRequest): Promise<[Domain[], number]> {
    const listed = await this.lists.get(`domains:${account.id}:${page.offset}:${page.limit}`, async () => {
      const [domains, total] = await this.domains.list(account, page);
      return { userId: account.id, domains: domains.map(toDomain), total };
    });
    return [listed.domains, listed.total];
  }

  get(account: Account, id: number): Promise<DomainEntity> {
    return this.domains.get(account, id);
  }

  /**
   * The branded domain a link names: `""` is the service's own address (null); else a domain of
   * the account, by URL or host. A name that is none of the account's is a 400 (the field names
   * nothing), unlike the ids of campaigns and channels, which are 404s.
   */
  async forLink(account: Account, domain: string, scope?: EntityManager): Promise<DomainEntity | null> {
    if (domain === '') return null;
    const host = hostNamed(domain);
    const found = await this.domains.ownedByHost(account, host, scope);
    if (!found) throw badRequest(`Invalid field "domain": no branded domain ${host} in this account.`);
    return found;
  }

  /**
   * The account's branded domains among these names (URLs or hosts, as a file wrote them), by
   * name, in one query; names that are no domain of the account are left out.
   */
  async ownedAmong(account: Account, names: string[]): Promise<Map<string, DomainEntity>> {
    const hosts = new Map<string, string>();
    for (const name of new Set(names)) {
      // Text no host can be (NUL, control characters, too long) names none; PostgreSQL would refuse NUL.
      if (name.length > 300 || /\p{Cc}/u.test(name)) continue;
      try {
        hosts.set(name, hostNamed(name));
      } catch {
        continue;
      }
    }
    if (hosts.size === 0) return new Map();
    const found = await this.domains.ownedAmong(account, [...new Set(hosts.values())]);
    const byHost = new Map(found.map((domain) => [domain.host, domain]));
    return new Map([...hosts].flatMap(([name, host]) => (byHost.has(host) ? [[name, byHost.get(host)!] as const] : [])));
  }

  /**
   * The TXT record that proves this account controls the domain, and whether this service asks
   * for it (DOMAIN_VERIFICATION=txt).
   */
  async verification(account: Account, domain: string): Promise<{ record: string; value: string; required: boolean }> {
    const { host } = normalizeDomain(domain);
    const secret = await this.settings.secret('domain_verification_secret');
    return {
      record: ownershipRecord(host),
      value: ownershipToken(secret, account.id, host),
      required: this.config.domainVerification === 'txt',
    };
  }

  /**
   * What the domain's DNS should hold and what it holds now: the records that point it at this
   * service (DOMAIN_DNS_TARGETS, else PUBLIC_URL's host: an address takes an A or AAAA record, a
   * name a CNAME), whether it resolves there, and whether its TXT proof is there.
   */
  async dnsStatus(account: Account, domain: string): Promise<DnsStatus> {
    const { host } = normalizeDomain(domain);
    const proof = await this.verification(account, domain);
    const targets = this.config.domainDnsTargets.length > 0 ? this.config.domainDnsTargets : [new URL(this.config.publicUrl).hostname];
    const [points, proven] = await Promise.all([
      pointsAtTargets(this.resolver, host, targets),
      provesOwnership(this.resolver, host, proof.value),
    ]);
    return { ...proof, pointTo: targets.map(recordFor), points, proven };
  }

  async add(account: Account, input: { domain: string; redirectroot?: string; redirect404?: string }): Promise<DomainEntity> {
    const { origin, host } = normalizeDomain(input.domain);
    if (host === new URL(this.config.publicUrl).hostname) {
      throw badRequest(`Invalid field "domain": ${host} is the service's own address.`);
    }
    if (await this.domains.taken(host)) throw conflict(`The domain ${host} has already been added.`);
    if (this.config.domainVerification === 'txt') {
      const { record, value } = await this.verification(account, origin);
      if (!(await provesOwnership(this.resolver, host, value))) {
        throw badRequest(
          `The domain ${host} is not proven to be yours: add a TXT record ${record} with the value ${value} to its DNS, then add the domain again.`,
        );
      }
    }
    const targets = this.config.domainDnsTargets;
    if (targets.length > 0 && !(await pointsAtTargets(this.resolver, host, targets))) {
      throw badRequest(
        `The domain ${host} does not point to this service yet: it must resolve to ${targets.join(' or ')} before it is added.`,
      );
    }
    return this.transactions.run(async (scope) => {
      const saved = await this.domains.add(scope, {
        userId: account.id,
        domain: origin,
        host,
        redirectRoot: input.redirectroot ?? '',
        redirect404: input.redirect404 ?? '',
      });
      await this.events.record(scope, account.id, 'domain.created', [toDomain(saved)]);
      return saved;
    });
  }

  async update(account: Account, id: number, changes: { redirectroot?: string; redirect404?: string }): Promise<void> {
    const domain = await this.get(account, id);
    if (changes.redirectroot !== undefined) domain.redirectRoot = changes.redirectroot;
    if (changes.redirect404 !== undefined) domain.redirect404 = changes.redirect404;
    await this.transactions.run(async (scope) => {
      await this.domains.save(scope, domain);
      await this.events.record(scope, account.id, 'domain.updated', [toDomain(domain)]);
    });
  }

  /**
   * Links and bio pages on the domain move to the service's own address, in the same transaction.
   * When one of their aliases is already used there, nothing changes and the answer is 409.
   */
  async delete(account: Account, id: number): Promise<void> {
    const domain = await this.get(account, id);
    await this.transactions.run(async (manager) => {
      await this.events.record(manager, account.id, 'domain.deleted', [{ id: domain.id, domain: domain.domain }]);
      // Its links and bio pages move before it goes (each moved link's new short URL is a link.updated event, after this one).
      await this.dependents.deleting('domain', manager, { account, id: domain.id, host: domain.host });
      await this.domains.delete(manager, account, domain.id);
    });
  }
}

/** The host a link's `domain` names: a URL's host, or the host itself. */
function hostNamed(domain: string): string {
  return domain.includes('://') ? normalizeDomain(domain).host : domain.toLowerCase().replace(/\/+$/, '');
}
