import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { ClicksModule } from '../clicks/clicks.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [CampaignsModule, ClicksModule],
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
