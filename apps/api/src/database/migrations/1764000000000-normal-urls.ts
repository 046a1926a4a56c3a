import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The URL rules as they stood when this migration was written (common/urls.ts of that day), kept
 * here: a migration is frozen, and must rewrite the same rows the same way whatever today's rules.
 */
const UNSAFE_SCHEMES: ReadonlySet<string> = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'filesystem:', 'about:']);
type UrlKind = 'http' | 'app';
const URI_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/;

function toUriForm(href: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:(\/\/[^/?#]*)?/.exec(href)![0];
  const rest = href.slice(authority.length);
  const hash = rest.indexOf('#');
  const encode = (part: string) =>
    [...part]
      .map((character) => (URI_CHARACTER.test(character) ? character : encodeURIComponent(character)))
      .join('')
      .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return authority + (hash === -1 ? encode(rest) : `${encode(rest.slice(0, hash))}#${encode(rest.slice(hash + 1))}`);
}

function normalizeUrl(input: string, kind: UrlKind): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) return null;
  if (kind === 'http' && ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')) return null;
  return toUriForm(url.href);
}

/** Rows are read and rewritten this many at a time, so a large table never sits in memory. */
const BATCH = 500;

/**
 * Postgres regex: what a normal URL never holds (a character outside visible ASCII, one RFC 3986
 * does not allow, a `%` that starts no escape). Rows it matches are normalized in JS; a bracketed
 * IPv6 host matches too and is written back unchanged.
 */
const NOT_NORMAL = `'[^!-~]|[][\\^|{}<>"\\\\\u0060]|%(?![0-9A-Fa-f]{2})'`;
const UNSAFE = `'^[a-zA-Z][a-zA-Z0-9+.-]*:' AND lower(%s) ~ '^(javascript|vbscript|data|file|blob|filesystem|about):'`;

interface Target {
  link: string;
}

/**
 * Normal form for a value stored before URLs were normalized (see common/urls). A value that does
 * not normalize (an app link with a scheme that may not be followed) becomes `""`; one whose
 * normal form no longer fits the column keeps its old form, which the public side normalizes
 * again each time it is served.
 */
function normal(value: string, kind: UrlKind, maxLength = 2000): string {
  if (value === '') return value;
  const result = normalizeUrl(value, kind);
  if (result === null) return '';
  return result.length <= maxLength ? result : value;
}

function normalTargets(targets: Target[]): Target[] {
  return targets.map((target) => ({ ...target, link: normal(target.link, 'http') }));
}

/**
 * Every URL stored before this release is brought to the one normal form the service now stores:
 * host in punycode, path, query and fragment percent-encoded, nothing outside visible ASCII; deep
 * links with a scheme that must not be followed (javascript:, data:, ...) are removed.
 */
export class NormalUrls1764000000000 implements MigrationInterface {
  name = 'NormalUrls1764000000000';

  async up(db: QueryRunner): Promise<void> {
    const unsafe = (column: string) => `(${column} ~ ${UNSAFE.replace('%s', column)})`;
    await this.eachRow(
      db,
      'links',
      ['url', 'meta_image', 'geotarget', 'devicetarget', 'languagetarget', 'deeplink'],
      `url ~ ${NOT_NORMAL} OR meta_image ~ ${NOT_NORMAL}
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(geotarget) t WHERE t->>'link' ~ ${NOT_NORMAL})
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(devicetarget) t WHERE t->>'link' ~ ${NOT_NORMAL})
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(languagetarget) t WHERE t->>'link' ~ ${NOT_NORMAL})
        OR deeplink->>'apple' ~ ${NOT_NORMAL} OR deeplink->>'google' ~ ${NOT_NORMAL}
        OR ${unsafe("(deeplink->>'apple')")} OR ${unsafe("(deeplink->>'google')")}`,
      (row) => {
        const deeplink = row.deeplink as { auto: boolean; apple: string; google: string } | null;
        const link = deeplink && { auto: deeplink.auto, apple: normal(deeplink.apple, 'app'), google: normal(deeplink.google, 'app') };
        return {
          url: normal(row.url as string, 'http') || row.url,
          meta_image: normal(row.meta_image as string, 'http'),
          geotarget: JSON.stringify(normalTargets(row.geotarget as Target[])),
          devicetarget: JSON.stringify(normalTargets(row.devicetarget as Target[])),
          languagetarget: JSON.stringify(normalTargets(row.languagetarget as Target[])),
          deeplink: link && (link.auto || link.apple || link.google) ? JSON.stringify(link) : null,
        };
      },
    );
    await this.eachRow(
      db,
      'domains',
      ['redirect_root', 'redirect_404'],
      `redirect_root ~ ${NOT_NORMAL} OR redirect_404 ~ ${NOT_NORMAL}`,
      (row) => ({
        redirect_root: normal(row.redirect_root as string, 'http'),
        redirect_404: normal(row.redirect_404 as string, 'http'),
      }),
    );
    await this.eachRow(db, 'qr_codes', ['data'], `type = 'link' AND data #>> '{}' ~ ${NOT_NORMAL}`, (row) => ({
      data: JSON.stringify(normal(row.data as string, 'http') || (row.data as string)),
    }));
    await this.eachRow(db, 'overlays', ['link'], `link ~ ${NOT_NORMAL}`, (row) => ({ link: normal(row.link as string, 'http') }));
    await this.eachRow(db, 'splash_pages', ['image'], `image ~ ${NOT_NORMAL}`, (row) => ({ image: normal(row.image as string, 'http') }));
  }

  async down(): Promise<void> {
    // The normal form is a valid form of the same URLs: nothing to undo.
  }

  private async eachRow(
    db: QueryRunner,
    table: string,
    columns: string[],
    where: string,
    rewrite: (row: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    let after = 0;
    for (;;) {
      const rows = (await db.query(
        `SELECT id, ${columns.join(', ')} FROM ${table} WHERE id > $1 AND (${where}) ORDER BY id LIMIT ${BATCH}`,
        [after],
      )) as Record<string, unknown>[];
      for (const row of rows) {
        const values = rewrite(row);
        const names = Object.keys(values);
        await db.query(`UPDATE ${table} SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE id = $1`, [
          row.id,
          ...names.map((name) => values[name]),
        ]);
      }
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.id as number;
    }
  }
}
