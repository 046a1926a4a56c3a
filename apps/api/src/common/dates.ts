const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DD HH:MM:SS` in UTC, the date-time format of the whole API. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function formatNullableDateTime(date: Date | null | undefined): string | null {
  return date ? formatDateTime(date) : null;
}

/** `YYYY-MM-DD` in UTC. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Reads `YYYY-MM-DD HH:MM:SS` (UTC); null when the text is not a real date-time in that form. */
export function parseDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
  // Date.UTC rolls 2025-02-30 over to March; a real date reads back the same.
  return formatDateTime(date) === text ? date : null;
}

/** For optional date-time fields already validated by @IsDateTime: absent means null. */
export function parseOptionalDateTime(text: string | undefined): Date | null {
  return text ? parseDateTime(text) : null;
}
