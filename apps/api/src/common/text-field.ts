import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export const TEXT_MAX_LENGTH = 255;

/** A text input: at most 255 characters (spec §5), required unless `optional`. */
export function TextField(options: { optional?: boolean; maxLength?: number } = {}) {
  const maxLength = options.maxLength ?? TEXT_MAX_LENGTH;
  return applyDecorators(
    options.optional ? IsOptional() : IsNotEmpty({ message: 'required' }),
    IsString({ message: 'must_be_text' }),
    MaxLength(maxLength, { message: 'too_long', context: { maxLength } }),
  );
}
