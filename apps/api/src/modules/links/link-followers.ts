import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Config } from '../../config/config';
import { CONFIG } from '../../config/config.provider';
import { shortUrl } from '../../common/public-urls';
import { Dependents } from '../../database/dependents';
import { ChannelItemKinds } from '../channels/channel-item-kinds';
import { WebhookEvents } from '../webhooks/webhook-events.repository';
import { toLinkRecord } from './links.mapper';
import { LinksRepository } from './links.repository';

/**
 * What links tell the modules below them as the service starts. They follow the deletion of a
 * record they name, in its transaction: an overlay's or a splash page's links become plain
 * redirects; a domain's move to the service's own address (409 when an alias is taken there), and
 * each moved link's new short URL is a `link.updated` event. And they are items of channels:
 * which link is the account's, and how a channel shows one.
 */
@Injectable()
export class LinkFollowers implements OnModuleInit {
  constructor(
    @Inject(Dependents) private readonly dependents: Dependents,
    @Inject(ChannelItemKinds) private readonly kinds: ChannelItemKinds,
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(WebhookEvents) private readonly events: WebhookEvents,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.dependents.follow('overlay', (scope, overlay) => this.links.dropOverlay(scope, overlay.account, overlay.id));
    this.dependents.follow('splash', (scope, splash) => this.links.dropSplash(scope, splash.account, splash.id));
    this.dependents.follow('domain', async (scope, domain) => {
      const moved = await this.links.moveToDefaultDomain(scope, domain.account, domain.id, domain.host!);
      await this.events.record(
        scope,
        domain.account.id,
        'link.updated',
        moved.map((link) => toLinkRecord(link, this.config.publicUrl)),
      );
    });
    this.kinds.register('links', {
      owned: async (account, id) => ({ linkId: (await this.links.owned(account, id)).id }),
      views: async (ids) =>
        new Map(
          (await this.links.withDomains(ids)).map((link) => {
            const url = shortUrl(this.config.publicUrl, link.alias, link.domain);
            return [link.id, { id: link.id, title: link.title || link.alias, preview: link.url, link: url }];
          }),
        ),
    });
  }
}
