import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsUUID } from 'class-validator';
import { TextField } from '../common/text-field';
import { MayBeLeftOut } from '../common/validation';

export class InviteUserDto {
  @IsEmail({}, { message: 'invalid_email' })
  @TextField()
  email: string;

  @TextField()
  name: string;

  @MayBeLeftOut()
  @IsArray({ message: 'invalid_value' })
  @ArrayMaxSize(50, { message: 'invalid_value' })
  @IsUUID('all', { each: true, message: 'unknown_role' })
  roleIds?: string[];

  @MayBeLeftOut()
  @IsIn(['en', 'de'], { message: 'language_code' })
  languageCode?: 'en' | 'de';
}

export class UpdateUserDto {
  @TextField({ optional: true })
  name?: string;

  @TextField({ optional: true })
  fullName?: string;

  @TextField({ optional: true })
  phone?: string;

  @MayBeLeftOut()
  @IsIn(['en', 'de'], { message: 'language_code' })
  languageCode?: 'en' | 'de';

  @MayBeLeftOut()
  @IsBoolean({ message: 'invalid_value' })
  active?: boolean;

  @MayBeLeftOut()
  @IsArray({ message: 'invalid_value' })
  @ArrayMaxSize(50, { message: 'invalid_value' })
  @IsUUID('all', { each: true, message: 'unknown_role' })
  roleIds?: string[];
}

export class RoleDto {
  @TextField()
  name: string;

  @MayBeLeftOut()
  @IsArray({ message: 'invalid_value' })
  @IsUUID('all', { each: true, message: 'unknown_permission' })
  permissionIds?: string[];
}

export class UpdateRoleDto {
  @TextField({ optional: true })
  name?: string;

  @MayBeLeftOut()
  @IsArray({ message: 'invalid_value' })
  @IsUUID('all', { each: true, message: 'unknown_permission' })
  permissionIds?: string[];
}
