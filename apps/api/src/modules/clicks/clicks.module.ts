import { Module } from '@nestjs/common';
import { ClickExport } from './click-export';
import { ClickCopyRepository } from './click-copy.repository';
import { ClickReadsRepository } from './click-reads.repository';
import { CLICK_STATS_READS, type ClickStatsReads } from './click-stats-reads';
import { CLICKHOUSE, type ClickHouse } from './clickhouse/clickhouse';
import { ClickHouseReads } from './clickhouse/clickhouse-reads';
import { ClickHouseVisitorsCopy } from './clickhouse/clickhouse-visitors';
import { UniqueCounts } from './clickhouse/unique-counts';
import { HourCounts } from './clickhouse/hour-counts';
import { CLICK_BATCH_WRITER, ClickRecorder } from './click-recorder';
import { ClickRetention } from './click-retention';
import { ClickSeriesService } from './click-series';
import { ClickWriter } from './click-writer';
import { ClicksController } from './clicks.controller';
import { ClicksRepository } from './clicks.repository';
import { LiveClicks } from './live-clicks';
import { ClickLimits } from './click-limits';
import { StatisticsService } from './statistics.service';
import { VisitorSalt } from './visitor-salt';

/**
 * Clicks and scans: recorded in batches as they land, rolled up per hour, read back as the spec's
 * statistics and as series over time, and kept as long as CLICK_RETENTION_DAYS says.
 */
@Module({
  controllers: [ClicksController],
  providers: [
    ClicksRepository,
    ClickReadsRepository,
    ClickCopyRepository,
    ClickHouseVisitorsCopy,
    {
      provide: CLICK_STATS_READS,
      useFactory: (clickhouse: ClickHouse | null, pg: ClickReadsRepository): ClickStatsReads =>
        clickhouse ? new ClickHouseReads(clickhouse, pg) : pg,
      inject: [CLICKHOUSE, ClickReadsRepository],
    },
    UniqueCounts,
    HourCounts,
    ClickWriter,
    { provide: CLICK_BATCH_WRITER, useExisting: ClickWriter },
    ClickRecorder,
    VisitorSalt,
    StatisticsService,
    ClickSeriesService,
    ClickRetention,
    ClickExport,
    LiveClicks,
    ClickLimits,
  ],
  exports: [ClickLimits, ClickRecorder, VisitorSalt, StatisticsService, ClickSeriesService, ClickExport, LiveClicks],
})
export class ClicksModule {}
