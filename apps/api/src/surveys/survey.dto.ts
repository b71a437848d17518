import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID } from 'class-validator';
import { TextField } from '../common/text-field';

/** An emptied form field ("") is nothing. */
const emptyIsNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** `POST /surveys`: one inquiry, named, maybe of a customer. */
export class CreateSurveyDto {
  @ApiProperty({ maxLength: 255 })
  @TextField()
  title: string;

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true })
  @Transform(emptyIsNull)
  @IsOptional()
  @IsUUID('all', { message: 'unknown_reference' })
  customerId?: string | null;
}

/** `PUT /surveys/{id}`: the same fields, each optional (react-admin sends the whole record back). */
export class UpdateSurveyDto {
  @ApiPropertyOptional({ maxLength: 255 })
  @TextField({ optional: true })
  title?: string;

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true })
  @Transform(emptyIsNull)
  @IsOptional()
  @IsUUID('all', { message: 'unknown_reference' })
  customerId?: string | null;
}

/** The text part of `POST /surveys/{id}/inputs` (multipart): the files are `files` and `audio`. */
export class AddSurveyInputsDto {
  @ApiPropertyOptional({ description: 'The inquiry as text (at most 100,000 characters).' })
  @IsOptional()
  @IsString({ message: 'must_be_text' })
  text?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', format: 'binary' }, description: 'One to 20 drawings: PDF, PNG, JPEG, GIF, WebP, DXF or STEP, each at most 10 MB.' })
  files?: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'One recording: WebM, Ogg, MP3, WAV or M4A, at most 10 MB.' })
  audio?: unknown;
}
