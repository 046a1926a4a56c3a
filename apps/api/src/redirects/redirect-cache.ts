import { Inject, Injectable } from '@nestjs/common';
import type { WriteKind } from '../database/write-events';
import { ACCOUNT_CACHE_DEPS, AccountCache, type AccountCacheDeps } from '../database/account-cache';

/**
 * Whether a kind of write may change what a redirect serves: all but the click batches' counts.
 * Every kind is named, so a new one does not compile until it is placed here.
 */
const DROPS: Record<WriteKind, boolean> = {
  link: true,
  domain: true,
  qr: true,
  campaign: true,
  bio: true,
  page: true,
  key: true,
  account: true,
  clicks: false,
};

/**
 * What the public routes looked up (hosts, links, QR codes, campaigns, bio pages), unknown keys
 * included, so a redirect rarely reaches the database: an AccountCache of 64 MiB whose entries
 * live five minutes at most.
 */
@Injectable()
export class RedirectCache extends AccountCache {
  constructor(@Inject(ACCOUNT_CACHE_DEPS) deps: AccountCacheDeps) {
    const kinds = (Object.keys(DROPS) as WriteKind[]).filter((kind) => DROPS[kind]);
    super({ name: 'redirect', channel: 'linkyard:redirect-invalidate', maxBytes: 64 * 1024 * 1024, ttlMs: 5 * 60_000, kinds }, deps);
  }
}
