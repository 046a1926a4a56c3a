import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { REDIS, type RedisLink } from '../../infrastructure/redis';
import { ClickReadsRepository } from './click-reads.repository';

/** The Redis channel the instances share written clicks on. */
export const LIVE_CHANNEL = 'linkyard:live-clicks';

/**
 * What a stream is told of a batch of written clicks: its account's links and QR codes, and how
 * many of each; its bio pages, with their visits and the clicks of their buttons.
 */
export interface LiveBatch {
  links: { id: number; clicks: number }[];
  qrs: { id: number; clicks: number }[];
  bio: { id: number; visits: number; clicks: number }[];
}

/** One open stream (`GET /clicks/live`). */
export interface LiveStream {
  account: number;
  /** The dashboard session it was opened with, or null for an API key. */
  session: number | null;
  send(batch: LiveBatch): void;
  /** Ends the stream, telling its reader why. */
  end(reason: string): void;
}

export type OpenResult = 'open' | 'account-full' | 'instance-full';

/**
 * Clicks as they land, for the dashboard: the click writer hands each batch it committed here, and
 * every open stream of the account whose links or QR codes were clicked is told (a stream never
 * hears of another account's clicks). With REDIS_URL, a batch goes through Redis's channels, so
 * the streams of every instance hear the clicks every instance wrote; without Redis, or while it is
 * away, each instance tells only its own streams of the clicks it wrote. Streams are bounded per
 * account and per instance (LIVE_STREAMS_PER_ACCOUNT, LIVE_STREAMS_MAX).
 */
@Injectable()
export class LiveClicks implements OnModuleInit {
  private readonly logger = new Logger(LiveClicks.name);
  private readonly streams = new Map<number, Set<LiveStream>>();
  private count = 0;

  constructor(
    @Inject(ClickReadsRepository) private readonly reads: ClickReadsRepository,
    @Inject(REDIS) private readonly redis: RedisLink,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.redis.subscribe(LIVE_CHANNEL, (message) => this.heard(message));
  }

  /** Streams open on this instance. */
  get open(): number {
    return this.count;
  }

  add(stream: LiveStream): OpenResult {
    const mine = this.streams.get(stream.account) ?? new Set<LiveStream>();
    if (this.count >= this.config.liveStreamsMax) return 'instance-full';
    if (mine.size >= this.config.liveStreamsPerAccount) return 'account-full';
    mine.add(stream);
    this.streams.set(stream.account, mine);
    this.count += 1;
    return 'open';
  }

  remove(stream: LiveStream): void {
    const mine = this.streams.get(stream.account);
    if (!mine?.delete(stream)) return;
    this.count -= 1;
    if (mine.size === 0) this.streams.delete(stream.account);
  }

  /** A session ended (sign-out): its streams end now. */
  endSession(session: number): void {
    for (const mine of this.streams.values()) {
      for (const stream of [...mine]) if (stream.session === session) stream.end('The session ended.');
    }
  }

  /** The service stops: every stream ends (readers connect again to another instance). */
  closeAll(): void {
    for (const mine of [...this.streams.values()]) for (const stream of [...mine]) stream.end('The service is stopping.');
  }

  /**
   * A batch the click writer committed: its clicks counted per link, QR code and bio page (its
   * visits, and the clicks of its buttons), grouped by the account that owns them, then told to
   * that account's streams (through Redis when it is up).
   */
  async written(clicks: { linkId: number | null; qrId: number | null; bioId: number | null; blockId: number | null }[]): Promise<void> {
    const viaRedis = this.redis.shares;
    if (!viaRedis && this.count === 0) return;
    const links = countOf(clicks.map((click) => click.linkId));
    const qrs = countOf(clicks.map((click) => click.qrId));
    const visits = countOf(clicks.map((click) => click.bioId));
    const blocks = countOf(clicks.map((click) => click.blockId));
    if (links.size === 0 && qrs.size === 0 && visits.size === 0 && blocks.size === 0) return;
    const owners = async (table: 'links' | 'qr_codes', ids: number[]) => (ids.length === 0 ? [] : await this.reads.owners(table, ids));
    const byAccount = new Map<number, LiveBatch>();
    const batchOf = (account: number) => {
      const batch = byAccount.get(account) ?? { links: [], qrs: [], bio: [] };
      byAccount.set(account, batch);
      return batch;
    };
    for (const row of await owners('links', [...links.keys()])) batchOf(row.user_id).links.push({ id: row.id, clicks: links.get(row.id)! });
    for (const row of await owners('qr_codes', [...qrs.keys()])) batchOf(row.user_id).qrs.push({ id: row.id, clicks: qrs.get(row.id)! });
    if (visits.size > 0 || blocks.size > 0) {
      // A button's click is its page's: one entry a page, with its visits and its buttons' clicks.
      const pages = new Map<number, { account: number; visits: number; clicks: number }>();
      for (const row of await this.reads.bioOwners([...visits.keys()], [...blocks.keys()])) {
        const page = pages.get(row.bio_id) ?? { account: row.user_id, visits: 0, clicks: 0 };
        if (row.block_id === null) page.visits += visits.get(row.bio_id) ?? 0;
        else page.clicks += blocks.get(row.block_id) ?? 0;
        pages.set(row.bio_id, page);
      }
      for (const [id, page] of pages) batchOf(page.account).bio.push({ id, visits: page.visits, clicks: page.clicks });
    }
    for (const [account, batch] of byAccount) {
      if (viaRedis) {
        try {
          await this.redis.send(LIVE_CHANNEL, JSON.stringify({ account, ...batch }));
          continue;
        } catch {
          // Redis went away: this instance's own streams still hear what it wrote.
        }
      }
      this.deliver(account, batch);
    }
  }

  private heard(message: string): void {
    try {
      const { account, links, qrs, bio } = JSON.parse(message) as { account: number } & LiveBatch;
      // (An instance of before bio pages were told sends none.)
      if (Number.isInteger(account) && Array.isArray(links) && Array.isArray(qrs))
        this.deliver(account, { links, qrs, bio: Array.isArray(bio) ? bio : [] });
    } catch (error) {
      this.logger.warn(`A live click message could not be read: ${(error as Error).message}`);
    }
  }

  private deliver(account: number, batch: LiveBatch): void {
    for (const stream of this.streams.get(account) ?? []) stream.send(batch);
  }
}

function countOf(ids: (number | null)[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
