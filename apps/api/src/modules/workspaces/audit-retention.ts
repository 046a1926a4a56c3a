import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { WorkspacesRepository } from './workspaces.repository';

const RUN_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Forgets the audit log's entries older than AUDIT_RETENTION_DAYS: at start, then every hour. */
@Injectable()
export class AuditRetention implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuditRetention.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const run = () =>
      void this.run().catch((error: unknown) => this.logger.warn(`Audit log housekeeping failed: ${(error as Error).message}`));
    this.timer = setInterval(run, RUN_EVERY_MS);
    this.timer.unref();
    setImmediate(() => {
      if (this.timer) run();
    });
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass: how many entries went. */
  run(): Promise<number> {
    return this.workspaces.prune(new Date(this.clock.now() - this.config.auditRetentionDays * DAY_MS));
  }
}
