import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_CACHE_DEPS, AccountCache, type AccountCacheDeps } from '../../database/account-cache';

/**
 * The pages of the accounts' lists of links as `GET /urls` answers them without a search or a
 * campaign (the dashboard's list, a client's), so a list read again does not reach the database:
 * an AccountCache of 16 MiB whose entries live five minutes at most. A link added, changed or
 * deleted, a domain's change (its links move), the account changed or deleted, and each click
 * batch that counted clicks of the account's links (the counts a list shows) drop the account's
 * pages on every instance before the write answers: a page is never older than the database.
 */
@Injectable()
export class LinkLists extends AccountCache {
  constructor(@Inject(ACCOUNT_CACHE_DEPS) deps: AccountCacheDeps) {
    super(
      {
        name: 'links',
        channel: 'linkyard:link-lists-invalidate',
        maxBytes: 16 * 1024 * 1024,
        ttlMs: 5 * 60_000,
        kinds: ['link', 'domain', 'account', 'clicks'],
        dropsBeforeAnswer: true,
      },
      deps,
    );
  }
}
