import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { TextField } from '../common/text-field';

/** An emptied form field ("") is nothing. */
const emptyIsNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

export const QUOTE_NOTE_MAX_LENGTH = 5000;

/**
 * `POST /pub/quote` (multipart: these fields and the files `files`). Quantities and the thickness are plain
 * numbers (`1000`, `2.5`: the page writes them so from what was typed in its language); `quantities` is
 * repeated per quantity or one field of numbers separated by commas or spaces. `website` is a honeypot: a
 * person never sees it, so a filled one is a robot's (answered 201, nothing stored).
 */
export class QuoteRequestDto {
  @ApiProperty({ maxLength: 255 })
  @TextField()
  company: string;

  @ApiProperty({ maxLength: 255 })
  @TextField()
  name: string;

  @ApiProperty({ maxLength: 255, format: 'email' })
  @TextField()
  @IsEmail({}, { message: 'invalid_email' })
  email: string;

  @ApiProperty({ type: 'array', items: { type: 'integer', minimum: 1, maximum: 1_000_000 }, description: '1 to 20 whole numbers of pieces.' })
  @Allow()
  quantities: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: 'A material of `GET /pub/quote`; else `materialText`.' })
  @Transform(emptyIsNull)
  @IsOptional()
  @IsUUID('all', { message: 'quote_material_unknown' })
  materialId?: string | null;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, description: 'The material in words, when none of the list fits.' })
  @Transform(emptyIsNull)
  @TextField({ optional: true })
  materialText?: string | null;

  @ApiPropertyOptional({ type: 'number', nullable: true, description: 'mm, above 0 and at most 100, at most three decimals.' })
  @Transform(emptyIsNull)
  @Allow()
  thickness?: unknown;

  @ApiPropertyOptional({ maxLength: QUOTE_NOTE_MAX_LENGTH, nullable: true })
  @Transform(emptyIsNull)
  @IsOptional()
  @IsString({ message: 'must_be_text' })
  @MaxLength(QUOTE_NOTE_MAX_LENGTH, { message: 'too_long', context: { maxLength: QUOTE_NOTE_MAX_LENGTH } })
  note?: string | null;

  @ApiPropertyOptional({ description: 'Leave empty (a honeypot the page hides).' })
  @IsOptional()
  @IsString({ message: 'must_be_text' })
  @MaxLength(2000, { message: 'too_long', context: { maxLength: 2000 } })
  website?: string;

  @ApiProperty({ type: 'array', items: { type: 'string', format: 'binary' }, description: '1 to 10 drawings: DXF, STEP, PDF, PNG, JPEG, GIF or WebP, each at most 10 MB.' })
  files?: unknown;
}
