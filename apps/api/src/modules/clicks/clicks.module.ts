import { ClickExport } from './click-export';
import { Module } from '@nestjs/common';
import { ClickReadsRepository } from './click-reads.repository';
import { ClickRecorder } from './click-recorder';
import { ClickRetention } from './click-retention';
import { ClickSeriesService } from './click-series';
import { ClicksController } from './clicks.controller';
import { LiveClicks } from './live-clicks';
import { StatisticsService } from './statistics.service';

/**
 * Clicks and scans: recorded in batches as they land, rolled up per hour, read back as the spec's
 * statistics and as series over time, and kept as long as CLICK_RETENTION_DAYS says.
 */
@Module({
  controllers: [ClicksController],
  providers: [ClickReadsRepository, ClickRecorder, StatisticsService, ClickSeriesService, ClickRetention, ClickExport, LiveClicks],
  exports: [ClickRecorder, StatisticsService, ClickSeriesService, ClickExport, LiveClicks],
})
export class ClicksModule {}
