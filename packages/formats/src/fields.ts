import { toLinkyardDateTime } from './dates';
import { splitShortUrl } from './short-url';
import type { ImportRecord, ImportedLink } from './types';

/**
 * Builds one imported link from a source record. Each reader hands it the source's values with the
 * field names the user sees in their file; a value of the wrong type is noted, with that name, and
 * the record becomes an error that lists every such problem. Text is trimmed, and empty text counts
 * as absent: the service validates every value afterwards, so nothing here judges URLs.
 */
export class LinkDraft {
  readonly link: Partial<ImportedLink> = {};
  private readonly problems: string[] = [];

  constructor(readonly line: number) {}

  /** Notes a problem that makes the record unusable. */
  fail(message: string): void {
    this.problems.push(message);
  }

  /** Trimmed text, or undefined for null, absent or blank; anything but text is a problem. */
  text(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      this.fail(`${field} must be text, not ${describe(value)}`);
      return undefined;
    }
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  /** A count of 0 or more, as a JSON number or as digits (CSV cells, PHP's numeric strings). */
  count(value: unknown, field: string): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      if (/^\d{1,15}$/.test(trimmed)) return Number(trimmed);
    }
    this.fail(`${field} must be a whole number of 0 or more`);
    return undefined;
  }

  /**
   * A date-time in Linkyard's form. An expiry that cannot be read is a problem (the link would live
   * on forever); a creation date that cannot be read is only informational, so it is left out.
   */
  dateTime(value: unknown, field: string, unreadable: 'problem' | 'omit'): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' && value.trim() === '') return undefined;
    const converted = typeof value === 'string' || typeof value === 'number' ? toLinkyardDateTime(value) : undefined;
    if (converted === undefined && unreadable === 'problem') this.fail(`${field} is not a date and time that can be read`);
    return converted;
  }

  /**
   * Tags from a JSON list of text (an API's `tags`, Linkyard's `tags` column): see cleanTags. An
   * absent or null list is no tags; anything but a list of text is a problem.
   */
  tagList(value: unknown, field: string): string[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.fail(`${field} must be a list of text, not ${describe(value)}`);
      return undefined;
    }
    const items = value as unknown[];
    const wrong = items.findIndex((item) => typeof item !== 'string');
    if (wrong !== -1) {
      this.fail(`${field}[${wrong}] must be text, not ${describe(items[wrong])}`);
      return undefined;
    }
    return cleanTags(items as string[]);
  }

  /**
   * Sets `alias` and `domain` from a short URL such as `https://s.example.com/abc` or Bitly's
   * `bit.ly/abc` (no scheme). Something that is not a short URL is a problem: the link would be
   * imported under a new alias and every copy of the old one would stop working.
   */
  shortUrl(value: unknown, field: string): void {
    const text = this.text(value, field);
    if (text === undefined) return;
    const parts = splitShortUrl(text);
    if (parts === undefined) {
      this.fail(`${field} is not a short URL`);
      return;
    }
    this.link.domain = parts.domain;
    if (parts.alias !== undefined) this.link.alias = parts.alias;
  }

  /** The finished record: the link, or every problem found, the missing long URL first. */
  finish(longUrlField: string): ImportRecord {
    if (this.link.longurl === undefined) this.problems.unshift(`${longUrlField} is empty: there is no long URL to import`);
    if (this.problems.length > 0) return { line: this.line, error: this.problems.join('; ') };
    return { line: this.line, link: withoutAbsent(this.link) as ImportedLink };
  }
}

/**
 * Tags as an import passes them on: each trimmed, empty ones left out, the rest in the source's
 * order; none at all is absent. Duplicates, case and the service's limits (length, control
 * characters, 20 a link) are the service's to apply.
 */
export function cleanTags(tags: readonly string[]): string[] | undefined {
  const kept = tags.map((tag) => tag.trim()).filter((tag) => tag !== '');
  return kept.length === 0 ? undefined : kept;
}

/** Tags from one CSV cell that joins them with `separator` (Shlink's `|`, Dub's `, `). */
export function splitTags(cell: string | undefined, separator: string): string[] | undefined {
  return cell === undefined ? undefined : cleanTags(cell.split(separator));
}

/** A copy without the keys whose value is undefined, so records compare and serialize cleanly. */
function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** How a value's type is named in a message: its kind, never its (possibly hostile, huge) content. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true/false';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
