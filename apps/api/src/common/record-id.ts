/** The largest id a record can have (the integer columns' range). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id written as text (a path parameter, a header, a query): the id, or null for anything else. */
export function parseRecordId(text: string): number | null {
  return /^[1-9]\d{0,9}$/.test(text) && isRecordId(Number(text)) ? Number(text) : null;
}

/** Whether a number can be a record's id: a whole number from 1 to MAX_RECORD_ID. */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID;
}
