import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { FieldInvalid } from '../../common/app-exception';
import { TextField } from '../../common/text-field';
import { MayBeLeftOut } from '../../common/validation';
import { REMINDER_FREQUENCIES, ReminderFrequency } from '../shared/purchase-request.entity';

// class-validator runs a property's stacked decorators from the bottom up and, with the pipe's
// stopAtFirstError, reports the first that fails: the check whose message a person should see first
// (e.g. "Please select a product" for a missing id) is therefore the lowest.

/** More ids than any request has (the bench sends one to 100 suppliers); a bound on what one body may ask to check. */
export const MAX_IDS = 1000;

const QUANTITIES_SCHEMA = {
  type: 'array',
  items: { type: 'number', exclusiveMinimum: true, minimum: 0, maximum: 9_999_999_999 },
  minItems: 1,
  maxItems: 10,
  uniqueItems: true,
  description: 'The quantities asked, e.g. [10, 50, 200]: 1 to 10 positive numbers, each once.',
  example: [10, 50, 200],
} as const;

const DEADLINE_SCHEMA = { type: 'string', format: 'date-time', description: 'In the future.' } as const;

/** The quantities are checked by `askedQuantities`, which names what is wrong with a list precisely; the pipe only keeps the field. */
const Quantities = () => IsDefined({ message: 'quantities_required' });

/** One product of a new request with the quantities asked. */
export class RequestedProductInput {
  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_product' })
  productId: string;

  @Quantities()
  quantities: unknown;
}

/** `null` for a reminder frequency: no reminders. */
const ReminderFrequencyField = () => IsIn(REMINDER_FREQUENCIES, { message: 'not_one_of', context: { values: REMINDER_FREQUENCIES.join(', ') } });

/** `POST /purchase-requests`: the whole stepper in one call (products → details → suppliers → operations → parts). */
export class CreatePurchaseRequestDto {
  @TextField()
  name: string;

  @IsISO8601({ strict: true }, { message: 'invalid_date_time' })
  @IsNotEmpty({ message: 'required' })
  @ApiProperty(DEADLINE_SCHEMA)
  closeSubmissionDeadline: string;

  @MayBeLeftOut()
  @IsBoolean({ message: 'must_be_yes_no' })
  includeProductPreview?: boolean;

  @IsOptional()
  @ReminderFrequencyField()
  reminderFrequency?: ReminderFrequency | null;

  @TextField({ optional: true })
  additionalInformation?: string | null;

  @Type(() => RequestedProductInput)
  @ValidateNested({ each: true })
  @ArrayMaxSize(MAX_IDS, { message: 'invalid_value' })
  @ArrayNotEmpty({ message: 'purchase_request_needs_products' })
  @IsArray({ message: 'purchase_request_needs_products' })
  @ApiProperty({
    type: 'array',
    minItems: 1,
    items: { type: 'object', properties: { productId: { type: 'string', format: 'uuid' }, quantities: QUANTITIES_SCHEMA }, required: ['productId', 'quantities'] },
  })
  products: RequestedProductInput[];

  @IsUUID('all', { each: true, message: 'unknown_reference' })
  @ArrayMaxSize(MAX_IDS, { message: 'invalid_value' })
  @ArrayNotEmpty({ message: 'purchase_request_needs_suppliers' })
  @IsArray({ message: 'purchase_request_needs_suppliers' })
  supplierIds: string[];

  @IsOptional()
  @IsUUID('all', { each: true, message: 'unknown_reference' })
  @ArrayMaxSize(MAX_IDS, { message: 'invalid_value' })
  @IsArray({ message: 'invalid_value' })
  productOperationIds?: string[] | null;

  @IsOptional()
  @IsUUID('all', { each: true, message: 'unknown_reference' })
  @ArrayMaxSize(MAX_IDS, { message: 'invalid_value' })
  @IsArray({ message: 'invalid_value' })
  productPartIds?: string[] | null;
}

/** `PUT /purchase-requests/{id}`: the details only; what is asked and from whom changes through the children. */
export class UpdatePurchaseRequestDto {
  @TextField({ optional: true })
  name?: string;

  @MayBeLeftOut()
  @IsISO8601({ strict: true }, { message: 'invalid_date_time' })
  @ApiPropertyOptional(DEADLINE_SCHEMA)
  closeSubmissionDeadline?: string;

  @MayBeLeftOut()
  @IsBoolean({ message: 'must_be_yes_no' })
  includeProductPreview?: boolean;

  @IsOptional()
  @ReminderFrequencyField()
  reminderFrequency?: ReminderFrequency | null;

  @TextField({ optional: true })
  additionalInformation?: string | null;
}

/** `POST /purchase-requests/{id}/send`: without `supplierIds` to all its suppliers; a subset is a resend to those. */
export class SendPurchaseRequestDto {
  @IsOptional()
  @IsUUID('all', { each: true, message: 'unknown_reference' })
  @ArrayMaxSize(MAX_IDS, { message: 'invalid_value' })
  @ArrayNotEmpty({ message: 'purchase_request_needs_suppliers' })
  @IsArray({ message: 'invalid_value' })
  supplierIds?: string[] | null;
}

/** `GET /purchase-requests/{id}/email-preview`. */
export class EmailPreviewQuery {
  @IsOptional()
  @IsIn(['en', 'de'], { message: 'language_code' })
  language?: 'en' | 'de';

  @IsOptional()
  @IsUUID('all', { message: 'unknown_reference' })
  supplierId?: string;
}

const RequestId = () => IsUUID('all', { message: 'unknown_reference' });

export class CreateRequestProductDto {
  @RequestId()
  @IsNotEmpty({ message: 'required' })
  purchaseRequestId: string;

  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_product' })
  productId: string;

  @Quantities()
  @ApiProperty(QUANTITIES_SCHEMA)
  quantities: unknown;
}

export class UpdateRequestProductDto {
  @IsOptional()
  @ApiPropertyOptional(QUANTITIES_SCHEMA)
  quantities?: unknown;
}

export class CreateRequestSupplierDto {
  @RequestId()
  @IsNotEmpty({ message: 'required' })
  purchaseRequestId: string;

  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_supplier' })
  supplierId: string;
}

export class CreateRequestOperationDto {
  @RequestId()
  @IsNotEmpty({ message: 'required' })
  purchaseRequestId: string;

  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_product_operation' })
  productOperationId: string;
}

export class CreateRequestPartDto {
  @RequestId()
  @IsNotEmpty({ message: 'required' })
  purchaseRequestId: string;

  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_product_part' })
  productPartId: string;
}

/** The text fields of `POST /purchase-request-files` (multipart); the file itself is `file`. */
export class CreateRequestFileDto {
  @RequestId()
  @IsNotEmpty({ message: 'required' })
  purchaseRequestId: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'One file, at most 10 MB: PDF, PNG, JPEG, GIF, WebP, DXF, STEP or ZIP (Office documents).' })
  file?: unknown;
}

/** At most this many quantities per product (docs/api-procurement.md). */
export const MAX_ASKED_QUANTITIES = 10;
/** What `numeric(14, 4)` holds. */
const MAX_QUANTITY = 9_999_999_999;

/**
 * The quantities asked of a product (`[10, 50, 200]`), as exact strings for the `numeric(14, 4)[]`
 * column, ascending: 1 to 10 positive numbers (digits as text are taken too), each once after rounding
 * to the four decimals the column keeps. Anything else is a 422 on `field`, naming what is wrong.
 */
export function askedQuantities(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new FieldInvalid(field, 'quantities_required');
  if (value.length > MAX_ASKED_QUANTITIES) throw new FieldInvalid(field, 'quantities_too_many', { max: MAX_ASKED_QUANTITIES });
  const quantities: number[] = [];
  for (const item of value) {
    const number = typeof item === 'number' ? item : typeof item === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(item) ? Number(item) : NaN;
    if (!Number.isFinite(number)) throw new FieldInvalid(field, typeof number === 'number' && number === Infinity ? 'number_too_large' : 'positive_number', { max: MAX_QUANTITY });
    if (number > MAX_QUANTITY) throw new FieldInvalid(field, 'number_too_large', { max: MAX_QUANTITY });
    const rounded = Math.round(number * 10_000) / 10_000;
    if (rounded <= 0) throw new FieldInvalid(field, 'positive_number');
    if (quantities.includes(rounded)) throw new FieldInvalid(field, 'quantities_duplicate');
    quantities.push(rounded);
  }
  return quantities.sort((a, b) => a - b).map(String);
}
