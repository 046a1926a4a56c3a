import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import { shortUrl } from '../../common/public-urls';
import type { LinkEntity } from './link.entity';

type LinkRecord = Ok<'listUrls'>['data']['urls'][number];
type LinkDetails = Ok<'getUrl'>['details'];

/** The `type` field as clients write it: direct, frame, a splash id, or overlay-<id>. */
export function typeField(link: LinkEntity): string {
  if (link.type === 'splash') return String(link.splashId);
  if (link.type === 'overlay') return `overlay-${link.overlayId}`;
  return link.type;
}

export function toLinkRecord(link: LinkEntity, publicUrl: string): LinkRecord {
  return {
    id: link.id,
    alias: link.alias,
    shorturl: shortUrl(publicUrl, link.alias, link.domain),
    longurl: link.url,
    clicks: link.clicks,
    title: link.title,
    description: link.description,
    date: formatDateTime(link.createdAt),
  };
}

export function toLinkDetails(link: LinkEntity, channelIds: number[], publicUrl: string): LinkDetails {
  return {
    ...toLinkRecord(link, publicUrl),
    metadescription: link.metaDescription,
    metaimage: link.metaImage,
    domain: link.domain?.domain ?? null,
    status: link.status,
    type: typeField(link),
    password: link.passwordHash !== null,
    expiry: formatNullableDateTime(link.expiresAt),
    pixels: (link.pixels ?? []).map((pixel) => pixel.id).sort((a, b) => a - b),
    campaign: link.campaignId,
    channels: channelIds,
    geotarget: link.geotarget.map(({ location, link: url }) => ({ location, link: url })),
    devicetarget: link.devicetarget,
    languagetarget: link.languagetarget,
    deeplink: link.deeplink,
    parameters: link.parameters,
    uniqueClicks: link.uniqueClicks,
  };
}
