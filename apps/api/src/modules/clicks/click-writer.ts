import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Turns } from '../../common/turns';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import type { Click, ClickTarget } from './click';
import type { ClickBatchWriter } from './click-recorder';
import { ClicksRepository } from './clicks.repository';
import { LiveClicks } from './live-clicks';
import { ClickLimits } from './click-limits';
import { CLICKHOUSE, type ClickHouse } from './clickhouse/clickhouse';
import { CLICK_COLUMNS, clickLine, targetOf, type ClickHouseRow } from './clickhouse/clickhouse-reads';
import { tsvValue } from './clickhouse/clickhouse-sql';
import { UniqueCounts } from './clickhouse/unique-counts';
import { HourCounts } from './clickhouse/hour-counts';

/** A target's hour that people clicked in a batch (`at`: the hour), as the unique and hour counts mark it. */
type ClickMark = Pick<ClickHouseRow, 'target' | 'target_id' | 'at' | 'bot'>;

/**
 * The recorder's batch writer: a batch in one transaction (its clicks, totals and rollups, and the
 * webhooks' events of its clicks), then the dashboard's live streams are told of it. A batch rolled
 * back, or a spooled batch written before, is told to no one.
 *
 * With ClickHouse (CLICKHOUSE_URL) the raw clicks go there first, in one insert under the batch's
 * id (begun while the batch before is written to PostgreSQL: prepare), and its views make the
 * hourly rollups and the sets of all-time visitors; PostgreSQL's transaction keeps the rest
 * (totals, counters, webhooks' events). Either failing fails the batch, which the recorder retries
 * whole: ClickHouse reads a batch sent twice once (see clickhouse-schema.ts). The batch's targets
 * are then marked for their unique counts, read from ClickHouse apart from the batches
 * (UniqueCounts), and its hours to be counted once settled (HourCounts). Clicks of a target
 * deleted since they were made are left out of both.
 */
@Injectable()
export class ClickWriter implements ClickBatchWriter {
  private readonly logger = new Logger(ClickWriter.name);
  /** ClickHouse's inserts started ahead of their batch's write (prepare), by batch id. */
  private readonly prepared = new Map<string, Promise<ClickMark[]>>();

  constructor(
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
    @Inject(WebhookEvents) private readonly webhookEvents: WebhookEvents,
    @Inject(LiveClicks) private readonly live: LiveClicks,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ClickLimits) private readonly limits: ClickLimits,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse | null,
    @Inject(UniqueCounts) private readonly uniques: UniqueCounts,
    @Inject(HourCounts) private readonly hours: HourCounts,
  ) {}

  async write(batch: Click[], spoolId: string | null, batchId: string): Promise<void> {
    let marks: ClickMark[] = [];
    if (this.clickhouse) {
      const prepared = this.prepared.get(batchId);
      this.prepared.delete(batchId);
      // A prepared insert that failed fails this attempt (ClickHouse away: no second wait for it
      // now); the recorder's retry inserts anew.
      marks = await (prepared ?? this.insert(this.clickhouse, batch, batchId));
    }
    // The webhooks' events of these clicks, in the same transaction (nothing when no webhook wants clicks).
    const written = await this.clicks.writeBatch(
      batch,
      spoolId,
      (scope) => this.webhookEvents.recordClicks(scope, batch, new Date(this.clock.now())),
      { rollups: this.clickhouse === null },
    );
    // After the totals' commit: a count read then covers clicks PostgreSQL has counted.
    this.uniques.touched(marks);
    // Their hours, counted once settled (see HourCounts).
    this.hours.touched(marks);
    // The click limits count them as stored now (a batch written before, by an earlier run, was never held here).
    if (written) this.limits.written(batch);
    // The dashboard's live streams hear of the clicks once they are written (never of a batch rolled back).
    if (written) this.live.written(batch).catch((error: Error) => this.logger.warn(`Live clicks not told: ${error.message}`));
  }

  /**
   * ClickHouse's half of a queued batch, started while the batch before it is written to PostgreSQL
   * (the recorder calls this): the two servers then work at once, and write() waits for it.
   * ClickHouse counts a batch it took twice once, so an insert made here for a batch that is then
   * retried, or spooled and written after a restart, counts nothing twice. Without ClickHouse,
   * nothing to start.
   */
  prepare(batch: Click[], batchId: string): void {
    if (!this.clickhouse || this.prepared.has(batchId)) return;
    const insert = this.insert(this.clickhouse, batch, batchId);
    // A failure is write()'s to see; none is left unhandled meanwhile.
    insert.catch(() => undefined);
    this.prepared.set(batchId, insert);
    // A prepared batch the recorder then spooled is written later, or never by this process: at most
    // two kept (the next batch, and one spooled since), each its marks for the unique and hour counts.
    for (const id of this.prepared.keys()) if (this.prepared.size > 2) this.prepared.delete(id);
  }

  /**
   * The batch's raw clicks into ClickHouse, in one insert under the batch's id; the hours of
   * people's clicks it inserted, each target's hour once (what the unique and hour counts mark).
   * Not the clicks of a target deleted since (its clicks there are being deleted, see
   * ClickRetention); each row keeps its place in the whole batch, so a retry is the same rows.
   */
  private async insert(clickhouse: ClickHouse, batch: Click[], batchId: string): Promise<ClickMark[]> {
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
    // The hours marked, by target and id.
    const marked: Record<ClickTarget, Map<number, number[]>> = {
      link: new Map(),
      qr: new Map(),
      bio: new Map(),
      block: new Map(),
      domain: new Map(),
    };
    const marks: ClickMark[] = [];
    const batchText = tsvValue(batchId);
    // In turns, each piece made bytes at once (see ClickHouse.insert): a batch's text made at once
    // held the event loop (the redirects) for tens of milliseconds.
    const turns = new Turns();
    const text: Buffer[] = [];
    let lines = '';
    for (let seq = 0; seq < batch.length; seq++) {
      if (seq % 512 === 0) {
        await turns.take();
        if (lines !== '') text.push(Buffer.from(lines));
        lines = '';
      }
      const click = batch[seq]!;
      const { target, id } = targetOf(click);
      if (!existing[target].has(id)) continue;
      lines += clickLine(click, target, id, batchText, seq);
      if (click.bot) continue;
      const at = Math.floor(click.at.getTime() / 1000);
      const hour = at - (at % 3600);
      const hours = marked[target].get(id);
      if (hours?.includes(hour)) continue;
      if (hours) hours.push(hour);
      else marked[target].set(id, [hour]);
      marks.push({ target, target_id: id, at: hour, bot: 0 });
    }
    if (lines !== '') text.push(Buffer.from(lines));
    await clickhouse.insertText('clicks', CLICK_COLUMNS, text);
    return marks;
  }

  /** The unique counts of every batch written until now, read and written (the recorder's flush and stop). */
  settle(): Promise<void> {
    return this.uniques.settle();
  }
}
