import type { Account } from '../../common/account';
import { ApiError } from '../../common/api-error';
import type { Config } from '../../config/config';
import type { SettingsRepository } from '../../database/settings.repository';
import type { Scope } from '../../database/sql';
import type { Transactions } from '../../database/write-events';
import type { BioRepository } from '../bio/bio.repository';
import type { LinksRepository } from '../links/links.repository';
import type { WebhookEvents } from '../webhooks/webhook-events.repository';
import { Dependents } from '../../database/dependents';
import { ChannelItemKinds } from '../channels/channel-item-kinds';
import { BioFollowers } from '../bio/bio-followers';
import { LinkFollowers } from '../links/link-followers';
import type { HostResolver } from '../../infrastructure/host-resolver';
import type { DomainEntity } from './domain.entity';
import type { DomainLists } from './domain-lists';
import type { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';
import { accountFor } from '../../../test/support/accounts';

/**
 * The rules of branded domains, against an in-memory stand-in of their repository (the
 * repository's own statements run on a real database in test/repositories.e2e-spec.ts, the whole
 * path in test/domains.e2e-spec.ts): who may add which host, what its DNS must say, what a
 * deletion moves.
 */

const ada = accountFor(1);
const bob = accountFor(2);
const SCOPE = {} as Scope;

class MemoryDomains {
  readonly rows: DomainEntity[] = [];
  private next = 1;
  taken = (host: string) => Promise.resolve(this.rows.some((row) => row.host === host));
  ownedByHost = (account: Account, host: string) =>
    Promise.resolve(this.rows.find((row) => row.host === host && row.userId === account.id) ?? null);
  ownedAmong = (account: Account, hosts: string[]) =>
    Promise.resolve(this.rows.filter((row) => row.userId === account.id && hosts.includes(row.host)));
  get = (account: Account, id: number) => {
    const row = this.rows.find((candidate) => candidate.id === id && candidate.userId === account.id);
    return row ? Promise.resolve(row) : Promise.reject(new ApiError(404, `No domain with id ${id}.`));
  };
  add = (_scope: Scope, domain: Omit<DomainEntity, 'id' | 'createdAt'>) => {
    const row = { ...domain, id: this.next++, createdAt: new Date(0) };
    this.rows.push(row);
    return Promise.resolve(row);
  };
  save = () => Promise.resolve();
  delete = (_scope: Scope, account: Account, id: number) => {
    const index = this.rows.findIndex((row) => row.id === id && row.userId === account.id);
    if (index >= 0) this.rows.splice(index, 1);
    return Promise.resolve();
  };
}

function service(options: { verification?: 'off' | 'txt'; targets?: string[]; resolver?: Partial<HostResolver> } = {}) {
  const domains = new MemoryDomains();
  const events: { type: string; payloads: unknown[] }[] = [];
  const moved: string[] = [];
  const config = {
    publicUrl: 'https://lnk.example',
    domainVerification: options.verification ?? 'off',
    domainDnsTargets: options.targets ?? [],
  } as unknown as Config;
  const resolver: HostResolver = {
    resolve: () => Promise.resolve({ addresses: [], aliases: [] }),
    txt: () => Promise.resolve([]),
    ...options.resolver,
  };
  const links = {
    moveToDefaultDomain: (_scope: Scope, _account: Account, _id: number, host: string) => {
      moved.push(`links of ${host}`);
      return Promise.resolve([{ id: 7, alias: 'spring', domain: null, url: 'https://example.com/', title: '', createdAt: new Date(0) }]);
    },
  } as unknown as LinksRepository;
  const bioPages = {
    moveToDefaultDomain: (_scope: Scope, _account: Account, _id: number, host: string) => {
      moved.push(`bio pages of ${host}`);
      return Promise.resolve();
    },
  } as unknown as BioRepository;
  const webhookEvents = {
    record: (_scope: Scope, _user: number, type: string, payloads: unknown[]) => {
      events.push({ type, payloads });
      return Promise.resolve();
    },
  } as unknown as WebhookEvents;
  const transactions = { run: <T>(work: (scope: Scope) => Promise<T>) => work(SCOPE) } as unknown as Transactions;
  const settings = { secret: () => Promise.resolve('s'.repeat(64)) } as unknown as SettingsRepository;
  // Links and bio pages follow a domain's deletion as the service's modules do (their followers).
  const dependents = new Dependents();
  const kinds = new ChannelItemKinds();
  new LinkFollowers(dependents, kinds, links, webhookEvents, config).onModuleInit();
  new BioFollowers(dependents, kinds, bioPages, config).onModuleInit();
  const domainsService = new DomainsService(
    domains as unknown as DomainsRepository,
    transactions,
    settings,
    config,
    resolver,
    dependents,
    webhookEvents,
    // The lists are not read here: nothing is kept (test/domains.e2e-spec.ts reads them).
    { get: <T>(_key: string, load: () => Promise<T>) => load() } as unknown as DomainLists,
  );
  return { domainsService, domains, events, moved };
}

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('DomainsService', () => {
  it('adds a domain in lower case and tells the webhooks', async () => {
    const { domainsService, domains, events } = service();
    await domainsService.add(ada, { domain: 'https://Go.Example.com', redirectroot: 'https://example.com/' });
    expect(domains.rows).toMatchObject([
      { userId: 1, domain: 'https://go.example.com', host: 'go.example.com', redirectRoot: 'https://example.com/' },
    ]);
    expect(events.map((event) => event.type)).toEqual(['domain.created']);
  });

  it("refuses the service's own address and a host another account has", async () => {
    const { domainsService } = service();
    expect(await refusal(domainsService.add(ada, { domain: 'https://lnk.example' }))).toEqual({
      status: 400,
      message: `Invalid field "domain": lnk.example is the service's own address.`,
    });
    await domainsService.add(bob, { domain: 'https://go.example.com' });
    // http and https of one host are one domain.
    expect(await refusal(domainsService.add(ada, { domain: 'http://go.example.com' }))).toEqual({
      status: 409,
      message: 'The domain go.example.com has already been added.',
    });
  });

  it('asks for the TXT proof when verification is on, and takes the domain once the record holds it', async () => {
    let records: string[] = [];
    const { domainsService, domains } = service({ verification: 'txt', resolver: { txt: () => Promise.resolve(records) } });
    const { record, value, required } = await domainsService.verification(ada, 'https://go.example.com');
    expect([record, required]).toEqual(['_linkyard.go.example.com', true]);
    expect((await refusal(domainsService.add(ada, { domain: 'https://go.example.com' })))?.status).toBe(400);
    // Another account's proof does not prove this account's control.
    records = [(await domainsService.verification(bob, 'https://go.example.com')).value];
    expect((await refusal(domainsService.add(ada, { domain: 'https://go.example.com' })))?.status).toBe(400);
    records = [value];
    await domainsService.add(ada, { domain: 'https://go.example.com' });
    expect(domains.rows).toHaveLength(1);
  });

  it('takes a domain only once it points at the service when targets are set', async () => {
    let addresses = ['198.51.100.9'];
    const { domainsService } = service({
      targets: ['203.0.113.5'],
      resolver: { resolve: () => Promise.resolve({ addresses, aliases: [] }) },
    });
    expect(await refusal(domainsService.add(ada, { domain: 'https://go.example.com' }))).toEqual({
      status: 400,
      message: 'The domain go.example.com does not point to this service yet: it must resolve to 203.0.113.5 before it is added.',
    });
    addresses = ['203.0.113.5'];
    await domainsService.add(ada, { domain: 'https://go.example.com' });
  });

  it('moves the links and bio pages of a deleted domain to the service address and tells the webhooks of both', async () => {
    const { domainsService, domains, events, moved } = service();
    const domain = await domainsService.add(ada, { domain: 'https://go.example.com' });
    expect(await refusal(domainsService.delete(bob, domain.id))).toEqual({ status: 404, message: `No domain with id ${domain.id}.` });
    await domainsService.delete(ada, domain.id);
    expect(domains.rows).toEqual([]);
    expect(moved).toEqual(['links of go.example.com', 'bio pages of go.example.com']);
    expect(events.map((event) => event.type)).toEqual(['domain.created', 'domain.deleted', 'link.updated']);
    expect(events[2]!.payloads).toMatchObject([{ id: 7, shorturl: 'https://lnk.example/spring' }]);
  });

  it("names a link's domain by URL or host, and only the account's own", async () => {
    const { domainsService } = service();
    await domainsService.add(bob, { domain: 'https://go.example.com' });
    expect(await domainsService.forLink(ada, '')).toBeNull();
    expect(await refusal(domainsService.forLink(ada, 'go.example.com'))).toEqual({
      status: 400,
      message: 'Invalid field "domain": no branded domain go.example.com in this account.',
    });
    expect((await domainsService.forLink(bob, 'https://GO.example.com'))?.host).toBe('go.example.com');
    const among = await domainsService.ownedAmong(bob, ['go.example.com', 'https://go.example.com/', 'bad\u0007name', 'x'.repeat(400)]);
    expect([...among.keys()]).toEqual(['go.example.com', 'https://go.example.com/']);
  });
});
