import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * A secret of the whole service, made once (32 random bytes, hex) and kept in the `settings`
 * table, so every instance and every restart uses the same one.
 */
export async function serviceSecret(dataSource: DataSource, name: string): Promise<string> {
  await dataSource.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await dataSource.query<{ value: string }[]>(`SELECT value FROM settings WHERE name = $1`, [name]);
  return row!.value;
}
