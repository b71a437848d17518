import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FieldInvalid } from './app-exception';

export const TEXT_MAX_LENGTH = 255;

/** A text input: at most 255 characters (docs/product.md §5), required unless `optional`. */
export function TextField(options: { optional?: boolean; maxLength?: number } = {}) {
  const maxLength = options.maxLength ?? TEXT_MAX_LENGTH;
  return applyDecorators(
    options.optional ? IsOptional() : IsNotEmpty({ message: 'required' }),
    IsString({ message: 'must_be_text' }),
    MaxLength(maxLength, { message: 'too_long', context: { maxLength } }),
  );
}

/** An optional text as stored: trimmed, and empty or `null` (cleared in a form) as nothing. */
export function optionalText(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/** A text that may be changed but not emptied: trimmed, else the field's 422. */
export function requiredText(field: string, value: string | null | undefined): string {
  const text = value?.trim();
  if (!text) throw new FieldInvalid(field, 'required');
  return text;
}
