import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BioReferencesModule } from '../bio/bio-references';
import { LinkReferencesModule } from '../links/link-references';
import { DomainEntity } from './domain.entity';
import { DomainsController } from './domains.controller';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';

@Module({
  imports: [LinkReferencesModule, BioReferencesModule, TypeOrmModule.forFeature([DomainEntity])],
  controllers: [DomainsController],
  providers: [DomainsService, DomainsRepository],
  exports: [DomainsService, DomainsRepository],
})
export class DomainsModule {}
