import { Inject, Injectable } from '@nestjs/common';
import { SettingsRepository } from '../../database/settings.repository';

/**
 * The secret that makes visitor keys unguessable (see visitorKey): one for the whole service, kept
 * in the database, read once. The public routes use `value` while it is known, so a click waits
 * for the database only before the first read.
 */
@Injectable()
export class VisitorSalt {
  /** The salt once read; null before. */
  value: string | null = null;

  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async read(): Promise<string> {
    this.value ??= await this.settings.secret('visitor_salt');
    return this.value;
  }
}
