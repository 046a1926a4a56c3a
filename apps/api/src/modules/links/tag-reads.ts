import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_CACHE_DEPS, AccountCache, type AccountCacheDeps } from '../../database/account-cache';

/**
 * The pages of the accounts' lists of tags as `GET /tags` answers them without a search: counting
 * them reads every tagged link of the account, and the dashboard asks for them on every page of
 * links. An AccountCache of 4 MiB whose entries live five minutes at most; a change of the
 * account's links or tags (a link added, changed or deleted, a tag renamed, coloured or deleted)
 * or the account's own change drops its entries on every instance before the write answers.
 * Clicks change no tag, so unlike the links' reads (LinkReads) their batches leave it.
 */
@Injectable()
export class TagReads extends AccountCache {
  constructor(@Inject(ACCOUNT_CACHE_DEPS) deps: AccountCacheDeps) {
    super(
      {
        name: 'tags',
        channel: 'linkyard:tag-reads-invalidate',
        maxBytes: 4 * 1024 * 1024,
        ttlMs: 5 * 60_000,
        kinds: ['link', 'account'],
        dropsBeforeAnswer: true,
      },
      deps,
    );
  }
}
