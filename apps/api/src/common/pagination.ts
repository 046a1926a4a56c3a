/** The list rules of openapi.yaml ("Lists"), shared by every list endpoint. */
export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 100;

export interface PageRequest {
  limit: number;
  page: number;
  offset: number;
}

function positiveInteger(value: unknown): number | null {
  const text: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  if (!/^\s*\d+\s*$/.test(String(text))) return null;
  // A page number beyond what can be counted is simply past the last page.
  const number = Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  return number >= 1 ? number : null;
}

/** `limit`: default 15, clamped to 100; `page`: default 1. Anything unreadable means the default. */
export function readPage(query: Record<string, unknown> | undefined): PageRequest {
  const limit = Math.min(positiveInteger(query?.limit) ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = positiveInteger(query?.page) ?? 1;
  return { limit, page, offset: (page - 1) * limit };
}

export interface PageInfo {
  result: number;
  perpage: number;
  currentpage: number;
  nextpage: number;
  maxpage: number;
}

export function pageInfo(total: number, request: PageRequest): PageInfo {
  const maxpage = Math.ceil(total / request.limit);
  return {
    result: total,
    perpage: request.limit,
    currentpage: request.page,
    nextpage: request.page < maxpage ? request.page + 1 : request.page,
    maxpage,
  };
}

/**
 * The paginated list envelope: `error` is the string "0" on lists, except where the document says
 * the integer 0 (`GET /urls`, which existing clients read with `!data.error`).
 */
export function listEnvelope<Key extends string, Item, Zero extends '0' | 0 = '0'>(
  key: Key,
  items: Item[],
  total: number,
  request: PageRequest,
  error: Zero = '0' as Zero,
): { error: Zero; data: PageInfo & Record<Key, Item[]> } {
  return { error, data: { ...pageInfo(total, request), [key]: items } as PageInfo & Record<Key, Item[]> };
}
