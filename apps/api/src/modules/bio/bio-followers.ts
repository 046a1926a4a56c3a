import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { shortUrl } from '../../common/public-urls';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { Dependents } from '../../database/dependents';
import { ChannelItemKinds } from '../channels/channel-item-kinds';
import { BioRepository } from './bio.repository';

/**
 * What bio pages tell the modules below them as the service starts: they follow their domain's
 * deletion, in its transaction, to the service's own address (409 when an alias is taken there);
 * and they are items of channels (which is the account's, and how a channel shows one).
 */
@Injectable()
export class BioFollowers implements OnModuleInit {
  constructor(
    @Inject(Dependents) private readonly dependents: Dependents,
    @Inject(ChannelItemKinds) private readonly kinds: ChannelItemKinds,
    @Inject(BioRepository) private readonly pages: BioRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.dependents.follow('domain', (scope, domain) => this.pages.moveToDefaultDomain(scope, domain.account, domain.id, domain.host!));
    this.kinds.register('bio', {
      owned: async (account, id) => ({ bioId: (await this.pages.owned(account, id)).id }),
      views: async (ids) =>
        new Map(
          (await this.pages.withDomains(ids)).map((page) => {
            const url = shortUrl(this.config.publicUrl, page.alias, page.domain);
            return [page.id, { id: page.id, title: page.name, preview: url, link: url }];
          }),
        ),
    });
  }
}
