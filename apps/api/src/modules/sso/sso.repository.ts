import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Sql } from '../../database/sql';
import { SsoIdentityEntity } from './sso-identity.entity';

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/** The provider's people known here: an issuer's subject is one account. */
@Injectable()
export class SsoRepository {
  constructor(@InjectRepository(SsoIdentityEntity) private readonly identities: Repository<SsoIdentityEntity>) {}

  /** The account of this person of the provider, noting the sign-in; null the first time. */
  @Sql(() => ['https://id.example.com', 'subject-1', EXAMPLE_TIME])
  async signedIn(issuer: string, subject: string, at: Date): Promise<number | null> {
    const rows = await this.identities.query<{ user_id: number }[]>(
      `WITH seen AS (UPDATE sso_identities SET last_signed_in_at = $3 WHERE issuer = $1 AND subject = $2 RETURNING user_id)
      SELECT user_id FROM seen`,
      [issuer, subject, at],
    );
    return rows[0] ? Number(rows[0].user_id) : null;
  }

  /** Links the person of the provider to an account (a second link of the same person keeps the first). */
  @Sql((f) => ['https://id.example.com', 'subject-1', f.ids.user, EXAMPLE_TIME])
  async link(issuer: string, subject: string, userId: number, at: Date): Promise<void> {
    await this.identities.query(
      `INSERT INTO sso_identities (issuer, subject, user_id, created_at, last_signed_in_at) VALUES ($1, $2, $3, $4, $4)
      ON CONFLICT (issuer, subject) DO NOTHING`,
      [issuer, subject, userId, at],
    );
  }
}
