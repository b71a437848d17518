import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsUUID, Matches, Max, Min, ValidateNested } from 'class-validator';
import { TextField } from '../common/text-field';
import { MayBeLeftOut } from '../common/validation';
import { ORDER_LINE_KINDS, OrderLineKind } from './item-price';
import { ORDER_STATUSES, OrderStatus } from './order-status';

// class-validator runs a property's stacked decorators from the bottom up and, with the pipe's
// stopAtFirstError, reports the first that fails: the check a person should see first is the lowest.
// Quantities, prices and percentages are kept as given here and read exactly by order-input.ts, which
// names what is wrong precisely (too many decimals, out of range) and never goes through a float sum.

/** More items than any order has; a bound on what one body may ask to check. */
export const MAX_ITEMS = 1000;
const WHOLE_MAX = 2_147_483_647;

const QUANTITY_SCHEMA = { type: 'number', exclusiveMinimum: true, minimum: 0, maximum: 9_999_999_999.9999, description: 'Pieces; at most four decimals.' } as const;
const PRICE_SCHEMA = { type: 'number', minimum: 0, maximum: 9_999_999_999.9999, description: 'Per piece; at most four decimals.' } as const;
const PERCENT_SCHEMA = { type: 'number', minimum: 0, maximum: 100, description: 'Percent, at most two decimals.' } as const;
const DATE_SCHEMA = { type: 'string', format: 'date' } as const;

/** An emptied form field ("") is nothing. */
const emptyIsNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

const DateField = (description?: string) =>
  applyDecorators(Transform(emptyIsNull), IsOptional(), ApiPropertyOptional({ ...DATE_SCHEMA, nullable: true, description }));

const EmailField = () =>
  applyDecorators(
    Transform(emptyIsNull),
    IsOptional(),
    IsEmail({}, { message: 'invalid_email' }),
    TextField({ optional: true }),
  );

/** A number kept as given (checked exactly by order-input.ts); optional ones may be left out or null. */
const Exact = (schema: object, required = false) =>
  applyDecorators(
    Transform(emptyIsNull),
    required ? IsDefined({ message: 'required' }) : IsOptional(),
    required ? ApiProperty(schema) : ApiPropertyOptional({ ...schema, nullable: true }),
  );

const Whole = (description: string) =>
  applyDecorators(
    Transform(({ value }) => (value === '' ? null : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
    IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'positive_number' }),
    Min(0, { message: 'positive_number' }),
    IsInt({ message: 'whole_number' }),
    Max(WHOLE_MAX, { message: 'number_too_large', context: { max: WHOLE_MAX } }),
    ApiPropertyOptional({ type: 'integer', minimum: 0, nullable: true, description }),
  );

/** A calculation of the product chosen to take the price from (a what-if, say); left out or null: its latest standard one. */
const CalculationChoice = () =>
  applyDecorators(
    Transform(emptyIsNull),
    IsOptional(),
    IsUUID('all', { message: 'unknown_reference' }),
    ApiPropertyOptional({
      type: 'string',
      format: 'uuid',
      nullable: true,
      description: "A calculation of the product to take the price from (a what-if one, say); left out or null: the product's latest standard calculation (not a what-if).",
    }),
  );

/** One product of an order: the unit price is taken from the product unless given (then with a reason when it differs). */
export class OrderItemInput {
  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'select_product' })
  productId: string;

  @Exact(QUANTITY_SCHEMA, true)
  quantity: unknown;

  @Exact({ ...PRICE_SCHEMA, description: 'Left out: the price taken from the product (latest calculation, else bulk prices).' })
  unitPrice?: unknown;

  @TextField({ optional: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 255, nullable: true, description: 'Required when the unit price differs from the one taken.' })
  unitPriceReason?: string | null;

  @Exact({ ...PERCENT_SCHEMA, description: 'Percent off the line amount; left out: 0.' })
  discountPercent?: unknown;

  @CalculationChoice()
  calculationId?: string | null;
}

/** The header of an order: everything but its number, status and totals. */
class OrderFields {
  @IsOptional()
  @IsUUID('all', { message: 'unknown_reference' })
  customerId?: string | null;

  @MayBeLeftOut()
  @IsIn(['en', 'de'], { message: 'language_code' })
  @ApiPropertyOptional({ type: 'string', enum: ['en', 'de'], description: "The customer's language (the offer's PDF); left out: the organization's." })
  language?: 'en' | 'de';

  @TextField({ optional: true })
  requestNumber?: string | null;

  @TextField({ optional: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 255, nullable: true, description: "The customer's own number for the order (their purchase order)." })
  customerOrderNumber?: string | null;

  @TextField({ optional: true })
  description?: string | null;

  @DateField('Left out on create: 30 days ahead.')
  validUntil?: unknown;

  @TextField({ optional: true })
  contactName?: string | null;

  @TextField({ optional: true })
  contactPhone?: string | null;

  @EmailField()
  contactEmail?: string | null;

  @TextField({ optional: true })
  paymentTerms?: string | null;

  @MayBeLeftOut()
  @Matches(/^[A-Z]{3}$/, { message: 'currency_code' })
  @IsNotEmpty({ message: 'currency_code' })
  @ApiPropertyOptional({ type: 'string', pattern: '^[A-Z]{3}$', description: "ISO 4217; left out on create: the organization's (setting `currency`)." })
  currency?: string;

  @TextField({ optional: true })
  shippingTerms?: string | null;

  @TextField({ optional: true })
  shippingMethod?: string | null;

  @DateField()
  shippingDate?: unknown;

  @Whole('Whole days.')
  shippingDays?: number | null;

  @Exact({ ...PERCENT_SCHEMA, description: 'Percent of the value of goods; left out on create: 0.' })
  commissionPercent?: unknown;

  @Exact({ ...PERCENT_SCHEMA, description: "Percent; left out on create: the organization's (setting `vat-rate`, 19 by default)." })
  vatRate?: unknown;
}

/** `POST /orders`: an order from selected products (at least one), with whatever of the header is known. */
export class CreateOrderDto extends OrderFields {
  @TextField({ optional: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 255, description: 'Left out: the number.' })
  name?: string | null;

  @Type(() => OrderItemInput)
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'invalid_value' })
  @ArrayMaxSize(MAX_ITEMS, { message: 'invalid_value' })
  @ArrayNotEmpty({ message: 'order_needs_product' })
  @IsArray({ message: 'order_needs_product' })
  @IsDefined({ message: 'order_needs_product' })
  @ApiProperty({ type: [OrderItemInput], minItems: 1, description: 'The selected products, each once.' })
  items: OrderItemInput[];
}

/** `PUT /orders/{id}`: the header; items, prices, discounts, commission, VAT rate and currency only while a draft. */
export class UpdateOrderDto extends OrderFields {
  @TextField({ optional: true })
  name?: string;
}

/** `POST /orders/{id}/status`. */
export class ChangeOrderStatusDto {
  @IsIn([...ORDER_STATUSES], { message: 'not_one_of', context: { values: ORDER_STATUSES.join(', ') } })
  @IsDefined({ message: 'required' })
  status: OrderStatus;

  @TextField({ optional: true })
  @ApiPropertyOptional({
    type: 'string',
    maxLength: 255,
    nullable: true,
    description: "With `ordered` only: the customer's order number, stored on the order (blank: none). With another status: 422.",
  })
  customerOrderNumber?: string | null;
}

const LINE_TEXT = 'A free line\'s text (what is sold) or a text line\'s heading or note; 1–1000 characters. Product lines: none.';
const LINE_UNIT = "A free line's unit (\"h\", \"kg\", at most 20 characters); null: pieces. Other lines: none.";

/**
 * `POST /order-items`: a line added to a draft, at its end. A product line (`kind` left out or `product`) takes
 * its price from the product unless given; a free line has a text, quantity, unit and unit price; a text line a
 * text only. Which fields each kind needs or refuses is checked by `OrderItemsService` (order-items.service.ts).
 */
export class CreateOrderItemDto {
  @IsUUID('all', { message: 'unknown_reference' })
  @IsNotEmpty({ message: 'required' })
  orderId: string;

  @MayBeLeftOut()
  @IsIn([...ORDER_LINE_KINDS], { message: 'not_one_of', context: { values: ORDER_LINE_KINDS.join(', ') } })
  @ApiPropertyOptional({ type: 'string', enum: [...ORDER_LINE_KINDS], description: 'Left out: `product`. Never changes.' })
  kind?: OrderLineKind;

  @Transform(emptyIsNull)
  @IsOptional()
  @IsUUID('all', { message: 'unknown_reference' })
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: 'Product lines: required. Free and text lines: none (422 when given).' })
  productId?: string | null;

  @TextField({ optional: true, maxLength: 1000 })
  @ApiPropertyOptional({ type: 'string', maxLength: 1000, nullable: true, description: LINE_TEXT })
  text?: string | null;

  @TextField({ optional: true, maxLength: 20 })
  @ApiPropertyOptional({ type: 'string', maxLength: 20, nullable: true, description: LINE_UNIT })
  unit?: string | null;

  @Exact({ ...QUANTITY_SCHEMA, description: 'Product and free lines: required (above 0, at most four decimals). Text lines: none.' })
  quantity?: unknown;

  @Exact({ ...PRICE_SCHEMA, description: 'Product lines: left out, the price taken from the product. Free lines: required. Text lines: none.' })
  unitPrice?: unknown;

  @TextField({ optional: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 255, nullable: true, description: "Product lines: required when the unit price differs from the one taken." })
  unitPriceReason?: string | null;

  @Exact({ ...PERCENT_SCHEMA, description: 'Percent off the line amount; left out: 0. Text lines: none.' })
  discountPercent?: unknown;

  @CalculationChoice()
  calculationId?: string | null;

  @Whole('Its place in the order (1: first); left out: last.')
  position?: number | null;
}

/**
 * `PUT /order-items/{id}`: a changed quantity takes the price again unless the item has a price of its own;
 * `unitPrice: null` takes it again. A line keeps its kind (`kind` other than its own: 422).
 */
export class UpdateOrderItemDto {
  @MayBeLeftOut()
  @IsIn([...ORDER_LINE_KINDS], { message: 'not_one_of', context: { values: ORDER_LINE_KINDS.join(', ') } })
  @ApiPropertyOptional({ type: 'string', enum: [...ORDER_LINE_KINDS], description: "The line's own kind only (it never changes)." })
  kind?: OrderLineKind;

  @TextField({ optional: true, maxLength: 1000 })
  @ApiPropertyOptional({ type: 'string', maxLength: 1000, nullable: true, description: LINE_TEXT })
  text?: string | null;

  @TextField({ optional: true, maxLength: 20 })
  @ApiPropertyOptional({ type: 'string', maxLength: 20, nullable: true, description: LINE_UNIT })
  unit?: string | null;

  @Exact(QUANTITY_SCHEMA)
  quantity?: unknown;

  @Exact({ ...PRICE_SCHEMA, description: 'Product lines: `null`, the price taken from the product again.' })
  unitPrice?: unknown;

  @TextField({ optional: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 255, nullable: true })
  unitPriceReason?: string | null;

  @Exact(PERCENT_SCHEMA)
  discountPercent?: unknown;

  @CalculationChoice()
  calculationId?: string | null;

  @Whole('Its place in the order (1: first).')
  position?: number | null;
}

/** `POST /orders/{id}/items/reorder`: every line of the order, each once, in the new order. */
export class ReorderOrderItemsDto {
  @IsUUID('all', { each: true, message: 'order_lines_reorder' })
  @ArrayMaxSize(MAX_ITEMS, { message: 'order_lines_reorder' })
  @IsArray({ message: 'order_lines_reorder' })
  @IsDefined({ message: 'required' })
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'uuid' }, description: "Every line id of the order, each once, in the new order." })
  itemIds: string[];
}
