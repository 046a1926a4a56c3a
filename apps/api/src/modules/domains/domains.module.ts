import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { DomainLists } from './domain-lists';
import { DomainsController } from './domains.controller';
import { DomainsService } from './domains.service';

@Module({
  imports: [ClicksModule],
  controllers: [DomainsController],
  providers: [DomainsService, DomainLists],
  exports: [DomainsService],
})
export class DomainsModule {}
