/**
 * The errors the service means to answer with. One global filter turns them into the envelope
 * `{error: 1, message}` with their status; anything else is a 500 and is logged.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The request field at fault, when there is one (a bulk call answers it per item). */
    readonly field: string | null = null,
    /** More of the answer, beside `error` and `message` (a bulk edit's results per link). */
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, field: string | null = null): ApiError => new ApiError(400, message, {}, field);
export const unauthorized = (message: string): ApiError => new ApiError(401, message);
export const forbidden = (message: string): ApiError => new ApiError(403, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const conflict = (message: string, field: string | null = null): ApiError => new ApiError(409, message, {}, field);

/** The same error, said of `field` (a lookup that does not know which field it serves). */
export const onField = (error: ApiError, field: string): ApiError =>
  new ApiError(error.status, error.message, error.headers, field, error.data);
export const tooManyRequests = (message: string, retryAfterSeconds: number): ApiError =>
  new ApiError(429, message, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });
