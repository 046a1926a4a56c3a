import { Column, Entity } from 'typeorm';
import { OwnedEntity } from '../../database/owned.entity';

@Entity('domains')
export class DomainEntity extends OwnedEntity {
  /** `http(s)://host`, lower-case, as the account added it. */
  @Column({ type: 'varchar', length: 300 })
  domain: string;

  /** The host name alone: unique across accounts (http and https of one host are one domain). */
  @Column({ type: 'varchar', length: 253 })
  host: string;

  @Column({ name: 'redirect_root', type: 'varchar', length: 2000, default: '' })
  redirectRoot: string;

  @Column({ name: 'redirect_404', type: 'varchar', length: 2000, default: '' })
  redirect404: string;
}
