import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A person of an OpenID provider (its issuer and their subject there) and the account they are here. */
@Entity('sso_identities')
export class SsoIdentityEntity {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  issuer: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_signed_in_at', type: 'timestamptz' })
  lastSignedInAt: Date;
}
