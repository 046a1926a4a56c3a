import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from './sql';

/** The service's own settings (the `settings` table): secrets made once and shared by every instance. */
@Injectable()
export class SettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * A secret of the whole service, made once (32 random bytes, hex) and kept, so every instance
   * and every restart uses the same one.
   */
  @Sql(() => ['example_secret'])
  async secret(name: string): Promise<string> {
    await this.dataSource.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      randomBytes(32).toString('hex'),
    ]);
    const [row] = await this.dataSource.query<{ value: string }[]>(`SELECT value FROM settings WHERE name = $1`, [name]);
    return row!.value;
  }
}
