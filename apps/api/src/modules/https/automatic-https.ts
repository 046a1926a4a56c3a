import { Agent } from 'node:https';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import * as acme from 'acme-client';
import type { Counter, Gauge } from 'prom-client';
import { Clock } from '../../common/clock';
import { CONFIG } from '../../config/config.provider';
import type { Config } from '../../config/config';
import type { AcmeConfig } from '../../config/acme';
import { Dependents } from '../../database/dependents';
import { AdvisoryLocks } from '../../database/advisory-locks';
import { SettingsRepository } from '../../database/settings.repository';
import { HOST_RESOLVER, type HostResolver } from '../../infrastructure/host-resolver';
import { Metrics } from '../../infrastructure/metrics';
import { DomainsRepository } from '../domains/domains.repository';
import { ownershipToken, provesOwnership } from '../domains/dns-check';
import { HOST_NAME } from '../domains/domain-origin';
import { CertificatesRepository, type StoredCertificate } from './certificates.repository';
import { seal, unseal } from './sealed';

/** Where the CA asks for HTTP-01 challenges (RFC 8555, 8.3). */
export const CHALLENGE_PATH = '/.well-known/acme-challenge/';
/** How often every instance compares its certificates with the database's (another renewed or deleted one). */
const REFRESH_MS = 60_000;
/** How often one instance looks for certificates to renew. */
const RENEW_CHECK_MS = 60 * 60_000;
/** How long an instance trusts the answer "no certificate may be had for this name". */
const REFUSED_FOR_MS = 60_000;
const REFUSED_MOST = 10_000;
/** After a failed order for a name: the first wait before another, doubled at each failure up to the last. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MOST_MS = 6 * 60 * 60_000;
/** How long a challenge is answered after it was placed. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/** The lock every instance takes before ordering a name, and before a round of renewals. */
const ORDER_LOCK = 7_351_002;
const RENEW_LOCK = 7_351_003;
/** How long an order waits for another instance's order of the same name. */
const LOCK_WAIT_MS = 120_000;

interface Served {
  context: SecureContext;
  notAfter: number;
  updatedAt: number;
}

interface Failure {
  count: number;
  until: number;
}

/**
 * Automatic HTTPS (ACME_EMAIL): certificates for the service's own host and for each branded
 * domain whose owner proved control of it, ordered from the CA over HTTP-01 at the first TLS
 * handshake that names it, kept in the database for every instance, renewed in the last third
 * of their life by one instance at a time. A name that is neither is refused at the handshake
 * without a request to the CA: nobody makes this service order certificates for names of their
 * choosing. When the CA cannot be reached, the current certificate is served on and the order is
 * retried with back-off (a log line and linkyard_acme_failures_total say so).
 */
@Injectable()
export class AutomaticHttps implements OnApplicationShutdown {
  private readonly logger = new Logger('AutomaticHttps');
  private readonly acme: AcmeConfig | null;
  private readonly serviceHost: string | null;
  private readonly served = new Map<string, Served>();
  /** Names refused lately, with when the refusal ends (by the service's clock); the oldest go first past REFUSED_MOST. */
  private readonly refused = new Map<string, number>();
  private readonly ordering = new Map<string, Promise<Served | null>>();
  private readonly failures = new Map<string, Failure>();
  private readonly timers: NodeJS.Timeout[] = [];
  private client: acme.Client | null = null;
  private readonly issued: Counter<'kind'> | null = null;
  private readonly failed: Counter<never> | null = null;
  private readonly expiry: Gauge<never> | null = null;
  private running = false;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(CertificatesRepository) private readonly certificates: CertificatesRepository,
    @Inject(AdvisoryLocks) private readonly locks: AdvisoryLocks,
    @Inject(DomainsRepository) private readonly domains: DomainsRepository,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Metrics) metrics: Metrics,
    @Inject(Dependents) dependents: Dependents,
  ) {
    this.acme = config.acme;
    this.verification = config.domainVerification;
    const host = new URL(config.publicUrl).hostname;
    this.serviceHost = HOST_NAME.test(host) && isIP(host) === 0 ? host : null;
    if (!this.acme) return;
    this.issued = metrics.counter({
      name: 'linkyard_acme_certificates_total',
      help: 'Certificates obtained from the ACME CA, by kind: new (a first order for a name) or renewal.',
      labelNames: ['kind'],
    });
    this.failed = metrics.counter({
      name: 'linkyard_acme_failures_total',
      help: 'Orders from the ACME CA that failed (the CA down or refusing): the current certificate, if any, is served on.',
    });
    this.expiry = metrics.gauge({
      name: 'linkyard_acme_next_expiry_seconds',
      help: 'Seconds until the first of the served certificates expires (absent before the first).',
    });
    // A branded domain deleted takes its certificate with it: its private key is not kept for nobody.
    dependents.follow('domain', async (scope, record) => {
      if (!record.host) return;
      this.served.delete(record.host);
      await this.certificates.delete(record.host, scope);
    });
  }

  private readonly verification: Config['domainVerification'];

  get enabled(): boolean {
    return this.acme !== null;
  }

  get httpsPort(): number | null {
    return this.acme?.httpsPort ?? null;
  }

  /** Loads the kept certificates and starts the refresh and renewal rounds. */
  async start(): Promise<void> {
    if (!this.acme || this.running) return;
    this.running = true;
    if (this.acme.caCertificates) {
      // The CA's directory is served with a certificate of a private CA (a test CA, step-ca): trusted besides the system's.
      acme.axios.defaults.httpsAgent = new Agent({ ca: [...rootCertificates, this.acme.caCertificates] });
    }
    acme.setLogger(() => undefined);
    // A CA that does not answer is retried by this service's own back-off (RETRY_*), not for a
    // minute inside one request while a handshake waits: one retry, two seconds later.
    (acme.axios.defaults as { acmeSettings?: { retryMaxAttempts: number; retryDefaultDelay: number } }).acmeSettings!.retryMaxAttempts = 1;
    (acme.axios.defaults as { acmeSettings?: { retryMaxAttempts: number; retryDefaultDelay: number } }).acmeSettings!.retryDefaultDelay = 2;
    await this.refresh().catch((error: unknown) => this.logger.warn(`Could not read the certificates: ${message(error)}`));
    this.timers.push(setInterval(() => void this.refresh().catch(() => undefined), REFRESH_MS).unref());
    this.timers.push(setInterval(() => void this.renewDue().catch(() => undefined), RENEW_CHECK_MS).unref());
    // The first round soon after the start, not an hour later.
    this.timers.push(setTimeout(() => void this.renewDue().catch(() => undefined), 30_000).unref());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    this.running = false;
  }

  /** Whether this instance serves a certificate for the host now (HTTP then redirects to HTTPS). */
  serves(host: string): boolean {
    const served = this.served.get(host);
    return served !== undefined && served.notAfter > this.clock.now();
  }

  /**
   * The TLS context for a handshake naming `name`: the kept certificate, or one ordered now for a
   * name that may have one; null for any other name (the handshake is refused, the CA not asked).
   */
  async contextFor(name: string): Promise<SecureContext | null> {
    if (!this.acme) return null;
    const host = name.toLowerCase().replace(/\.$/, '');
    if (!HOST_NAME.test(host)) return null;
    const served = this.served.get(host);
    if (served && served.notAfter > this.clock.now()) return served.context;
    if ((this.refused.get(host) ?? 0) > this.clock.now()) return null;
    const stored = await this.load(host);
    if (stored) return stored.context;
    if (!(await this.mayHave(host))) {
      this.refused.delete(host);
      if (this.refused.size >= REFUSED_MOST) this.refused.delete(this.refused.keys().next().value!);
      this.refused.set(host, this.clock.now() + REFUSED_FOR_MS);
      return null;
    }
    return (await this.order(host, 'new'))?.context ?? null;
  }

  /**
   * Answers what the CA asks at the challenge path; false for any other request. Any instance
   * answers, whichever placed the order.
   */
  answerChallenge(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.acme || !request.url?.startsWith(CHALLENGE_PATH)) return false;
    const token = request.url.slice(CHALLENGE_PATH.length);
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(body);
    };
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(token) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      answer(404, 'Not found\n');
      return true;
    }
    this.certificates.challenge(token, new Date(this.clock.now())).then(
      (keyAuthorization) => (keyAuthorization ? answer(200, keyAuthorization) : answer(404, 'Not found\n')),
      () => answer(503, 'The challenge cannot be read now\n'),
    );
    return true;
  }

  /** Orders a new certificate for every kept one in the last third of its life; one instance at a time. */
  async renewDue(): Promise<number> {
    if (!this.acme) return 0;
    return (
      (await this.locks.run(RENEW_LOCK, 'renewal', 0, async () => {
        let renewed = 0;
        for (const host of await this.certificates.due(new Date(this.clock.now()))) {
          // A branded domain whose owner no longer proves it is not renewed (its certificate runs out).
          if (!(await this.mayHave(host))) continue;
          if (await this.order(host, 'renewal')) renewed += 1;
        }
        return renewed;
      })) ?? 0
    );
  }

  /** Reads the database's certificates again: another instance's new, renewed or deleted ones. */
  async refresh(): Promise<void> {
    const versions = await this.certificates.versions();
    for (const host of [...this.served.keys()]) if (!versions.has(host)) this.served.delete(host);
    for (const [host, updatedAt] of versions) {
      if (this.served.get(host)?.updatedAt !== updatedAt) await this.load(host);
    }
    this.updateExpiry();
  }

  /** The kept certificate of `host`, made servable, or null when there is none (or it cannot be opened). */
  private async load(host: string): Promise<Served | null> {
    const stored = await this.certificates.find(host);
    if (!stored) return null;
    const served = this.servable(stored);
    if (served) {
      this.served.set(host, served);
      this.updateExpiry();
    }
    return served && served.notAfter > this.clock.now() ? served : null;
  }

  private servable(stored: StoredCertificate): Served | null {
    const key = unseal(this.acme!.storageKey, stored.privateKey);
    // Sealed under another ACME_STORAGE_KEY: as if there were none, a new one is ordered.
    if (key === null) return null;
    return {
      context: createSecureContext({ cert: stored.certificate, key, minVersion: 'TLSv1.2' }),
      notAfter: stored.notAfter.getTime(),
      updatedAt: stored.updatedAt.getTime(),
    };
  }

  /**
   * Whether a certificate may be ordered for `host`: the service's own host, or a branded domain
   * whose owner proved control (DOMAIN_VERIFICATION=txt checked it when it was added; otherwise
   * its TXT record must hold the proof now).
   */
  private async mayHave(host: string): Promise<boolean> {
    if (host === this.serviceHost) return true;
    const domain = await this.domains.byHost(host);
    if (!domain) return false;
    if (this.verification === 'txt') return true;
    const secret = await this.settings.secret('domain_verification_secret');
    return provesOwnership(this.resolver, host, ownershipToken(secret, domain.userId, host));
  }

  /** Orders a certificate for `host` (one order per name at a time, across instances), keeps it and serves it. */
  private order(host: string, kind: 'new' | 'renewal'): Promise<Served | null> {
    const running = this.ordering.get(host);
    if (running) return running;
    const failure = this.failures.get(host);
    if (failure && failure.until > this.clock.now()) return Promise.resolve(null);
    const ordered = this.locks
      .run(ORDER_LOCK, host, LOCK_WAIT_MS, async () => {
        // Another instance may have ordered it while this one waited for the lock.
        const kept = await this.certificates.find(host);
        if (
          kept &&
          (kind === 'new' || kept.notAfter.getTime() - (kept.notAfter.getTime() - kept.notBefore.getTime()) / 3 > this.clock.now())
        ) {
          const served = this.servable(kept);
          if (served && served.notAfter > this.clock.now()) return served;
        }
        return this.obtain(host, kind);
      })
      // Another instance held the name's order past LOCK_WAIT_MS: nothing to serve yet.
      .then((served) => served ?? null)
      .then(
        (served) => {
          if (served) {
            this.failures.delete(host);
            this.served.set(host, served);
            this.updateExpiry();
          }
          return served;
        },
        (error: unknown) => {
          const count = (this.failures.get(host)?.count ?? 0) + 1;
          const wait = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** (count - 1));
          this.failures.set(host, { count, until: this.clock.now() + wait });
          this.failed?.inc();
          this.logger.error(
            `Could not obtain a certificate for ${host} from ${this.acme!.directory}: ${message(error)}; ` +
              `${this.served.has(host) ? 'the current one is served on; ' : ''}next try in ${Math.round(wait / 1000)} s`,
          );
          return null;
        },
      )
      .finally(() => this.ordering.delete(host));
    this.ordering.set(host, ordered);
    return ordered;
  }

  private async obtain(host: string, kind: 'new' | 'renewal'): Promise<Served> {
    const client = await this.accountClient();
    const key = await acme.crypto.createPrivateEcdsaKey();
    const [, csr] = await acme.crypto.createCsr({ commonName: host, altNames: [host] }, key);
    const chain = await client.auto({
      csr,
      email: this.acme!.email,
      termsOfServiceAgreed: true,
      challengePriority: ['http-01'],
      // The CA checks the challenge itself; a check from here would go through this host's own
      // view of the name (often not the world's: a NAT without hairpin, a split DNS).
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
        await this.certificates.putChallenge(challenge.token, keyAuthorization, new Date(this.clock.now() + CHALLENGE_TTL_MS));
      },
      challengeRemoveFn: async (_authz, challenge) => {
        await this.certificates.deleteChallenge(challenge.token, new Date(this.clock.now()));
      },
    });
    const info = acme.crypto.readCertificateInfo(chain);
    await this.certificates.save({
      host,
      certificate: chain,
      privateKey: seal(this.acme!.storageKey, key.toString()),
      notBefore: info.notBefore,
      notAfter: info.notAfter,
    });
    this.issued?.inc({ kind });
    this.logger.log(`Obtained a certificate for ${host} (${kind}), valid until ${info.notAfter.toISOString()}`);
    const stored = await this.certificates.find(host);
    return this.servable(stored!)!;
  }

  /** The CA client with the account's key: the kept one, or a new one kept for every instance. */
  private async accountClient(): Promise<acme.Client> {
    if (this.client) return this.client;
    const sealed = await this.certificates.accountKey();
    let key = sealed === null ? null : unseal(this.acme!.storageKey, sealed);
    if (key === null) {
      key = (await acme.crypto.createPrivateEcdsaKey()).toString();
      await this.certificates.saveAccountKey(seal(this.acme!.storageKey, key));
    }
    this.client = new acme.Client({ directoryUrl: this.acme!.directory, accountKey: key });
    return this.client;
  }

  private updateExpiry(): void {
    const first = Math.min(...[...this.served.values()].map((served) => served.notAfter));
    if (Number.isFinite(first)) this.expiry?.set(Math.round((first - this.clock.now()) / 1000));
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
