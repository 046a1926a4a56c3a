import { Body, Controller, Delete, Get, Header, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { Clock } from '../../common/clock';
import { JSON_TYPE } from '../../common/reply';
import { ClickSeriesService } from '../clicks/click-series';
import { readSeriesRequest } from '../clicks/series-request';
import { AddDomainDto, UpdateDomainDto } from './domains.dto';
import { DomainsService } from './domains.service';
import { toDomain } from './domains.mapper';

@Controller()
export class DomainsController {
  constructor(
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(ClickSeriesService) private readonly series: ClickSeriesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('domains')
  async listDomains(@CurrentAccount() account: Account, @Query() query: QueryParams<'listDomains'>): Promise<Ok<'listDomains'>> {
    const page = readPage(query);
    const [domains, total] = await this.domains.list(account, page);
    return listEnvelope('domains', domains, total, page);
  }

  @Get('domain/verification')
  async getDomainVerification(
    @CurrentAccount() account: Account,
    @Query() query: QueryParams<'getDomainVerification'>,
  ): Promise<Ok<'getDomainVerification'>> {
    const domain = typeof query.domain === 'string' ? query.domain.trim() : '';
    if (domain === '')
      throw badRequest('The query parameter domain is required: the domain as you will add it, e.g. https://go.example.com.');
    return { error: 0, ...(await this.domains.dnsStatus(account, domain)) };
  }

  @PostOk('domain/add')
  async addDomain(@CurrentAccount() account: Account, @Body() body: AddDomainDto): Promise<Ok<'addDomain'>> {
    const domain = await this.domains.add(account, body);
    return { error: 0, id: domain.id };
  }

  @Put('domain/:id/update')
  async updateDomain(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'updateDomain'>['id'],
    @Body() body: UpdateDomainDto,
  ): Promise<Ok<'updateDomain'>> {
    await this.domains.update(account, id, body);
    return { error: 0, message: 'Domain updated.' };
  }

  @Delete('domain/:id/delete')
  async deleteDomain(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'deleteDomain'>['id'],
  ): Promise<Ok<'deleteDomain'>> {
    await this.domains.delete(account, id);
    return { error: 0, message: 'Domain deleted.' };
  }

  @Get('domain/:id')
  async getDomain(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getDomain'>['id'],
  ): Promise<Ok<'getDomain'>> {
    return { error: 0, data: toDomain(await this.domains.get(account, id)) };
  }

  @Get('domain/:id/orphans')
  @Header('Content-Type', JSON_TYPE)
  async getDomainOrphanStats(
    @CurrentAccount() account: Account,
    @Param('id', ParseIdPipe) id: PathParams<'getDomainOrphanStats'>['id'],
    @Query() query: QueryParams<'getDomainOrphanStats'>,
  ): Promise<Buffer> {
    const request = readSeriesRequest(query, this.clock, true);
    const domain = await this.domains.get(account, id);
    return this.series.answer({ domain: domain.id }, request);
  }
}
