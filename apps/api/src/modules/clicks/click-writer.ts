import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { Click, ClickTarget } from './click';
import type { ClickBatchWriter } from './click-recorder';
import { ClicksRepository } from './clicks.repository';
import { LiveClicks } from './live-clicks';
import { ClickLimits } from './click-limits';
import { CLICKHOUSE, type ClickHouse } from './clickhouse/clickhouse';
import { clickRows, targetOf, type ClickHouseRow } from './clickhouse/clickhouse-reads';
import { UniqueCounts } from './clickhouse/unique-counts';

/**
 * The recorder's batch writer: a batch in one transaction (its clicks, totals and rollups, and the
 * webhooks' events of its clicks), then the dashboard's live streams are told of it. A batch rolled
 * back, or a spooled batch written before, is told to no one.
 *
 * With ClickHouse (CLICKHOUSE_URL) the raw clicks go there first, in one insert under the batch's
 * id, and its views make the hourly rollups and the sets of all-time visitors; PostgreSQL's
 * transaction keeps the rest (totals, counters, webhooks' events). Either failing fails the batch,
 * which the recorder retries whole: ClickHouse reads a batch sent twice once (see
 * clickhouse-schema.ts). The batch's targets are then marked for their unique counts, read from
 * ClickHouse apart from the batches (UniqueCounts).
 * Clicks of a target deleted since they were made are left out of both.
 */
@Injectable()
export class ClickWriter implements ClickBatchWriter {
  private readonly logger = new Logger(ClickWriter.name);

  constructor(
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
    @Inject(WebhookEvents) private readonly webhookEvents: WebhookEvents,
    @Inject(LiveClicks) private readonly live: LiveClicks,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ClickLimits) private readonly limits: ClickLimits,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse | null,
    @Inject(UniqueCounts) private readonly uniques: UniqueCounts,
  ) {}

  async write(batch: Click[], spoolId: string | null, batchId: string): Promise<void> {
    let rows: ClickHouseRow[] = [];
    if (this.clickhouse) {
      // Not the clicks of a target deleted since (its clicks there are being deleted, see
      // ClickRetention); each row keeps its place in the whole batch, so a retry is the same rows.
      const ids: Record<ClickTarget, Set<number>> = { link: new Set(), qr: new Set(), bio: new Set(), block: new Set(), domain: new Set() };
      for (const click of batch) {
        const { target, id } = targetOf(click);
        ids[target].add(id);
      }
      const existing = await this.clicks.existingTargets({
        link: [...ids.link],
        qr: [...ids.qr],
        bio: [...ids.bio],
        block: [...ids.block],
        domain: [...ids.domain],
      });
      rows = clickRows(batch, batchId).filter((row) => existing.has(`${String(row.target)}:${String(row.target_id)}`));
      if (rows.length > 0) await this.clickhouse.insert('clicks', rows);
    }
    // The webhooks' events of these clicks, in the same transaction (nothing when no webhook wants clicks).
    const written = await this.clicks.writeBatch(
      batch,
      spoolId,
      (scope) => this.webhookEvents.recordClicks(scope, batch, new Date(this.clock.now())),
      { rollups: this.clickhouse === null },
    );
    // After the totals' commit: a count read then covers clicks PostgreSQL has counted.
    this.uniques.touched(rows);
    // The click limits count them as stored now (a batch written before, by an earlier run, was never held here).
    if (written) this.limits.written(batch);
    // The dashboard's live streams hear of the clicks once they are written (never of a batch rolled back).
    if (written) this.live.written(batch).catch((error: Error) => this.logger.warn(`Live clicks not told: ${error.message}`));
  }

  /** The unique counts of every batch written until now, read and written (the recorder's flush and stop). */
  settle(): Promise<void> {
    return this.uniques.settle();
  }
}
