import { Module } from '@nestjs/common';
import { DomainLists } from './domain-lists';
import { DomainsController } from './domains.controller';
import { DomainsService } from './domains.service';

@Module({
  controllers: [DomainsController],
  providers: [DomainsService, DomainLists],
  exports: [DomainsService],
})
export class DomainsModule {}
