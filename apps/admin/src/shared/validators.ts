import type { Validator } from 'react-admin';
import { compareNumbers, decimalText } from './numbers';

/** docs/product.md §9: text values hold 255 characters at most. */
export const TEXT_MAX_LENGTH = 255;

/** 'Value can not be longer than {maxLength} characters' (docs/product.md §5). */
export const maxText =
  (maxLength: number = TEXT_MAX_LENGTH): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.length > maxLength ? { message: 'fabquote.validation.too_long', args: { maxLength } } : undefined;

/** 'Passwords do not match' (docs/product.md §5), checked against the field named. */
export const passwordsMatch =
  (otherField: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value && value !== values[otherField] ? 'fabquote.validation.passwords_do_not_match' : undefined;

/** A choice that must be made, with the area's own words ("Please select a product") rather than react-admin's "Required". */
export const chosen =
  (message: string): Validator =>
  (value: unknown) =>
    value ? undefined : message;

/** 'Value must be a positive number' (docs/product.md §5); empty is left to required(). */
export const positiveNumber = (): Validator => (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? undefined : 'fabquote.validation.positive_number';
};

/** Prices and costs may be zero but never negative; the API answers the same message for both (docs/product.md §5). */
export const nonNegativeNumber = (): Validator => (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number >= 0 ? undefined : 'fabquote.validation.positive_number';
};

/**
 * The upper end of a range (valid until, a maximum quantity or thickness) may not lie
 * below its lower end in `otherField`; either end left empty is an open range.
 * Numbers compare by value (exact decimal texts too: "9" is below "10"), calendar dates (YYYY-MM-DD) as text, which orders them.
 */
export const notBelow =
  (otherField: string, message: string): Validator =>
  (value: unknown, values: Record<string, unknown>) => {
    const lower = values?.[otherField];
    if (value === null || value === undefined || value === '' || lower === null || lower === undefined || lower === '') return undefined;
    // Numbers (as stored or as the number input holds them: exact decimal texts) compare exactly, by value.
    const upper = decimalText(value);
    const bottom = decimalText(lower);
    if (upper !== null && bottom !== null) return compareNumbers(upper, bottom) < 0 ? message : undefined;
    if (typeof value === 'number' || typeof lower === 'number' || typeof value === 'object' || typeof lower === 'object') return undefined;
    return String(value) < String(lower) ? message : undefined;
  };
