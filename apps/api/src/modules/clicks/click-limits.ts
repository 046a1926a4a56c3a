import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Click } from './click';
import { ClicksRepository } from './clicks.repository';

/** How often the stored counts of the limited links an instance serves are read again. */
const REFRESH_MS = 1000;
/** A limited link not visited for this long is no longer followed (read again when visited). */
const FORGET_MS = 5 * 60_000;

/** What a click limit needs of a link: its id, its limit, and its people's clicks when it was loaded. */
export interface LimitedLink {
  id: number;
  clickLimit: number | null;
  clicks: number;
}

interface Count {
  /** People's clicks stored (the link's total), as last read, plus the batches written since. */
  stored: number;
  /** People's clicks this instance let through and has not written yet. */
  held: number;
  seen: number;
}

/**
 * The click limits of the links this instance redirects: a link with a limit answers like an
 * expired one once its people's clicks reach it (bots pass and are not counted). Counted in memory
 * so that a limited link's redirect costs no more than another's: the clicks stored (read every
 * second while the link is visited, and grown by the batches this instance writes) plus those this
 * instance let through and holds. One instance is exact; several share the count through the
 * database, so each may let through the clicks the others took in about the last two seconds (a
 * second to write them, a second to read them).
 */
@Injectable()
export class ClickLimits implements OnModuleDestroy {
  private readonly logger = new Logger(ClickLimits.name);
  private readonly counts = new Map<number, Count>();
  private timer: NodeJS.Timeout | null = null;
  private reading = false;

  constructor(
    @Inject(ClicksRepository) private readonly clicks: ClicksRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Whether a visit may follow the link: always when it has no limit; else while its people's
   * clicks are under it, a person's visit then counted at once (two visits at the same time cannot
   * both take the last click).
   */
  take(link: LimitedLink, bot: boolean): boolean {
    if (link.clickLimit === null) return true;
    const now = this.clock.now();
    let count = this.counts.get(link.id);
    if (!count) {
      count = { stored: link.clicks, held: 0, seen: now };
      this.counts.set(link.id, count);
      // The link's clicks as it was loaded may be old: read them now rather than in a second.
      this.start();
      void this.refresh();
    }
    count.seen = now;
    if (count.stored + count.held >= link.clickLimit) return false;
    if (!bot) count.held += 1;
    return true;
  }

  /** A batch was written: its people's clicks of limited links moved from held to stored. */
  written(batch: readonly Click[]): void {
    if (this.counts.size === 0) return;
    for (const click of batch) {
      if (click.bot || click.linkId === null) continue;
      const count = this.counts.get(click.linkId);
      if (!count) continue;
      count.stored += 1;
      if (count.held > 0) count.held -= 1;
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  /** Reads the stored counts of the links visited lately (other instances' clicks among them); forgets the others. */
  private async refresh(): Promise<void> {
    if (this.reading) return;
    const now = this.clock.now();
    for (const [id, count] of this.counts) if (now - count.seen > FORGET_MS) this.counts.delete(id);
    if (this.counts.size === 0) {
      this.onModuleDestroy();
      return;
    }
    this.reading = true;
    try {
      const stored = await this.clicks.linkClicks([...this.counts.keys()]);
      for (const [id, clicks] of stored) {
        const count = this.counts.get(id);
        // A count only grows: a read that began before a batch of ours was written is older than it.
        if (count && clicks > count.stored) count.stored = clicks;
      }
    } catch (error) {
      // The database away: the counts in memory go on (this instance's own clicks still count).
      this.logger.debug(`Click limits not read again: ${(error as Error).message}`);
    } finally {
      this.reading = false;
    }
  }
}
