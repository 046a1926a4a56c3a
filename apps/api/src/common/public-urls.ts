/**
 * The public addresses of links, QR codes and campaigns, built here only: the API answers them and
 * the public routes are registered on the same paths.
 */
export const PUBLIC_PATHS = {
  /** A campaign's rotator: each visit goes to one of its links. */
  rotator: '/r',
  /** A campaign's public list of links. */
  campaignList: '/c',
  /** A QR code's image. */
  qrImage: '/qr',
  /** What a dynamic QR code encodes: the scan is counted, then the visitor goes on. */
  qrScan: '/u',
} as const;

/** A short link: on its branded domain when it has one, else on PUBLIC_URL. */
export function shortUrl(publicUrl: string, alias: string, domain?: { domain: string } | null): string {
  return `${domain?.domain ?? publicUrl}/${alias}`;
}

export function qrUrl(publicUrl: string, alias: string): string {
  return `${publicUrl}${PUBLIC_PATHS.qrImage}/${alias}`;
}

export function qrScanUrl(publicUrl: string, alias: string): string {
  return `${publicUrl}${PUBLIC_PATHS.qrScan}/${alias}`;
}

export function rotatorUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}${PUBLIC_PATHS.rotator}/${slug}`;
}

export function campaignListUrl(publicUrl: string, id: number): string {
  return `${publicUrl}${PUBLIC_PATHS.campaignList}/${id}`;
}
