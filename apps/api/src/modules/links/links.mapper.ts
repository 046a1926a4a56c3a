import type { Ok } from '../../common/contract';
import { formatDateTime, formatNullableDateTime } from '../../common/dates';
import { shortUrl } from '../../common/public-urls';
import type { LinkEntity } from './link.entity';

export type LinkRecord = Ok<'listUrls'>['data']['urls'][number];
export type LinkDetails = Ok<'getUrl'>['details'];

/** The `type` field as clients write it: direct, frame, a splash id, or overlay-<id>. */
export function typeField(link: LinkEntity): string {
  if (link.type === 'splash') return String(link.splashId);
  if (link.type === 'overlay') return `overlay-${link.overlayId}`;
  return link.type;
}

/** The fields of a link its record shows, but its date. */
type LinkRecordFields = Pick<LinkEntity, 'id' | 'alias' | 'url' | 'clicks' | 'title' | 'description' | 'tags'> & {
  domain?: { domain: string } | null;
};

/** A listed link's columns, of links `l` and their domains `d`: the date written by the database as the API writes dates. */
export const LISTED_COLUMNS = `l."id", l."alias", l."url", l."clicks", l."title", l."description", l."tags", l."archived_at" IS NOT NULL AS "archived",
  d."domain", to_char(l."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "date"`;

/** A row of LISTED_COLUMNS. */
export interface ListedRow {
  id: number;
  alias: string;
  url: string;
  clicks: string;
  title: string;
  description: string;
  tags: string[];
  archived: boolean;
  /** The date as formatDateTime writes it (`YYYY-MM-DD HH:MM:SS`, UTC), written by the database. */
  date: string;
  domain: string | null;
}

/** A listed link of a row of LISTED_COLUMNS. */
export function listedLink(row: ListedRow): LinkListed {
  return {
    id: row.id,
    alias: row.alias,
    url: row.url,
    clicks: Number(row.clicks),
    title: row.title,
    description: row.description,
    tags: row.tags,
    archived: row.archived,
    date: row.date,
    domain: row.domain === null ? null : { domain: row.domain },
  };
}

/** A link as a list reads it: the fields its record shows, its date already written (formatDateTime's form). */
export type LinkListed = LinkRecordFields & { date: string; archived: boolean };

function linkRecord(link: LinkRecordFields, date: string, archived: boolean, publicUrl: string): LinkRecord {
  return {
    id: link.id,
    alias: link.alias,
    shorturl: shortUrl(publicUrl, link.alias, link.domain),
    longurl: link.url,
    clicks: link.clicks,
    title: link.title,
    description: link.description,
    tags: link.tags,
    archived,
    date,
  };
}

export function toLinkRecord(link: LinkEntity, publicUrl: string): LinkRecord {
  return linkRecord(link, formatDateTime(link.createdAt), (link.archivedAt ?? null) !== null, publicUrl);
}

export function toListedRecord(link: LinkListed, publicUrl: string): LinkRecord {
  return linkRecord(link, link.date, link.archived, publicUrl);
}

/**
 * A new link's `link.created` event, for the statement that writes the link and its event at
 * once (LinksRepository.insert): the JSON of toLinkRecord without its id and its date, and the
 * date when the link brings one (an import's). `{"id":ID,MIDDLE,"date":"DATE"}` with the id and
 * date the row gets is JSON.stringify(toLinkRecord(link)) of the written link.
 */
export function newLinkRecordJson(link: LinkEntity, publicUrl: string): { middle: string; date: string | null } {
  // A new link's fields it was not given are the table's defaults, as GET /urls lists them.
  const {
    id: _id,
    date: _date,
    ...middle
  } = toLinkRecord(
    {
      ...link,
      id: 0,
      clicks: link.clicks ?? 0,
      title: link.title ?? '',
      description: link.description ?? '',
      tags: link.tags ?? [],
      createdAt: link.createdAt ?? new Date(0),
    },
    publicUrl,
  );
  return { middle: JSON.stringify(middle).slice(1, -1), date: link.createdAt ? formatDateTime(link.createdAt) : null };
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
    startdate: formatNullableDateTime(link.startsAt ?? null),
    clicklimit: link.clickLimit ?? null,
    variants: (link.variants ?? []).map(({ url, weight }) => ({ url, weight })),
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
