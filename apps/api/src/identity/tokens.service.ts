import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan } from 'typeorm';
import { AccessToken, TenantTransactions, TokenKind } from '@fabquote/database';

/** How long each kind of token lives. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  session: 7 * 24 * 3600_000,
  mfa: 5 * 60_000,
  password_reset: 60 * 60_000,
  invitation: 7 * 24 * 3600_000,
};

/** Tokens are found by their SHA-256, so the secret itself is never compared or stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Opaque random tokens: sessions (bearer), MFA step tokens, password-reset and
 * invitation links. Only hashes are stored; each kind has an expiry, and tokens
 * are revoked on logout, password change and deactivation.
 */
@Injectable()
export class TokensService {
  constructor(private readonly tenant: TenantTransactions) {}

  private get tokens() {
    return this.tenant.manager().getRepository(AccessToken);
  }

  async issue(userId: string, kind: TokenKind): Promise<{ token: string; id: string }> {
    const token = randomBytes(32).toString('base64url');
    const saved = await this.tokens.save({
      userId,
      kind,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
    });
    return { token, id: saved.id };
  }

  /** The live token of `kind`, or null when unknown, expired, revoked or used. */
  find(token: string, kind: TokenKind): Promise<AccessToken | null> {
    return this.tokens.findOneBy({
      tokenHash: tokenHash(token),
      kind,
      expiresAt: MoreThan(new Date()),
      revokedAt: IsNull(),
      usedAt: IsNull(),
    });
  }

  /** Marks a one-time token used; false when someone used it first. */
  async use(id: string): Promise<boolean> {
    const result = await this.tokens.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }

  async revoke(id: string): Promise<void> {
    await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes every live token of the user, of the given kinds (all kinds by default). */
  async revokeAll(userId: string, kinds?: TokenKind[], except?: string): Promise<void> {
    const builder = this.tokens
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (kinds) builder.andWhere('kind IN (:...kinds)', { kinds });
    if (except) builder.andWhere('id <> :except', { except });
    await builder.execute();
  }
}
