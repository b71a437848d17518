import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TextField } from '../common/text-field';

export class LoginDto {
  @TextField()
  email: string;

  @IsNotEmpty({ message: 'required' })
  @IsString({ message: 'must_be_text' })
  @MaxLength(1000, { message: 'too_long', context: { maxLength: 1000 } })
  password: string;
}

export class MfaVerifyDto {
  @TextField()
  temporary_token: string;

  @TextField({ maxLength: 40 })
  code: string;
}

export class ForgotPasswordDto {
  @TextField()
  email: string;
}

export class ResetPasswordDto {
  @TextField()
  email: string;

  @TextField()
  token: string;

  @IsNotEmpty({ message: 'required' })
  @IsString({ message: 'must_be_text' })
  @MaxLength(255, { message: 'too_long', context: { maxLength: 255 } })
  password: string;

  @IsOptional()
  @IsString({ message: 'must_be_text' })
  password_confirmation?: string;
}
