import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDateString, IsDefined, IsIn, IsInt, IsNumber, IsObject, IsOptional, IsPositive, IsUUID, Matches, Max, Min, ValidateNested } from 'class-validator';
import { TextField } from '../../common/text-field';
import { OFFER_LINE_KINDS, OfferLineKind } from '../requests/asked-lines';
import { AskedText } from '../requests/purchase-request-questions.dto';

/** numeric(14, 4): ten digits before the point. */
const AMOUNT_MAX = 9_999_999_999;
const WHOLE_MAX = 2_147_483_647;

/** A number typed into a form may arrive as text ("12.50"); an emptied field as "" is nothing. */
const numberOrNothing = ({ value }: { value: unknown }) =>
  value === '' ? null : typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/** An amount ≥ 0 (a cost, a unit price); optional ones may be left empty. */
const Amount = (options: { required?: boolean; positive?: boolean; whole?: boolean } = {}) => {
  const max = options.whole ? WHOLE_MAX : AMOUNT_MAX;
  return applyDecorators(
    Transform(numberOrNothing),
    options.required ? IsDefined({ message: 'required' }) : IsOptional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'positive_number' }),
    options.positive ? IsPositive({ message: 'positive_number' }) : Min(0, { message: 'positive_number' }),
    ...(options.whole ? [IsInt({ message: 'whole_number' })] : []),
    Max(max, { message: 'number_too_large', context: { max } }),
  );
};

/** One unit price of one line asked (a request's operation or part) at one quantity; no price: a tier left empty. */
export class OfferPriceDto {
  @ApiProperty({ enum: OFFER_LINE_KINDS, description: 'A request\'s operation or part.' })
  @IsIn([...OFFER_LINE_KINDS], { message: 'not_one_of', context: { values: OFFER_LINE_KINDS.join(', ') } })
  kind: OfferLineKind;

  @ApiProperty({ format: 'uuid', description: 'The id of the line (`lines[].id` of the page).' })
  @IsDefined({ message: 'offer_line_unknown' })
  @IsUUID('all', { message: 'offer_line_unknown' })
  lineId: string;

  @ApiProperty({ type: 'number', exclusiveMinimum: true, minimum: 0 })
  @Amount({ required: true, positive: true })
  quantity: number;

  @ApiPropertyOptional({ type: 'number', minimum: 0, nullable: true, description: 'Empty (`null`): no price at this tier.' })
  @Amount()
  unitPrice?: number | null;
}

/** `POST /pub/purchase-requests/{id}/{supplierId}/offers`: a new revision of the supplier's offer. */
export class SubmitOfferDto {
  @ApiProperty({ type: 'string', format: 'date' })
  @Transform(({ value }) => (value === '' ? null : value))
  @IsDefined({ message: 'shipping_date_required' })
  @IsDateString({ strict: true }, { message: 'invalid_date' })
  @Matches(/^[12]\d{3}-\d{2}-\d{2}$/, { message: 'invalid_date' })
  shippingDate: string;

  @ApiPropertyOptional({ type: 'number', minimum: 0, nullable: true, description: 'Empty: 0.' })
  @Amount()
  packagingCost?: number | null;

  @ApiPropertyOptional({ type: 'number', minimum: 0, nullable: true, description: 'Empty: 0.' })
  @Amount()
  shippingCost?: number | null;

  @ApiPropertyOptional({ type: 'number', minimum: 0, nullable: true, description: 'Empty: 0.' })
  @Amount()
  customsCost?: number | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, nullable: true, description: 'Whole days.' })
  @Amount({ whole: true })
  leadTimeDays?: number | null;

  @TextField({ optional: true })
  additionalInformation?: string | null;

  @ApiProperty({ type: [OfferPriceDto], description: 'At least one with a `unitPrice`; each line and quantity once.' })
  @IsDefined({ message: 'pricing_tier_required' })
  @IsArray({ message: 'pricing_tier_required' })
  @ArrayMaxSize(1000, { message: 'invalid_value' })
  @IsObject({ each: true, message: 'invalid_value' })
  @ValidateNested({ each: true })
  @Type(() => OfferPriceDto)
  prices: OfferPriceDto[];
}

/** `POST /pub/purchase-requests/{id}/{supplierId}/questions`. */
export class AskQuestionDto {
  @AskedText('question_required')
  question: string;
}

