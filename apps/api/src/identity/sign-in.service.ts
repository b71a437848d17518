import { HttpStatus, Injectable } from '@nestjs/common';
import { authenticator } from 'otplib';
import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { MIN_PASSWORD_LENGTH, hashPassword, PasswordCheckGate, PasswordChecksBusy, passwordMatches } from '@fabquote/access';
import { Organization, TenantTransactions, User } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid } from '../common/app-exception';
import { FabquoteRequest } from '../common/request-context';
import { SignedInUser } from './access';
import { adminLink } from './admin-link';
import { IdentityRepository } from './identity.repository';
import { passwordResetMail } from './identity-mails';
import { profileAttributes } from './profile-document';
import { ForgotPasswordDto, LoginDto, MfaVerifyDto, ResetPasswordDto } from './sign-in.dto';
import { normalEmail, RecentSignIns, SignInBusy, SignInLimits } from './sign-in-limits';
import { TokensService } from './tokens.service';

// Verifying against a real hash when the email is unknown keeps both answers equally slow.
const NO_USER_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$WqTiOHtGYqjKBj2Dum+aRW8hpXWBHVrS5yx5kpZvCxo';

authenticator.options = { digits: 6, step: 30, window: 1 };

export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

class InvalidCredentials extends AppException {
  constructor() {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'invalid_credentials', 'invalid_credentials', {}, { email: { key: 'invalid_credentials' } });
  }
}

class MfaCodeInvalid extends AppException {
  constructor(key: 'mfa_code_invalid' | 'mfa_token_invalid' = 'mfa_code_invalid') {
    super(HttpStatus.UNPROCESSABLE_ENTITY, key, key, {}, undefined, { messageAlso: 'mfa_code' });
  }
}

/** docs/product.md §7's sign-in calls: login, MFA step, privacy policy, logout, forgotten and reset passwords. */
@Injectable()
export class SignInService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly tokens: TokensService,
    private readonly outbox: EventOutbox,
    private readonly limits: SignInLimits,
    private readonly checks: PasswordCheckGate,
    private readonly recent: RecentSignIns,
  ) {}

  private get users() {
    return this.tenant.manager().getRepository(User);
  }

  /**
   * Runs outside the request's transaction (the route is `@OutsideTenant`), in short transactions
   * one after another: the attempt is counted and committed before the password is checked (a slow
   * hash, holding no connection), so a failure counts although the request fails, and no step ever
   * waits for a second connection while holding one. The check waits its turn in `PasswordCheckGate`,
   * an address the user signed in from before ahead of the others; with too many in, the sign-in is
   * answered 429 `sign_in_busy` unchecked and uncounted (docs/api-identity.md, "Sign-in under a spray").
   */
  async login({ email, password }: LoginDto, organization: Organization, address: string) {
    const asked = normalEmail(email);
    // Admitted before any database work, an address the email signed in from lately in its own lane.
    const leave = this.enterChecks(this.recent.has(organization.id, asked, address));
    let user: User | null;
    let attemptId: string;
    let matches: boolean;
    try {
      const begun = await this.tenant.run(organization.id, async (manager) => {
        const found = await manager
          .getRepository(User)
          .createQueryBuilder('user')
          .addSelect(['user.passwordHash'])
          .where('lower(user.email) = :email', { email: asked })
          .getOne();
        return { user: found, attempt: await this.limits.beginAttempt(manager, { email: asked, userId: found?.id ?? null, address }) };
      });
      user = begun.user;
      attemptId = begun.attempt.id;
      matches = await this.checkPassword(organization, begun.attempt, user?.passwordHash ?? NO_USER_HASH, password);
    } finally {
      leave();
    }
    if (!user || !matches || !user.active) throw new InvalidCredentials();
    return this.tenant.run(organization.id, async (manager) => {
      if (user.twoFactorEnabled) {
        await this.limits.passed(manager, attemptId);
        const { token } = await this.tokens.issue(user.id, 'mfa');
        return { data: { requires_mfa: true, temporary_token: token } };
      }
      await this.limits.succeeded(manager, { email: asked, userId: user.id, address });
      this.recent.remember(organization.id, asked, address);
      const { token } = await this.tokens.issue(user.id, 'session');
      return {
        id: user.id,
        type: 'users',
        attributes: { ...profileAttributes(user, organization.slug), privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 },
        meta: { token },
      };
    });
  }

  private enterChecks(priority: boolean): () => void {
    try {
      return this.checks.enter(priority);
    } catch (error) {
      if (error instanceof PasswordChecksBusy) throw new SignInBusy(error.retryAfterSeconds);
      throw error;
    }
  }

  /** The password checked in its turn; refused unchecked, the attempt was none (429 `sign_in_busy`). */
  private async checkPassword(organization: Organization, attempt: { id: string; knownAddress: boolean }, passwordHash: string, password: string): Promise<boolean> {
    try {
      return await this.checks.run(() => passwordMatches(passwordHash, password), attempt.knownAddress);
    } catch (error) {
      if (!(error instanceof PasswordChecksBusy)) throw error;
      await this.tenant.run(organization.id, (manager) => this.limits.passed(manager, attempt.id));
      throw new SignInBusy(error.retryAfterSeconds);
    }
  }

  /** Like `login`, outside the request's transaction: a wrong code counts against the same limits as a wrong password. */
  async verifyMfa({ temporary_token, code }: MfaVerifyDto, organization: Organization, address: string) {
    const { step, user } = await this.tenant.run(organization.id, async (manager) => {
      const found = await this.tokens.find(temporary_token, 'mfa');
      if (!found) throw new MfaCodeInvalid('mfa_token_invalid');
      const owner = await manager
        .getRepository(User)
        .createQueryBuilder('user')
        .addSelect(['user.twoFactorSecret', 'user.twoFactorRecoveryCodes'])
        .where('user.id = :id AND user.active', { id: found.userId })
        .getOne();
      if (!owner?.twoFactorSecret) throw new MfaCodeInvalid('mfa_token_invalid');
      await this.limits.begin(manager, { email: normalEmail(owner.email), userId: owner.id, address });
      return { step: found, user: owner };
    });
    const secret = user.twoFactorSecret!;
    const digits = code.replace(/\s+/g, '');
    const totpValid = /^\d{6}$/.test(digits) && authenticator.check(digits, secret);
    const recoveryHash = recoveryCodeHash(code);
    const recoveryValid = !totpValid && user.twoFactorRecoveryCodes.includes(recoveryHash);
    if (!totpValid && !recoveryValid) throw new MfaCodeInvalid();
    return this.tenant.run(organization.id, async (manager) => {
      // A recovery code is used once: of two requests with the same code, only the first removes it.
      if (recoveryValid && !(await this.useRecoveryCode(manager, user.id, recoveryHash))) throw new MfaCodeInvalid();
      if (!(await this.tokens.use(step.id))) throw new MfaCodeInvalid('mfa_token_invalid');
      await this.limits.succeeded(manager, { email: normalEmail(user.email), userId: user.id, address });
      this.recent.remember(organization.id, normalEmail(user.email), address);
      const { token } = await this.tokens.issue(user.id, 'session');
      return { attributes: { privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 }, meta: { token } };
    });
  }

  private async useRecoveryCode(manager: EntityManager, userId: string, hash: string): Promise<boolean> {
    return new IdentityRepository(manager).useRecoveryCode(userId, hash);
  }

  async acceptPrivacyPolicy(user: SignedInUser) {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ privacyPolicyAcceptedAt: () => 'coalesce(privacy_policy_accepted_at, now())' })
      .where('id = :id', { id: user.id })
      .execute();
    return { attributes: { privacy_policy_read: 1 } };
  }

  async logout(user: SignedInUser) {
    await this.tokens.revoke(user.tokenId);
  }

  /** Always the same answer, whether or not the email is known. */
  async forgotPassword({ email }: ForgotPasswordDto, request: FabquoteRequest, organization: Organization): Promise<void> {
    const user = await this.users.createQueryBuilder('user').where('lower(user.email) = lower(:email) AND user.active', { email: email.trim() }).getOne();
    if (!user) return;
    await this.tokens.revokeAll(user.id, ['password_reset']);
    const { token } = await this.tokens.issue(user.id, 'password_reset');
    const link = adminLink(request, '/reset-password', { token, email: user.email });
    const mail = passwordResetMail(user.languageCode, { name: user.name, organization: organization.name, link });
    await this.outbox.emit('mail.send', { to: [{ name: user.name, address: user.email }], ...mail });
  }

  /** Sets a new password from a reset or invitation link, and signs the user in. */
  async resetPassword(input: ResetPasswordDto) {
    if (input.password !== input.password_confirmation) throw new FieldInvalid('password_confirmation', 'passwords_do_not_match');
    if (input.password.length < MIN_PASSWORD_LENGTH) throw new FieldInvalid('password', 'password_too_short', { min: MIN_PASSWORD_LENGTH });
    const link = (await this.tokens.find(input.token, 'password_reset')) ?? (await this.tokens.find(input.token, 'invitation'));
    const user = link ? await this.users.findOneBy({ id: link.userId, active: true }) : null;
    if (!link || !user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) throw new FieldInvalid('token', 'reset_token_invalid');
    if (!(await this.tokens.use(link.id))) throw new FieldInvalid('token', 'reset_token_invalid');
    await this.users.update(user.id, { passwordHash: await hashPassword(input.password) });
    await this.tokens.revokeAll(user.id);
    await this.limits.forgetEmail(this.tenant.manager(), normalEmail(user.email));
    const { token } = await this.tokens.issue(user.id, 'session');
    return { attributes: { privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 }, meta: { token } };
  }
}
