import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ClickTarget } from '../click';
import { ClickCopyRepository } from '../click-copy.repository';
import { CLICKHOUSE, type ClickHouse } from './clickhouse';
import { ClickHouseCopy } from './clickhouse-copy';
import { idSet, str } from './clickhouse-sql';

/** Another try of the copy at start, after a failure (ClickHouse or PostgreSQL away). */
const RETRY_MS = 60_000;

/**
 * The all-time unique visitors of the targets `ids` of one kind, as ClickHouse counts them (schema
 * version 5's `target_visitors`), by id (a target without a set is left out). Read apart from the
 * batches (UniqueCounts), after the batches that marked them were stored, so each count includes
 * them; PostgreSQL keeps the greater of it and what it had (two instances read the same sets: a
 * count never goes back).
 *
 * `uniq` is ClickHouse's adaptive sample of 32-bit hashes: it keeps every hash up to 65,536
 * visitors, so a target below that is counted exactly but for two visitors whose hashes collide
 * (about one pair in 60,000 visitors), and past it is an estimate (docs/clicks-over-time.md says
 * by how much). A set merges in constant space, however many visitors a link has had.
 */
export async function allTimeVisitors(ch: ClickHouse, target: ClickTarget, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const counts = await ch.query<{ target_id: number; visitors: number }>(
    `SELECT target_id, uniqMerge(visitors) AS visitors FROM ${ch.db}.target_visitors
      WHERE target = ${str(target)} AND target_id IN ${idSet(ids)} GROUP BY target_id`,
  );
  return new Map(counts.map((row) => [Number(row.target_id), Number(row.visitors)]));
}

/**
 * At start with ClickHouse, the all-time visitors PostgreSQL counted before (an installation on
 * PostgreSQL until now, or on ClickHouse with a release that kept them there) are copied into
 * ClickHouse's sets in the background, from where the last copy stopped (usually nothing left):
 * until they are, a target's unique clicks stay at PostgreSQL's count. Every instance does it; two
 * at once add the same visitors twice, which changes no set.
 */
@Injectable()
export class ClickHouseVisitorsCopy implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClickHouse');
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The copy under way, or null. */
  running: Promise<void> | null = null;

  constructor(
    @Inject(CLICKHOUSE) private readonly ch: ClickHouse | null,
    @Inject(ClickCopyRepository) private readonly pg: ClickCopyRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  // Before any connection closes: a copy cut short by the stop is not a failure to report.
  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private start(): void {
    const ch = this.ch;
    if (!ch || this.stopped) return;
    this.running = this.copy(ch).finally(() => (this.running = null));
  }

  private async copy(ch: ClickHouse): Promise<void> {
    try {
      await ch.ready();
      const copied = await new ClickHouseCopy(ch, this.pg).visitors();
      if (copied > 0) this.logger.log(`${copied.toLocaleString('en')} all-time visitors PostgreSQL counted copied into ClickHouse`);
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn(
        `PostgreSQL's all-time visitors not copied into ClickHouse yet (tried again in a minute): ${(error as Error).message}`,
      );
      this.timer = setTimeout(() => this.start(), RETRY_MS);
      this.timer.unref();
    }
  }
}
