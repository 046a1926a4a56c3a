import { Inject, Injectable } from '@nestjs/common';
import { shortUrl } from '../common/public-urls';
import type { Config } from '../config/config';
import { CONFIG } from '../config/config.provider';
import { CampaignsRepository } from '../modules/campaigns/campaigns.repository';
import { DomainsRepository } from '../modules/domains/domains.repository';
import type { DeepLink, DeviceTarget, GeoTarget, LanguageTarget, LinkParameter, LinkVariant } from '../modules/links/link.entity';
import { variantLetter } from '../modules/links/targets';
import type { LinkEntity } from '../modules/links/link.entity';
import { LinksRepository } from '../modules/links/links.repository';
import { overlayContent, type OverlayContent } from '../modules/overlays/overlay-content';
import type { QrEntity } from '../modules/qr/qr.entity';
import { QrRepository } from '../modules/qr/qr.repository';
import { BioRepository } from '../modules/bio/bio.repository';
import type { SplashEntity } from '../modules/splash/splash.entity';
import { SplashRepository } from '../modules/splash/splash.repository';
import { OverlaysRepository } from '../modules/overlays/overlays.repository';
import { RedirectCache } from './redirect-cache';
import { ClickLimits } from '../modules/clicks/click-limits';
import { Clock } from '../common/clock';
import type { Visit } from '../modules/clicks/visitor';
import { mediaFile } from '../modules/bio/bio-media';
import { renderBioPage, type BlockView, type RenderedBioPage } from '../modules/bio/bio-render';

/** A branded domain as the public routes need it. */
export interface ServedDomain {
  id: number;
  origin: string;
  redirectRoot: string;
  redirect404: string;
  /** The owner: what the redirect cache drops when that account writes. */
  userId: number;
}

/** Everything a redirect needs about a link, loaded once and cached. */
export interface ServedLink {
  id: number;
  userId: number;
  alias: string;
  url: string;
  title: string;
  metaDescription: string;
  metaImage: string;
  type: LinkEntity['type'];
  expiresAt: number | null;
  /** Before this (ms since the epoch) the link answers like an expired one. */
  startsAt: number | null;
  /** People's clicks after which it answers like an expired one (ClickLimits), and its clicks when loaded. */
  clickLimit: number | null;
  clicks: number;
  passwordHash: string | null;
  geotarget: GeoTarget[];
  devicetarget: DeviceTarget[];
  languagetarget: LanguageTarget[];
  /** An A/B split's destinations (the first is `url`); empty: none. */
  variants: LinkVariant[];
  deeplink: DeepLink | null;
  parameters: LinkParameter[];
  pixels: { type: string; tag: string }[];
  splash: Pick<SplashEntity, 'title' | 'text' | 'image' | 'delay'> | null;
  overlay: OverlayContent | null;
}

/** A public bio page as its routes need it, loaded, rendered and cached once. */
export interface ServedBioPage {
  id: number;
  /** The owner: what the redirect cache drops when that account writes. */
  userId: number;
  page: RenderedBioPage;
  /** Where the buttons go, by block id: a link button's URL, or a social block's URLs in order. */
  targets: Record<string, string[]>;
  /** The images the page shows, by file name: their ids. */
  media: Record<string, number>;
}

/** An image of a bio page, as served. */
export interface ServedBioImage {
  userId: number;
  type: string;
  data: Buffer;
}

/** Adds the link's parameters to an http(s) destination's query string. */
export function withParameters(destination: string, parameters: LinkParameter[]): string {
  if (parameters.length === 0) return destination;
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return destination;
  for (const { name, value } of parameters) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Which variant of an A/B split a visitor gets: a point in 0-99 from a hash of the link and the
 * visitor key, which the weights share out in order. The visitor key is the same for the same
 * address and browser, so a returning visitor gets the same variant without a cookie, and each
 * link splits its visitors independently of the others.
 */
export function variantIndex(variants: readonly LinkVariant[], linkId: number, visitor: string): number {
  // FNV-1a over "<link>:<visitor>", then murmur3's finaliser so every bit of it reaches the low ones.
  const key = `${linkId}:${visitor}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  const point = ((hash ^ (hash >>> 16)) >>> 0) % 100;
  let end = 0;
  for (let index = 0; index < variants.length; index++) {
    end += variants[index]!.weight;
    if (point < end) return index;
  }
  return variants.length - 1;
}

/** Where a visit goes, and the letter of the A/B split's variant it went to (null: none did). */
export interface Route {
  destination: string;
  variant: string | null;
}

/**
 * Where a visit goes, in the documented order: a country target, then a device target, then a
 * language target (the first that matches); on iOS or Android with `deeplink.auto`, the app link
 * when no target matched; else the A/B split's variant for this visitor, or the link's URL. The
 * link's parameters are added last.
 */
export function routeFor(link: ServedLink, visit: Pick<Visit, 'country' | 'targetDevice' | 'languages' | 'visitor'>): Route {
  let destination =
    (visit.country && link.geotarget.find((target) => target.country === visit.country)?.link) ||
    (visit.targetDevice && link.devicetarget.find((target) => target.device === visit.targetDevice)?.link) ||
    link.languagetarget.find((target) => visit.languages.includes(target.language))?.link ||
    null;
  if (!destination && link.deeplink?.auto) {
    if ((visit.targetDevice === 'iPhone' || visit.targetDevice === 'iPad') && link.deeplink.apple) destination = link.deeplink.apple;
    if (visit.targetDevice === 'Android' && link.deeplink.google) destination = link.deeplink.google;
  }
  if (destination || link.variants.length === 0)
    return { destination: withParameters(destination ?? link.url, link.parameters), variant: null };
  const index = variantIndex(link.variants, link.id, visit.visitor);
  return { destination: withParameters(link.variants[index]!.url, link.parameters), variant: variantLetter(index) };
}

/** What a lookup key can be at all; anything else is "not found" without a lookup. */
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/;
const LINK_ALIAS = /^[A-Za-z0-9_-]{1,50}$/;
const QR_ALIAS = /^[A-Za-z0-9]{1,20}$/;
const SLUG = /^[a-z0-9-]{1,50}$/;

@Injectable()
export class RedirectsService {
  private readonly rotations = new Map<number, number>();

  constructor(
    @Inject(RedirectCache) private readonly cache: RedirectCache,
    @Inject(CONFIG) readonly config: Config,
    @Inject(DomainsRepository) private readonly domains: DomainsRepository,
    @Inject(LinksRepository) private readonly links: LinksRepository,
    @Inject(SplashRepository) private readonly splashPages: SplashRepository,
    @Inject(OverlaysRepository) private readonly overlays: OverlaysRepository,
    @Inject(CampaignsRepository) private readonly campaigns: CampaignsRepository,
    @Inject(QrRepository) private readonly qrs: QrRepository,
    @Inject(BioRepository) private readonly bioPages: BioRepository,
    @Inject(ClickLimits) private readonly limits: ClickLimits,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Whether a visit may follow the link now, or why not: its expiry passed, its start date is to
   * come, or its people's clicks reached its limit (checked last: a person passing it is counted).
   */
  admit(link: ServedLink, bot: boolean): 'open' | 'expired' | 'early' {
    const dates = this.dates(link);
    if (dates !== 'open') return dates;
    return this.limits.take(link, bot) ? 'open' : 'expired';
  }

  /** Whether the link is within its dates now (its click limit not looked at): what the password form checks first. */
  dates(link: ServedLink): 'open' | 'expired' | 'early' {
    const now = this.clock.now();
    if (link.expiresAt !== null && link.expiresAt <= now) return 'expired';
    if (link.startsAt !== null && link.startsAt > now) return 'early';
    return 'open';
  }

  /** The branded domain answering to this host; null for the service's own address (any other host). */
  domain(host: string): Promise<ServedDomain | null> {
    // A Host that cannot be a domain name (too long, odd characters) is no branded domain: it is
    // answered without a lookup and never takes room in the cache.
    if (!HOST.test(host)) return Promise.resolve(null);
    return this.cache.get(`host:${host}`, async () => {
      const domain = await this.domains.byHost(host);
      return domain
        ? {
            id: domain.id,
            userId: domain.userId,
            origin: domain.domain,
            redirectRoot: domain.redirectRoot,
            redirect404: domain.redirect404,
          }
        : null;
    });
  }

  /** The branded domain of this host as `domain` answers it, if that answer is in memory; else undefined. */
  cachedDomain(host: string): ServedDomain | null | undefined {
    return HOST.test(host) ? this.cache.peek<ServedDomain | null>(`host:${host}`) : null;
  }

  /** The link as `link` answers it, if that answer is in memory; else undefined. */
  cachedLink(domain: ServedDomain | null, alias: string): ServedLink | null | undefined {
    return LINK_ALIAS.test(alias) ? this.cache.peek<ServedLink | null>(`link:${domain?.id ?? 0}:${alias}`) : null;
  }

  link(domain: ServedDomain | null, alias: string): Promise<ServedLink | null> {
    if (!LINK_ALIAS.test(alias)) return Promise.resolve(null);
    return this.cache.get(`link:${domain?.id ?? 0}:${alias}`, async () => {
      const link = await this.links.forRedirect(domain?.id ?? null, alias);
      if (!link) return null;
      const splash = link.splashId ? await this.splashPages.byId(link.splashId) : null;
      const overlay = link.overlayId ? await this.overlays.byId(link.overlayId) : null;
      return {
        id: link.id,
        userId: link.userId,
        alias: link.alias,
        url: link.url,
        title: link.title,
        metaDescription: link.metaDescription,
        metaImage: link.metaImage,
        type: link.type,
        expiresAt: link.expiresAt?.getTime() ?? null,
        startsAt: link.startsAt?.getTime() ?? null,
        clickLimit: link.clickLimit,
        clicks: link.clicks,
        passwordHash: link.passwordHash,
        geotarget: link.geotarget,
        devicetarget: link.devicetarget,
        languagetarget: link.languagetarget,
        variants: link.variants,
        deeplink: link.deeplink,
        parameters: link.parameters,
        pixels: (link.pixels ?? []).map((pixel) => ({ type: pixel.type, tag: pixel.tag })),
        splash: splash && { title: splash.title, text: splash.text, image: splash.image, delay: splash.delay },
        overlay: overlay && overlayContent(overlay),
      };
    });
  }

  /**
   * The public bio page at this alias on this domain, rendered; null when there is none or it is
   * private. Read in four short statements on a miss, then served from the cache.
   */
  bio(domain: ServedDomain | null, alias: string): Promise<ServedBioPage | null> {
    if (!LINK_ALIAS.test(alias)) return Promise.resolve(null);
    return this.cache.get(`bio:${domain?.id ?? 0}:${alias}`, async () => {
      const page = await this.bioPages.publicPage(domain?.id ?? 0, alias);
      if (!page?.public) return null;
      const { blocks, media, pixels } = await this.bioPages.publicContents(page.id);
      const images = new Map(media.map((entry) => [entry.id, { file: mediaFile(entry), width: entry.width, height: entry.height }]));
      const targets: Record<string, string[]> = {};
      const views: BlockView[] = [];
      for (const block of blocks) {
        const data = block.data;
        if (data.type === 'link') targets[block.id] = [data.url];
        if (data.type === 'social') targets[block.id] = data.links.map((link) => link.url);
        if (data.type === 'image') {
          const image = block.image_id === null ? undefined : images.get(block.image_id);
          if (image) views.push({ type: 'image', alt: data.alt, ...image });
        } else if (data.type === 'link') views.push({ type: 'link', id: block.id, title: data.title, icon: data.icon });
        else if (data.type === 'social') views.push({ type: 'social', id: block.id, networks: data.links.map((link) => link.network) });
        else if (data.type === 'embed') views.push({ type: 'embed', embed: { provider: data.provider, ref: data.ref } });
        else views.push(data);
      }
      const url = shortUrl(this.config.publicUrl, page.alias, domain ? { domain: domain.origin } : null);
      const heading = page.title || page.name;
      return {
        id: page.id,
        userId: page.user_id,
        page: renderBioPage({
          alias: page.alias,
          url,
          language: page.language,
          heading,
          description: page.description,
          documentTitle: page.seo_title || heading,
          previewDescription: page.seo_description || page.description,
          avatar: (page.avatar_id !== null && images.get(page.avatar_id)) || null,
          preview: (page.seo_image_id !== null && images.get(page.seo_image_id)) || null,
          theme: page.theme,
          blocks: views,
          pixels,
        }),
        targets,
        media: Object.fromEntries(media.map((entry) => [mediaFile(entry), entry.id])),
      };
    });
  }

  /** An image of a bio page, by its id; null when the page has no such image. */
  bioImage(page: ServedBioPage, id: number): Promise<ServedBioImage | null> {
    return this.cache.get(`bio-image:${id}`, async () => {
      const image = await this.bioPages.image(id, page.id);
      return image ? { userId: page.userId, type: image.type, data: image.data } : null;
    });
  }

  /** A QR code by the alias of its public URL, with what rendering and scanning need. */
  qr(alias: string): Promise<QrEntity | null> {
    if (!QR_ALIAS.test(alias)) return Promise.resolve(null);
    return this.cache.get(`qr:${alias}`, () => this.qrs.byAlias(alias));
  }

  /** The short URL of the campaign's next link, taking the links in turn; null if none. */
  async rotate(slug: string): Promise<string | null> {
    if (!SLUG.test(slug)) return null;
    const urls = await this.cache.get(`rotator:${slug}`, async () => {
      const campaign = await this.campaigns.bySlug(slug);
      return campaign
        ? this.campaignLinks(campaign.id, 'all').then((links) => ({
            id: campaign.id,
            userId: campaign.userId,
            urls: links.map((link) => link.url),
          }))
        : null;
    });
    if (!urls || urls.urls.length === 0) return null;
    const turn = this.rotations.get(urls.id) ?? 0;
    this.rotations.set(urls.id, (turn + 1) % urls.urls.length);
    return urls.urls[turn % urls.urls.length]!;
  }

  /** A public campaign with its links; null when it is unknown or not public. */
  publicCampaign(id: number): Promise<{ name: string; userId: number; links: { title: string; url: string }[] } | null> {
    return this.cache.get(`campaign:${id}`, async () => {
      const campaign = await this.campaigns.byId(id);
      if (!campaign?.public) return null;
      return { name: campaign.name, userId: campaign.userId, links: await this.campaignLinks(campaign.id, 'listed') };
    });
  }

  /**
   * A campaign's links as its list page shows them (`listed`: the public ones; the page's preview
   * reads them too) or as its rotator takes them in turn (`all`), oldest first.
   */
  async campaignLinks(campaignId: number, which: 'all' | 'listed'): Promise<{ title: string; url: string }[]> {
    const links = await this.links.ofCampaign(campaignId, which);
    return links.map((link) => ({ title: link.title || link.alias, url: shortUrl(this.config.publicUrl, link.alias, link.domain) }));
  }
}
