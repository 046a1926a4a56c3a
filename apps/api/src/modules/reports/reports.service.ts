import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { components } from '@linkyard/spec';
import type { Account } from '../../common/account';
import { badRequest, notFound, tooManyRequests } from '../../common/api-error';
import { Clock } from '../../common/clock';
import { formatDateTime, formatNullableDateTime, parseDateTime } from '../../common/dates';
import type { PageRequest } from '../../common/pagination';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { RATE_LIMIT_STORAGE, type FixedWindowStorage } from '../../infrastructure/fixed-window.storage';
import { hashApiKey } from '../auth/api-key';
import { CampaignsService } from '../campaigns/campaigns.service';
import type { SeriesScope } from '../clicks/series-request';
import { LinksRepository } from '../links/links.repository';
import type { ReportEntity } from './report.entity';
import { ReportsRepository } from './reports.repository';

type SharedReport = components['schemas']['SharedReport'];
type SharedView = components['schemas']['SharedReportView']['data'];

/** Requests one report answers a minute, whoever asks: its readers are people, not scripts. */
export const SHARED_REPORT_REQUESTS_PER_MINUTE = 300;
const MINUTE_MS = 60_000;

/** A token as its address carries it: 24 random bytes, URL-safe (32 characters). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** What a token opens: whose series, and what its page says. */
export interface SharedReportOpened {
  scope: SeriesScope;
  view: SharedView;
}

/**
 * Shared reports: an account makes a read-only address of one link's or one campaign's statistics,
 * and revokes it by deleting it. The token is the credential, kept only as its SHA-256; every
 * request looks it up (one indexed statement), so a revocation or an expiry holds at once on every
 * instance.
 */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(CampaignsService) private readonly campaigns: CampaignsService,
    @Inject(RATE_LIMIT_STORAGE) private readonly windows: FixedWindowStorage,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async list(account: Account, page: PageRequest): Promise<[SharedReport[], number]> {
    const [reports, total] = await this.reports.list(account, page);
    return [reports.map(toSharedReport), total];
  }

  async add(
    account: Account,
    input: { link?: number; campaign?: number; name?: string; expiry?: string; showdestination?: boolean },
  ): Promise<{ report: SharedReport; token: string; url: string }> {
    if ((input.link === undefined) === (input.campaign === undefined)) {
      throw badRequest('Invalid body: give exactly one of "link" and "campaign".');
    }
    // Another account's link or campaign is a 404, as everywhere.
    if (input.link !== undefined) await this.links.get(account, input.link);
    if (input.campaign !== undefined) await this.campaigns.get(account, input.campaign);
    const token = randomBytes(24).toString('base64url');
    const report = await this.reports.insert({
      userId: account.id,
      linkId: input.link ?? null,
      campaignId: input.campaign ?? null,
      // Kept as its SHA-256, as keys and invitation tokens are.
      tokenHash: hashApiKey(token),
      hint: token.slice(0, 6),
      name: input.name ?? '',
      showDestination: input.showdestination ?? false,
      expiresAt: input.expiry ? parseDateTime(input.expiry) : null,
    });
    return { report: toSharedReport(report), token, url: `${this.config.publicUrl}/dashboard/shared/${token}` };
  }

  delete(account: Account, id: number): Promise<void> {
    return this.reports.delete(account, id);
  }

  /** What a token opens, counted against its report's budget; 404 for any token that opens nothing. */
  async open(token: string): Promise<SharedReportOpened> {
    const subject = TOKEN.test(token) ? await this.reports.byToken(hashApiKey(token), new Date(this.clock.now())) : null;
    if (!subject) throw notFound('No shared report at this address: it was revoked, has expired, or never was.');
    const window = await this.windows.increment(`shared-report:${subject.id}`, MINUTE_MS, SHARED_REPORT_REQUESTS_PER_MINUTE);
    if (window.isBlocked) {
      throw tooManyRequests(
        `This report answers ${SHARED_REPORT_REQUESTS_PER_MINUTE} requests a minute. Try again in ${window.timeToExpire} seconds.`,
        window.timeToExpire,
      );
    }
    const expiry = formatNullableDateTime(subject.expires_at);
    if (subject.link_id !== null) {
      return {
        scope: { link: subject.link_id },
        view: {
          type: 'link',
          name: subject.alias!,
          shorturl: shortUrl(this.config.publicUrl, subject.alias!, subject.domain ? { domain: subject.domain } : null),
          title: subject.title ?? '',
          destination: subject.show_destination ? subject.url : null,
          expiry,
        },
      };
    }
    return {
      scope: { campaign: subject.campaign_id! },
      view: { type: 'campaign', name: subject.campaign_name ?? '', shorturl: null, title: '', destination: null, expiry },
    };
  }
}

function toSharedReport(report: ReportEntity): SharedReport {
  return {
    id: report.id,
    type: report.linkId !== null ? 'link' : 'campaign',
    link: report.linkId,
    campaign: report.campaignId,
    name: report.name,
    hint: report.hint,
    showdestination: report.showDestination,
    expiry: formatNullableDateTime(report.expiresAt),
    date: formatDateTime(report.createdAt),
  };
}
