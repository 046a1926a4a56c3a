import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A signed-in session of the dashboard. The token itself is never stored, only its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last request of the session (kept to the minute): it ends SESSION_IDLE_MS after it. */
  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt: Date;

  /**
   * The SHA-256 of the API key a session was started with (null: started with a password). Such a
   * session ends when the key is rotated or expires, and never outlasts the key's expiry.
   */
  @Column({ name: 'key_hash', type: 'char', length: 64, nullable: true })
  keyHash: string | null;

  /**
   * A session started with a password: the SHA-256 of the password's stored hash (passwordRef).
   * The session ends when the password changes or is cleared (a key rotation clears a password set
   * with the key alone).
   */
  @Column({ name: 'password_ref', type: 'char', length: 64, nullable: true })
  passwordRef: string | null;

  /** Started through the OpenID provider: it lasts with the account, not with a key or password. */
  @Column({ type: 'boolean', default: false })
  sso: boolean;

  /** The absolute end, SESSION_LIFETIME_MS after the start (or the key's expiry, when sooner). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
