import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { OFFER_LINE_KINDS, OfferLineKind } from '../requests/asked-lines';

/** One line of the offer's request: a request's operation or part (`lines[].id` of the supplier page, `supplier-offer-prices`). */
export class AwardLineDto {
  @IsIn([...OFFER_LINE_KINDS], { message: 'not_one_of', context: { values: OFFER_LINE_KINDS.join(', ') } })
  kind: OfferLineKind;

  @IsUUID('all', { message: 'award_line_unknown' })
  @IsDefined({ message: 'award_line_unknown' })
  lineId: string;
}

/** `POST /supplier-offers/{id}/award`: without `lines`, every line the offer prices. */
export class AwardOfferDto {
  @ApiPropertyOptional({
    type: 'array',
    nullable: true,
    minItems: 1,
    maxItems: 1000,
    items: {
      type: 'object',
      properties: { kind: { type: 'string', enum: [...OFFER_LINE_KINDS] }, lineId: { type: 'string', format: 'uuid' } },
      required: ['kind', 'lineId'],
    },
    description: 'The lines to award; left out (or null): every line the offer prices.',
  })
  @IsOptional()
  @Type(() => AwardLineDto)
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'invalid_value' })
  @ArrayMaxSize(1000, { message: 'invalid_value' })
  @ArrayNotEmpty({ message: 'award_lines_required' })
  @IsArray({ message: 'award_lines_required' })
  lines?: AwardLineDto[] | null;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description: 'Switch off the other active suppliables of each awarded part or operation; default false: they stay active and the engine buys the cheapest.',
  })
  @IsOptional()
  @IsBoolean({ message: 'invalid_value' })
  switchOffOthers?: boolean;
}
