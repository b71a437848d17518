import { IsOptional, Matches, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface, Validate, IsDefined } from 'class-validator';
import { SettingValue } from '@fabquote/database';
import { TEXT_MAX_LENGTH, TextField } from '../common/text-field';

const MAX_VALUES = 200;

/** A setting's value: one text, or a list of up to 200 texts, each at most 255 characters. */
@ValidatorConstraint({ name: 'settingValue' })
class SettingValueRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    const fits = (text: unknown) => typeof text === 'string' && text.length <= TEXT_MAX_LENGTH;
    return fits(value) || (Array.isArray(value) && value.length <= MAX_VALUES && value.every(fits));
  }

  defaultMessage(args: ValidationArguments): string {
    const value = args.value as unknown;
    const tooLong = (text: unknown) => typeof text === 'string' && text.length > TEXT_MAX_LENGTH;
    return tooLong(value) || (Array.isArray(value) && value.some(tooLong)) ? 'too_long' : 'text_or_list';
  }
}

const SLUG = /^[a-z0-9][a-z0-9._-]*$/;

export class CreateSettingDto {
  @Matches(SLUG, { message: 'slug_format' })
  @TextField()
  slug: string;

  @IsDefined({ message: 'required' })
  @Validate(SettingValueRule, { context: { maxLength: TEXT_MAX_LENGTH } })
  value: SettingValue;
}

export class UpdateSettingDto {
  @Matches(SLUG, { message: 'slug_format' })
  @TextField({ optional: true })
  slug?: string;

  @IsOptional()
  @Validate(SettingValueRule, { context: { maxLength: TEXT_MAX_LENGTH } })
  value?: SettingValue;
}
