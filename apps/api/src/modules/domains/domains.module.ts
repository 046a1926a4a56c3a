import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HOST_RESOLVER, systemResolver } from './dns-check';
import { DomainEntity } from './domain.entity';
import { DomainsController } from './domains.controller';
import { DomainsService } from './domains.service';

@Module({
  imports: [TypeOrmModule.forFeature([DomainEntity])],
  controllers: [DomainsController],
  providers: [DomainsService, { provide: HOST_RESOLVER, useValue: systemResolver }],
  exports: [DomainsService],
})
export class DomainsModule {}
