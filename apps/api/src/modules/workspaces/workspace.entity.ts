import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '../../common/account';

/**
 * A workspace: what owns links, domains, campaigns and the rest. Each account has its own (with the
 * account's id, `personalOf` set, no name of its own: it shows its account's username); teams make
 * more, whose ids come from the accounts' sequence (no account ever has a team's id).
 */
@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  @Column({ name: 'personal_of', type: 'integer', nullable: true })
  personalOf: number | null;

  /** Its members sign in through the OpenID provider only. */
  @Column({ name: 'sso_only', type: 'boolean', default: false })
  ssoOnly: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A person's place in a workspace. */
@Entity('workspace_members')
export class MemberEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'integer' })
  workspaceId: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 10 })
  role: Role;

  /** Given by a claim rule of the OpenID provider: the rules take it back when they no longer give it. */
  @Column({ name: 'by_sso_rule', type: 'boolean', default: false })
  bySsoRule: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An invitation to a workspace: its token is shown once (to the admin, and in the e-mail); its SHA-256 is kept. */
@Entity('workspace_invitations')
export class InvitationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 10 })
  role: Role;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'invited_by', type: 'integer', nullable: true })
  invitedBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

/** A key that acts in one workspace, made by one of its admins (it ends when they leave). */
@Entity('workspace_keys')
export class WorkspaceKeyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId: number;

  @Column({ name: 'made_by', type: 'integer' })
  madeBy: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  scope: 'full' | 'read';

  @Column({ name: 'key_hash', type: 'char', length: 64, select: false })
  keyHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** One change in a workspace: who made it, how they were signed in, what and when, from where. */
@Entity('audit_entries')
export class AuditEntryEntity {
  /** bigint: read as text. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'workspace_id', type: 'integer' })
  workspaceId: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  /** The person (null once their account is deleted; `username` stays). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ name: 'key_id', type: 'integer', nullable: true })
  keyId: number | null;

  /** 'key' (the person's own API key), 'session' (the dashboard), 'workspace-key'. */
  @Column({ type: 'varchar', length: 16 })
  via: string;

  @Column({ type: 'varchar', length: 64 })
  operation: string;

  @Column({ type: 'varchar', length: 8 })
  method: string;

  @Column({ type: 'varchar', length: 300 })
  path: string;

  /** The record's id, when the operation names or makes one. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  record: string | null;

  @Column({ type: 'smallint' })
  status: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  address: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId: string | null;
}
