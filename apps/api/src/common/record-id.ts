/** The largest id a record can have (the integer columns' range). */
export const MAX_RECORD_ID = 2_147_483_647;

/** Whether a number can be a record's id: a whole number from 1 to MAX_RECORD_ID. */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID;
}
