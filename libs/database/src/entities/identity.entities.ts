import { Column, CreateDateColumn, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TenantOwned } from './tenant-owned';

@Entity('languages')
export class Language extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 5 })
  code: 'en' | 'de';

  @Column({ type: 'varchar', length: 50 })
  name: string;
}

@Entity('permissions')
export class Permission extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;
}

@Entity('roles')
export class Role extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @ManyToMany(() => Permission)
  @JoinTable({ name: 'role_permissions', joinColumn: { name: 'role_id' }, inverseJoinColumn: { name: 'permission_id' } })
  permissions: Permission[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A stored upload (avatar, attachment): at most 10 MB, kept in PostgreSQL under the tenant policy. */
@Entity('files')
export class StoredFile extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'bytea', select: false })
  content: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity('users')
export class User extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'full_name', type: 'varchar', length: 255, nullable: true })
  fullName: string | null;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  phone: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'language_code', type: 'varchar', length: 5, default: 'en' })
  languageCode: 'en' | 'de';

  @Column({ name: 'avatar_file_id', type: 'uuid', nullable: true })
  avatarFileId: string | null;

  @Column({ name: 'two_factor_secret', type: 'text', nullable: true, select: false })
  twoFactorSecret: string | null;

  @Column({ name: 'two_factor_pending_secret', type: 'text', nullable: true, select: false })
  twoFactorPendingSecret: string | null;

  @Column({ name: 'two_factor_enabled', type: 'boolean', default: false })
  twoFactorEnabled: boolean;

  @Column({ name: 'two_factor_recovery_codes', type: 'jsonb', default: () => `'[]'`, select: false })
  twoFactorRecoveryCodes: string[];

  /** Recovery codes of a re-enrolment not yet confirmed: they sign no one in until they replace the active ones. */
  @Column({ name: 'two_factor_pending_recovery_codes', type: 'jsonb', default: () => `'[]'`, select: false })
  twoFactorPendingRecoveryCodes: string[];

  @Column({ name: 'privacy_policy_accepted_at', type: 'timestamptz', nullable: true })
  privacyPolicyAcceptedAt: Date | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'invited_at', type: 'timestamptz', nullable: true })
  invitedAt: Date | null;

  @ManyToMany(() => Role)
  @JoinTable({ name: 'user_roles', joinColumn: { name: 'user_id' }, inverseJoinColumn: { name: 'role_id' } })
  roles: Role[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export type TokenKind = 'session' | 'mfa' | 'password_reset' | 'invitation';

/** A bearer or one-time token. Only its SHA-256 is stored. */
@Entity('access_tokens')
export class AccessToken extends TenantOwned {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20 })
  kind: TokenKind;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
