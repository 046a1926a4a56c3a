import type { EntityManager } from 'typeorm';
import type { Account } from '../../common/account';
import { ApiError, onField } from '../../common/api-error';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { ChannelsService } from '../channels/channels.service';
import type { DomainsService } from '../domains/domains.service';
import type { OverlaysService } from '../overlays/overlays.service';
import type { PixelsService } from '../pixels/pixels.service';
import type { SplashService } from '../splash/splash.service';

export interface LinkLookupServices {
  campaigns: CampaignsService;
  channels: ChannelsService;
  domains: DomainsService;
  overlays: OverlaysService;
  pixels: PixelsService;
  splashPages: SplashService;
}

/**
 * The account's records a link names (its domain, campaign, channel, pixels, splash page or
 * overlay), each read once per call: the thousand items of a bulk call often name the same few.
 * A refusal comes back as the error of the field that named the record.
 */
export class LinkLookups {
  private readonly found = new Map<string, Promise<unknown>>();

  constructor(
    private readonly services: LinkLookupServices,
    private readonly account: Account,
    private readonly manager: EntityManager,
  ) {}

  domain(value: string) {
    return this.once('domain', value, () => this.services.domains.forLink(this.account, value, this.manager));
  }

  campaign(id: number) {
    return this.once('campaign', String(id), () => this.services.campaigns.get(this.account, id, this.manager));
  }

  channel(id: number) {
    return this.once('channel', String(id), () => this.services.channels.get(this.account, id, this.manager));
  }

  pixels(ids: number[]) {
    return this.once('pixels', ids.join(','), () => this.services.pixels.owned(this.account, ids, this.manager));
  }

  splashPage(id: number) {
    return this.once('type', `splash-${id}`, () => this.services.splashPages.get(this.account, id, this.manager));
  }

  overlay(id: number) {
    return this.once('type', `overlay-${id}`, () => this.services.overlays.get(this.account, id, this.manager));
  }

  private once<T>(field: string, key: string, load: () => Promise<T>): Promise<T> {
    const name = `${field}:${key}`;
    let found = this.found.get(name) as Promise<T> | undefined;
    if (!found) {
      found = load().catch((error: unknown) => {
        throw error instanceof ApiError ? onField(error, field) : error;
      });
      this.found.set(name, found);
    }
    return found;
  }
}
