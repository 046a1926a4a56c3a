import { Inject, Injectable } from '@nestjs/common';
import { ClicksRepository } from './clicks.repository';

/**
 * The secret that makes visitor keys unguessable (see visitorKey): one for the whole service, kept
 * in the database, read once. The public routes use `value` while it is known, so a click waits
 * for the database only before the first read.
 */
@Injectable()
export class VisitorSalt {
  /** The salt once read; null before. */
  value: string | null = null;

  constructor(@Inject(ClicksRepository) private readonly clicks: ClicksRepository) {}

  async read(): Promise<string> {
    this.value ??= await this.clicks.visitorSalt();
    return this.value;
  }
}
