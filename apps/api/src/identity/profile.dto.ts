import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TextField } from '../common/text-field';
import { MayBeLeftOut } from '../common/validation';

/** `POST /restify/profile`: every field optional; the password needs the current one. */
export class UpdateProfileDto {
  @TextField({ optional: true })
  name?: string;

  @TextField({ optional: true })
  full_name?: string;

  @TextField({ optional: true })
  phone?: string;

  @MayBeLeftOut()
  @IsIn(['en', 'de'], { message: 'language_code' })
  language_code?: 'en' | 'de';

  @IsOptional()
  @IsString({ message: 'must_be_text' })
  @MaxLength(255, { message: 'too_long', context: { maxLength: 255 } })
  password?: string;

  @IsOptional()
  @IsString({ message: 'must_be_text' })
  password_confirmation?: string;

  @IsOptional()
  @IsString({ message: 'must_be_text' })
  current_password?: string;
}

export class MfaEnableDto {
  @TextField({ maxLength: 10 })
  code: string;
}

/**
 * Proof that the person at the keyboard owns the account, asked before two-factor sign-in is
 * changed while it is on: the current password, or a code (from the authenticator app, or an
 * unused recovery code, which it then uses up).
 */
export class MfaProofDto {
  @TextField({ optional: true })
  current_password?: string;

  @TextField({ optional: true, maxLength: 64 })
  code?: string;
}

/** `POST /restify/profile/mfa/disable`: the proof; `password` is the older name of `current_password`. */
export class MfaDisableDto extends MfaProofDto {
  @TextField({ optional: true })
  password?: string;
}
