import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Nest's log lines (its own and those of `new Logger(...)` in the service) written by the service's
 * one logger, pino, as JSON lines like every other line: never Nest's coloured text in a log file.
 * Nest's `log` level is its chatter (routes mapped, modules started): debug here.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  log(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes (message, stack?, context?); a stack is kept as its own field.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    this.write('error', message, context, stack);
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, context?: string, stack?: string): void {
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else this.pino[level](fields, typeof message === 'string' ? message : JSON.stringify(message));
  }
}
