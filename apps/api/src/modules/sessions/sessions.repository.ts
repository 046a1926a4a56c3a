import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Sql } from '../../database/sql';
import { SessionEntity } from './session.entity';

const EXAMPLE_TIME = new Date('2026-01-01T00:00:00Z');

/** Every statement of the dashboard's sessions (nothing caches them: no write is announced). */
@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  /** Deletes the account's sessions that have ended: expired by `now`, or last used by `idleSince`. */
  @Sql((f) => [f.spare.user, EXAMPLE_TIME, EXAMPLE_TIME])
  async deleteEnded(userId: number, now: Date, idleSince: Date): Promise<void> {
    await this.sessions
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND (expires_at <= :now OR last_used_at <= :idle)', { userId, now, idle: idleSince })
      .execute();
  }

  @Sql((f) => [
    {
      userId: f.spare.user,
      tokenHash: 'e'.repeat(64),
      keyHash: null,
      passwordRef: 'a'.repeat(64),
      createdAt: EXAMPLE_TIME,
      lastUsedAt: EXAMPLE_TIME,
      expiresAt: EXAMPLE_TIME,
    },
  ])
  add(session: Omit<SessionEntity, 'id'>): Promise<SessionEntity> {
    return this.sessions.save(this.sessions.create(session));
  }

  @Sql(() => ['e'.repeat(64)])
  byTokenHash(tokenHash: string): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ tokenHash });
  }

  @Sql((f) => [f.ids.session])
  byId(id: number): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ id });
  }

  /** Notes a use of the session (at most once a minute, the service decides). */
  @Sql((f) => [f.ids.session, EXAMPLE_TIME])
  async touch(id: number, at: Date): Promise<void> {
    await this.sessions.update({ id }, { lastUsedAt: at });
  }

  /**
   * The session goes on as a session of this key, however it was started (its holder was just
   * shown the key), and ends by `expires` at the latest.
   */
  @Sql((f) => [f.ids.session, f.keyHash, null], (f) => [f.ids.session, f.keyHash, EXAMPLE_TIME])
  async carryToKey(id: number, keyHash: string, expires: Date | null): Promise<void> {
    const query = this.sessions.createQueryBuilder().update().set({ keyHash, passwordRef: null }).where('id = :id', { id });
    if (expires) query.set({ keyHash, passwordRef: null, expiresAt: () => 'least(expires_at, :expires)' }).setParameter('expires', expires);
    await query.execute();
  }

  /** The session, when it was started with a password, goes on with the account's new one. */
  @Sql((f) => [f.ids.session, 'b'.repeat(64)])
  async carryToPassword(id: number, passwordRef: string): Promise<void> {
    await this.sessions.createQueryBuilder().update().set({ passwordRef }).where('id = :id AND key_hash IS NULL', { id }).execute();
  }

  @Sql((f) => [f.ids.session])
  async delete(id: number): Promise<void> {
    await this.sessions.delete({ id });
  }

  /** Deletes every session of the account but `keep`. */
  @Sql((f) => [f.spare.user], (f) => [f.spare.user, f.ids.session])
  async deleteAllOf(userId: number, keep?: number): Promise<void> {
    const query = this.sessions.createQueryBuilder().delete().where('user_id = :userId', { userId });
    if (keep !== undefined) query.andWhere('id <> :keep', { keep });
    await query.execute();
  }
}
