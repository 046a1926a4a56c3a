import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PlanEntity } from './plan.entity';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The password's scrypt hash; null: the account has no password (it signs in with its key). */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  /**
   * The password was set with the account's key alone (no current password proven): the key's
   * next rotation clears it, so that a leaked key leaves no lasting password behind.
   */
  @Column({ name: 'password_by_key', type: 'boolean', default: false })
  passwordByKey: boolean;

  @Column({ type: 'boolean', default: false })
  admin: boolean;

  @Column({ name: 'plan_id', type: 'integer', nullable: true })
  planId: number | null;

  @ManyToOne(() => PlanEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'plan_id' })
  plan?: PlanEntity | null;

  @Column({ name: 'plan_expires', type: 'timestamptz', nullable: true })
  planExpires: Date | null;

  /** Requests a minute set for this account by an admin; null: the plan's. */
  @Column({ type: 'integer', nullable: true })
  ratelimit: number | null;

  /** SHA-256 (hex) of the API key; the key itself is never stored. */
  @Column({ name: 'api_key_hash', type: 'char', length: 64 })
  apiKeyHash: string;

  @Column({ name: 'api_key_expires', type: 'timestamptz', nullable: true })
  apiKeyExpires: Date | null;

  /** When an admin disabled the account (its key and sessions are refused); null: enabled. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
