import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Account } from '../../common/account';
import type { PageRequest } from '../../common/pagination';
import { deleteOwned, listOwned } from '../../database/owned';
import { Sql } from '../../database/sql';
import { ReportEntity } from './report.entity';

/** What a shared report's address opens: the report and what it is of, as its readers see it. */
export interface SharedSubject {
  id: number;
  link_id: number | null;
  campaign_id: number | null;
  show_destination: boolean;
  expires_at: Date | null;
  alias: string | null;
  title: string | null;
  url: string | null;
  domain: string | null;
  campaign_name: string | null;
}

const EXAMPLE_HASH = '0'.repeat(64);

/** Every statement of the shared reports. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectRepository(ReportEntity) private readonly reports: Repository<ReportEntity>) {}

  @Sql((f) => [f.account, { offset: 0, limit: 15 }])
  list(account: Account, page: PageRequest): Promise<[ReportEntity[], number]> {
    return listOwned(this.reports, account, page);
  }

  @Sql((f) => [{ userId: f.account.id, linkId: f.ids.link, campaignId: null, tokenHash: EXAMPLE_HASH, hint: '000000', name: 'Client' }])
  async insert(
    report: Pick<ReportEntity, 'userId' | 'linkId' | 'campaignId' | 'tokenHash' | 'hint' | 'name'> & Partial<ReportEntity>,
  ): Promise<ReportEntity> {
    return this.reports.save(this.reports.create(report));
  }

  /** Revoked: the row goes, and the token with it. */
  @Sql((f) => [f.account, f.ids.report])
  delete(account: Account, id: number): Promise<void> {
    return deleteOwned(this.reports, account, id, 'shared report');
  }

  /**
   * The report of a token (its SHA-256) with what it is of, unless it expired at `now` or its
   * account is disabled; null otherwise, whichever the reason.
   */
  @Sql(() => [EXAMPLE_HASH, new Date('2026-01-01T00:00:00Z')])
  async byToken(tokenHash: string, now: Date): Promise<SharedSubject | null> {
    const [row] = await this.reports.query<SharedSubject[]>(
      `SELECT r.id, r.link_id, r.campaign_id, r.show_destination, r.expires_at,
              l.alias, l.title, l.url, d.domain, c.name AS campaign_name
         FROM shared_reports r
         JOIN users u ON u.id = r.user_id AND u.disabled_at IS NULL
         LEFT JOIN links l ON l.id = r.link_id
         LEFT JOIN domains d ON d.id = l.domain_id
         LEFT JOIN campaigns c ON c.id = r.campaign_id
        WHERE r.token_hash = $1 AND (r.expires_at IS NULL OR r.expires_at > $2)`,
      [tokenHash, now],
    );
    return row ?? null;
  }
}
