import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';
import { bigintCounter } from '../../database/columns';

export type QrType = 'text' | 'vcard' | 'link' | 'email' | 'phone' | 'sms' | 'wifi';

/** The unique constraint on a code's alias (migration 1763800100000). */
export const QR_ALIAS_KEY = 'qr_codes_alias_key';

@Entity('qr_codes')
export class QrEntity extends OwnedEntity {
  /** Public name of the code: its image is `/qr/{alias}`. */
  @Column({ type: 'varchar', length: 20 })
  alias: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  type: QrType;

  /** The content, as checked for its type: a string or an object. */
  @Column({ type: 'jsonb' })
  data: string | Record<string, string>;

  @Column({ type: 'varchar', length: 20, default: 'rgb(255,255,255)' })
  background: string;

  @Column({ type: 'varchar', length: 20, default: 'rgb(0,0,0)' })
  foreground: string;

  @Column({ name: 'logo_url', type: 'varchar', length: 2000, default: '' })
  logoUrl: string;

  /** The logo, fetched once when it was set. */
  @Column({ type: 'bytea', nullable: true, select: false })
  logo: Buffer | null;

  @Column({ name: 'logo_type', type: 'varchar', length: 20, nullable: true })
  logoType: string | null;

  @Column({ type: 'bigint', default: 0, transformer: bigintCounter })
  scans: number;

  @Column({ name: 'unique_scans', type: 'bigint', default: 0, transformer: bigintCounter })
  uniqueScans: number;
}
