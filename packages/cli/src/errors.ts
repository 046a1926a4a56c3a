import { LinkyardError } from '@linkyard/client';

/**
 * The exit codes scripts can rely on. They are part of the command line's interface: documented in
 * `linkyard --help` and the README, and never renumbered.
 */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  notFound: 3,
  refused: 4,
  authentication: 5,
  rateLimited: 6,
  unavailable: 7,
  partial: 8,
  cancelled: 9,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The table shown by `--help` and kept in step with the README. */
export const EXIT_CODES_HELP = `Exit codes:
  0  done
  1  unexpected failure
  2  usage or configuration error
  3  not found (404)
  4  refused by the service: invalid input (400, 409)
  5  authentication failed (401, 403)
  6  rate limited (429, after waiting and trying again)
  7  the service is unreachable or failing (network error, 5xx)
  8  partly done (an import where some records failed)
  9  cancelled at a confirmation (answered no)`;

/** A failure the command line explains itself: its message is for the user, its code for scripts. */
export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** The HTTP status behind it, when the service answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, ExitCode.usage);

/** System errors that mean the path given on the command line is wrong, not that anything broke. */
const PATH_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST']);

/** A file named on the command line that cannot be read or written, as a usage error; else the error. */
export function fileError(error: unknown, path: string, doing: 'read' | 'write'): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code && PATH_ERRORS.has(code) ? usageError(`cannot ${doing} ${path}: ${(error as Error).message}`) : error;
}

/** The exit code of an HTTP status the service answered with. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 404) return ExitCode.notFound;
  if (status === 400 || status === 409 || status === 413 || status === 422) return ExitCode.refused;
  if (status === 401 || status === 403) return ExitCode.authentication;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 500) return ExitCode.unavailable;
  return ExitCode.unexpected;
}

/**
 * Errors are told apart by name, not `instanceof` (as the client does): fetch's and the file
 * system's come from the runtime's own realm, which is not the command line's when a test runs it
 * in its sandbox (runCli under jest).
 */
interface ErrorLike {
  name: string;
  message: string;
  cause?: unknown;
}

export const isErrorLike = (error: unknown): error is ErrorLike =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as ErrorLike).name === 'string' &&
  typeof (error as ErrorLike).message === 'string';

/**
 * Node's fetch reports a connection that failed as a TypeError "fetch failed", and one that broke
 * while a body was streaming (an export) as "terminated", each with the system error as its `cause`.
 */
function networkFailure(error: unknown): string | null {
  if (!isErrorLike(error) || error.name !== 'TypeError' || (error.message !== 'fetch failed' && error.message !== 'terminated')) {
    return null;
  }
  return systemError(error);
}

function systemError(error: unknown): string {
  const cause: unknown = isErrorLike(error) ? error.cause : undefined;
  if (isErrorLike(cause)) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
  }
  return isErrorLike(error) ? error.message : String(error);
}

export interface ErrorReport {
  exitCode: ExitCode;
  status: number | null;
  message: string;
}

/**
 * The options and arguments of a command by the request field or query parameter each one fills
 * (`custom` is `--alias`, `tag` is `--tag`), so that the service's `Invalid field "custom"` or
 * `Invalid parameter "tag"` reaches the user as `invalid --alias` or `invalid --tag`.
 */
export type FieldNames = Record<string, string>;

/** `Invalid parameter "tag": ...`: the service names the query parameter at fault this way. */
const PARAMETER_MESSAGE = /^Invalid parameter "([^"]+)"/;

/** What to tell the user, and which exit code to end with, for anything a command threw. */
export function reportOf(error: unknown, serviceUrl: string | null, fields: FieldNames = {}): ErrorReport {
  if (error instanceof CliError) return { exitCode: error.exitCode, status: error.status, message: error.message };
  if (error instanceof LinkyardError) {
    if (error.kind === 'network') {
      const where = serviceUrl ? ` at ${serviceUrl}` : '';
      return {
        exitCode: ExitCode.unavailable,
        status: null,
        message: `cannot reach the Linkyard service${where} (${systemError(error.cause)})`,
      };
    }
    if (error.kind === 'response') return { exitCode: ExitCode.unavailable, status: error.status, message: error.message };
    const status = error.status ?? 0;
    const waited = status === 429 && error.retryAfter !== null ? ` (try again in ${error.retryAfter} s)` : '';
    let message = error.message;
    // The field of the body (`Invalid field "custom"`) or the query parameter (`Invalid parameter "tag"`) at fault.
    const [said, name] = error.field !== null ? [`Invalid field "${error.field}"`, error.field] : (PARAMETER_MESSAGE.exec(message) ?? []);
    const option = name === undefined ? undefined : fields[name];
    if (option !== undefined) message = message.replace(said!, `invalid ${option}`);
    return { exitCode: exitCodeForStatus(status), status, message: `${message}${waited}` };
  }
  const network = networkFailure(error);
  if (network !== null) {
    const where = serviceUrl ? ` at ${serviceUrl}` : '';
    return { exitCode: ExitCode.unavailable, status: null, message: `cannot reach the Linkyard service${where} (${network})` };
  }
  const message = isErrorLike(error) ? error.message : String(error);
  return { exitCode: ExitCode.unexpected, status: null, message: `unexpected failure: ${message}` };
}
