/** Public addresses of links and QR codes, built from PUBLIC_URL or the link's branded domain. */
export function shortUrl(publicUrl: string, alias: string, domain?: { domain: string } | null): string {
  return `${domain?.domain ?? publicUrl}/${alias}`;
}

export function qrUrl(publicUrl: string, alias: string): string {
  return `${publicUrl}/qr/${alias}`;
}
