import { Module } from '@nestjs/common';
import { ClickRecorder } from './click-recorder';
import { StatisticsService } from './statistics.service';

/** Clicks and scans: recorded in batches as they land, and read back as the spec's statistics. */
@Module({
  providers: [ClickRecorder, StatisticsService],
  exports: [ClickRecorder, StatisticsService],
})
export class ClicksModule {}
