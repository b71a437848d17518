import { HttpStatus, Injectable } from '@nestjs/common';
import { authenticator } from 'otplib';
import { createHash } from 'node:crypto';
import { MIN_PASSWORD_LENGTH, hashPassword, passwordMatches } from '@fabquote/access';
import { Organization, TenantTransactions, User } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid } from '../common/app-exception';
import { FabquoteRequest } from '../common/request-context';
import { SignedInUser } from './access';
import { adminLink } from './admin-link';
import { passwordResetMail } from './identity-mails';
import { profileAttributes } from './profile-document';
import { ForgotPasswordDto, LoginDto, MfaVerifyDto, ResetPasswordDto } from './sign-in.dto';
import { TokensService } from './tokens.service';

const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
// Verifying against a real hash when the email is unknown keeps both answers equally slow.
const NO_USER_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$WqTiOHtGYqjKBj2Dum+aRW8hpXWBHVrS5yx5kpZvCxo';

authenticator.options = { digits: 6, step: 30, window: 1 };

export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

class InvalidCredentials extends AppException {
  constructor() {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'invalid_credentials', 'invalid_credentials', {}, { email: { key: 'invalid_credentials' } });
  }
}

class SignInThrottled extends AppException {
  constructor(seconds: number) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    super(HttpStatus.TOO_MANY_REQUESTS, 'sign_in_throttled', 'sign_in_throttled', { minutes }, undefined, { details: { retry_after: seconds } });
  }
}

class MfaCodeInvalid extends AppException {
  constructor(key: 'mfa_code_invalid' | 'mfa_token_invalid' = 'mfa_code_invalid') {
    super(HttpStatus.UNPROCESSABLE_ENTITY, key, key, {}, undefined, { messageAlso: 'mfa_code' });
  }
}

/** Spec §7's sign-in calls: login, MFA step, privacy policy, logout, forgotten and reset passwords. */
@Injectable()
export class SignInService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly tokens: TokensService,
    private readonly outbox: EventOutbox,
  ) {}

  private get users() {
    return this.tenant.manager().getRepository(User);
  }

  async login({ email, password }: LoginDto, organization: Organization) {
    await this.refuseWhenThrottled(email);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash'])
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .getOne();
    const matches = await passwordMatches(user?.passwordHash ?? NO_USER_HASH, password);
    if (!user || !matches || !user.active) {
      await this.recordFailure(email);
      throw new InvalidCredentials();
    }
    await this.clearFailures(email);
    if (user.twoFactorEnabled) {
      const { token } = await this.tokens.issue(user.id, 'mfa');
      return { data: { requires_mfa: true, temporary_token: token } };
    }
    const { token } = await this.tokens.issue(user.id, 'session');
    return {
      id: user.id,
      type: 'users',
      attributes: { ...profileAttributes(user, organization.slug), privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 },
      meta: { token },
    };
  }

  async verifyMfa({ temporary_token, code }: MfaVerifyDto) {
    const step = await this.tokens.find(temporary_token, 'mfa');
    if (!step) throw new MfaCodeInvalid('mfa_token_invalid');
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect(['user.twoFactorSecret', 'user.twoFactorRecoveryCodes'])
      .where('user.id = :id AND user.active', { id: step.userId })
      .getOne();
    if (!user?.twoFactorSecret) throw new MfaCodeInvalid('mfa_token_invalid');
    await this.refuseWhenThrottled(user.email);
    const digits = code.replace(/\s+/g, '');
    const totpValid = /^\d{6}$/.test(digits) && authenticator.check(digits, user.twoFactorSecret);
    const recoveryHash = recoveryCodeHash(code);
    const recoveryValid = !totpValid && user.twoFactorRecoveryCodes.includes(recoveryHash);
    if (!totpValid && !recoveryValid) {
      await this.recordFailure(user.email);
      throw new MfaCodeInvalid();
    }
    if (recoveryValid) {
      await this.users.update(user.id, { twoFactorRecoveryCodes: user.twoFactorRecoveryCodes.filter((hash) => hash !== recoveryHash) });
    }
    if (!(await this.tokens.use(step.id))) throw new MfaCodeInvalid('mfa_token_invalid');
    const { token } = await this.tokens.issue(user.id, 'session');
    return { attributes: { privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 }, meta: { token } };
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
    await this.clearFailures(user.email);
    const { token } = await this.tokens.issue(user.id, 'session');
    return { attributes: { privacy_policy_read: user.privacyPolicyAcceptedAt ? 1 : 0 }, meta: { token } };
  }

  private async refuseWhenThrottled(email: string): Promise<void> {
    const [{ failures, oldest }] = await this.tenant.manager().query(
      `SELECT count(*)::int AS failures, min(failed_at) AS oldest FROM sign_in_failures
        WHERE lower(email) = lower($1) AND failed_at > now() - make_interval(mins => $2)`,
      [email.trim(), FAILURE_WINDOW_MINUTES],
    );
    if (failures >= MAX_FAILURES) {
      const seconds = Math.ceil((new Date(oldest).getTime() + FAILURE_WINDOW_MINUTES * 60_000 - Date.now()) / 1000);
      throw new SignInThrottled(Math.max(seconds, 1));
    }
  }

  /** A failure must count although the request fails, so it is written in a transaction of its own. */
  private async recordFailure(email: string): Promise<void> {
    await this.tenant.run(this.tenant.organizationId(), (manager) =>
      manager.query(`INSERT INTO sign_in_failures (email) VALUES ($1)`, [email.trim().toLowerCase()]),
    );
  }

  private async clearFailures(email: string): Promise<void> {
    await this.tenant.manager().query(`DELETE FROM sign_in_failures WHERE lower(email) = lower($1)`, [email.trim()]);
  }
}
