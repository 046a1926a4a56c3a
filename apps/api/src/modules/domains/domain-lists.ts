import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_CACHE_DEPS, AccountCache, type AccountCacheDeps } from '../../database/account-cache';

/**
 * The pages of the accounts' domain lists as `GET /domains` answers them, so a list read again
 * (the dashboard's, a client's before each link it makes) does not reach the database: an
 * AccountCache of 8 MiB whose entries live five minutes at most. A domain added, changed or
 * deleted, or the account changed or deleted, drops the account's pages on every instance before
 * the write answers.
 */
@Injectable()
export class DomainLists extends AccountCache {
  constructor(@Inject(ACCOUNT_CACHE_DEPS) deps: AccountCacheDeps) {
    super(
      {
        name: 'domains',
        channel: 'linkyard:domain-lists-invalidate',
        maxBytes: 8 * 1024 * 1024,
        ttlMs: 5 * 60_000,
        kinds: ['domain', 'account'],
        dropsBeforeAnswer: true,
      },
      deps,
    );
  }
}
