import { Body, Controller, Delete, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { CurrentAccount, type Account } from '../../common/account';
import { badRequest } from '../../common/api-error';
import type { Ok, PathParams, QueryParams } from '../../common/contract';
import { listEnvelope, readPage } from '../../common/pagination';
import { ParseIdPipe } from '../../common/parse-id.pipe';
import { PostOk } from '../../common/post-ok.decorator';
import { AddDomainDto, UpdateDomainDto } from './domains.dto';
import { DomainsService } from './domains.service';

@Controller()
export class DomainsController {
  constructor(@Inject(DomainsService) private readonly domains: DomainsService) {}

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
}
