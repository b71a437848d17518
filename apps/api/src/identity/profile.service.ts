import { Injectable } from '@nestjs/common';
import { authenticator } from 'otplib';
import { randomBytes } from 'node:crypto';
import { toDataURL } from 'qrcode';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordMatches } from '@fabquote/access';
import { Language, Organization, organizationCurrency, organizationTimeZone, StoredFile, TenantTransactions, User } from '@fabquote/database';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { MAX_REQUEST_FILE_BYTES } from '../common/file-type';
import { optionalText, requiredText } from '../common/text-field';
import { SignedInUser } from './access';
import { imageTypeOf } from './image-type';
import { profileDocument } from './profile-document';
import { MfaDisableDto, MfaEnableDto, MfaProofDto, UpdateProfileDto } from './profile.dto';
import { recoveryCodeHash } from './sign-in.service';
import { TokensService } from './tokens.service';

export interface UploadedImage {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** The signed-in person's own profile: details, language, password, avatar and two-factor sign-in. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly tokens: TokensService,
  ) {}

  private get users() {
    return this.tenant.manager().getRepository(User);
  }

  async document(userId: string, organization: Organization) {
    const user = await this.users.findOneOrFail({ where: { id: userId }, relations: { roles: { permissions: true } }, order: { roles: { name: 'ASC' } } });
    const languages = await this.tenant.manager().getRepository(Language).find({ order: { code: 'ASC' } });
    return profileDocument(user, languages, organization.slug, await organizationCurrency(this.tenant.manager()), await organizationTimeZone(this.tenant.manager()));
  }

  async update(signedIn: SignedInUser, input: UpdateProfileDto, avatar: UploadedImage | undefined, organization: Organization) {
    const changes: Partial<User> = {};
    if (input.name !== undefined) changes.name = requiredText('name', input.name);
    if (input.full_name !== undefined) changes.fullName = optionalText(input.full_name);
    if (input.phone !== undefined) changes.phone = optionalText(input.phone);
    if (input.language_code !== undefined) changes.languageCode = input.language_code;
    if (input.password) {
      const user = await this.users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.id = :id', { id: signedIn.id }).getOneOrFail();
      if (!(await passwordMatches(user.passwordHash, input.current_password ?? ''))) throw new FieldInvalid('current_password', 'current_password_wrong');
      if (input.password !== input.password_confirmation) throw new FieldInvalid('password_confirmation', 'passwords_do_not_match');
      if (input.password.length < MIN_PASSWORD_LENGTH) throw new FieldInvalid('password', 'password_too_short', { min: MIN_PASSWORD_LENGTH });
      changes.passwordHash = await hashPassword(input.password);
      // A new password ends every other session; this one stays signed in.
      await this.tokens.revokeAll(signedIn.id, undefined, signedIn.tokenId);
    }
    const replacedAvatar = avatar ? (await this.users.findOneByOrFail({ id: signedIn.id })).avatarFileId : null;
    if (avatar) changes.avatarFileId = await this.storeAvatar(avatar);
    if (Object.keys(changes).length > 0) await this.users.update(signedIn.id, changes);
    if (replacedAvatar) await this.tenant.manager().getRepository(StoredFile).delete({ id: replacedAvatar });
    return this.document(signedIn.id, organization);
  }

  async avatar(fileId: string): Promise<{ contentType: string; content: Buffer }> {
    const file = await this.tenant
      .manager()
      .getRepository(StoredFile)
      .createQueryBuilder('file')
      .addSelect('file.content')
      .where('file.id = :fileId', { fileId })
      .andWhere('file.id IN (SELECT avatar_file_id FROM users)')
      .getOne();
    if (!file) throw new RecordNotFound();
    return { contentType: file.contentType, content: file.content };
  }

  /**
   * Starts enrolment: a new secret, its QR code and recovery codes, all pending until `enableMfa`
   * confirms the secret with a code from it. While MFA is on, this needs proof (`current_password`
   * or `code`), and the active secret and recovery codes keep working until the confirmation.
   */
  async setUpMfa(signedIn: SignedInUser, proof: MfaProofDto, organization: Organization) {
    const user = await this.lockedUser(signedIn.id);
    if (user.twoFactorEnabled) await this.requireProof(user, { password: proof.current_password, code: proof.code });
    const secret = authenticator.generateSecret(20);
    const recoveryCodes = Array.from({ length: 10 }, () => randomBytes(5).toString('hex'));
    await this.users.update(user.id, { twoFactorPendingSecret: secret, twoFactorPendingRecoveryCodes: recoveryCodes.map(recoveryCodeHash) });
    const otpauthUri = authenticator.keyuri(user.email, `Fabquote ${organization.name}`, secret);
    return { otpauth_uri: otpauthUri, qr_code: await toDataURL(otpauthUri, { margin: 1, width: 240 }), secret, recovery_codes: recoveryCodes };
  }

  /** The confirmation: a code from the pending secret makes it, and its recovery codes, the active ones. */
  async enableMfa(signedIn: SignedInUser, { code }: MfaEnableDto) {
    const user = await this.lockedUser(signedIn.id);
    if (!user.twoFactorPendingSecret) throw new FieldInvalid('code', 'mfa_not_started');
    if (!authenticator.check(code.replace(/\s+/g, ''), user.twoFactorPendingSecret)) {
      throw new FieldInvalid('code', 'mfa_code_invalid', {}, { messageAlso: 'mfa_code' });
    }
    await this.users.update(user.id, {
      twoFactorSecret: user.twoFactorPendingSecret,
      twoFactorRecoveryCodes: user.twoFactorPendingRecoveryCodes,
      twoFactorPendingSecret: null,
      twoFactorPendingRecoveryCodes: [],
      twoFactorEnabled: true,
    });
    return { attributes: { two_factor_enabled: true } };
  }

  async disableMfa(signedIn: SignedInUser, input: MfaDisableDto) {
    const user = await this.lockedUser(signedIn.id);
    if (input.password !== undefined && input.current_password === undefined && input.code === undefined) {
      // The older body `{ password }`: its refusal stays on that field.
      if (!(await passwordMatches(user.passwordHash, input.password))) throw new FieldInvalid('password', 'password_wrong');
    } else {
      await this.requireProof(user, { password: input.current_password ?? input.password, code: input.code });
    }
    await this.users.update(user.id, {
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorEnabled: false,
      twoFactorRecoveryCodes: [],
      twoFactorPendingRecoveryCodes: [],
    });
    return { attributes: { two_factor_enabled: false } };
  }

  /** The user with their secrets, locked until the transaction ends: a recovery code can be used up only once. */
  private lockedUser(id: string): Promise<User> {
    return this.users
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorPendingSecret', 'user.twoFactorRecoveryCodes', 'user.twoFactorPendingRecoveryCodes'])
      .where('user.id = :id', { id })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  /**
   * The password, or a code of the active second factor: a code from the authenticator app, or an
   * unused recovery code (used up here). A code is tried when given, else the password.
   */
  private async requireProof(user: User, proof: { password?: string; code?: string }): Promise<void> {
    if (proof.code?.trim()) {
      const digits = proof.code.replace(/\s+/g, '');
      if (user.twoFactorSecret && /^\d{6}$/.test(digits) && authenticator.check(digits, user.twoFactorSecret)) return;
      const hash = recoveryCodeHash(proof.code);
      if (user.twoFactorRecoveryCodes.includes(hash)) {
        user.twoFactorRecoveryCodes = user.twoFactorRecoveryCodes.filter((stored) => stored !== hash);
        await this.users.update(user.id, { twoFactorRecoveryCodes: user.twoFactorRecoveryCodes });
        return;
      }
      throw new FieldInvalid('code', 'mfa_code_invalid', {}, { messageAlso: 'mfa_code' });
    }
    if (!proof.password) throw new FieldInvalid('current_password', 'mfa_proof_required');
    if (!(await passwordMatches(user.passwordHash, proof.password))) throw new FieldInvalid('current_password', 'current_password_wrong');
  }

  private async storeAvatar(avatar: UploadedImage): Promise<string> {
    if (avatar.size > MAX_REQUEST_FILE_BYTES) throw new FieldInvalid('avatar', 'avatar_too_large');
    const contentType = imageTypeOf(avatar.buffer);
    if (!contentType) throw new FieldInvalid('avatar', 'file_type_not_accepted');
    const file = await this.tenant.manager().getRepository(StoredFile).save({
      fileName: avatar.originalname.slice(0, 255),
      contentType,
      size: avatar.size,
      content: avatar.buffer,
    });
    return file.id;
  }
}
