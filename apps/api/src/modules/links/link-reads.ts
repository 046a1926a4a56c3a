import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_CACHE_DEPS, AccountCache, type AccountCacheDeps } from '../../database/account-cache';

/**
 * What the API answers of the accounts' links: the pages of their lists as `GET /urls` answers
 * them without a search or a campaign (the dashboard's list, a client's), and a link's details
 * and statistics (`GET /url/:id`), so a read again does not reach the database: an AccountCache
 * of 16 MiB whose entries live five minutes at most. A link added, changed or deleted, a domain's
 * change (its links move), a campaign's, a channel's or a pixel's change, the account changed or
 * deleted, and each click batch that counted clicks of the account's links (the counts and top
 * lists they show) drop the account's entries on every instance before the write answers: what
 * is answered is never older than the database.
 */
@Injectable()
export class LinkReads extends AccountCache {
  constructor(@Inject(ACCOUNT_CACHE_DEPS) deps: AccountCacheDeps) {
    super(
      {
        name: 'links',
        channel: 'linkyard:link-reads-invalidate',
        maxBytes: 16 * 1024 * 1024,
        ttlMs: 5 * 60_000,
        kinds: ['link', 'domain', 'campaign', 'page', 'account', 'clicks'],
        dropsBeforeAnswer: true,
      },
      deps,
    );
  }
}
