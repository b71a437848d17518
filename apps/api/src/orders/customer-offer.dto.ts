import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MessageKey } from '@fabquote/i18n';
import { TEXT_MAX_LENGTH } from '../common/text-field';

/** A note, a reason, a question or an answer: a longer text. */
export const NOTE_MAX_LENGTH = 2000;

const Required = (missing: MessageKey, maxLength: number) =>
  applyDecorators(
    IsDefined({ message: missing }),
    IsString({ message: 'must_be_text' }),
    IsNotEmpty({ message: missing }),
    MaxLength(maxLength, { message: 'too_long', context: { maxLength } }),
  );

const Optional = (maxLength: number) =>
  applyDecorators(IsOptional(), IsString({ message: 'must_be_text' }), MaxLength(maxLength, { message: 'too_long', context: { maxLength } }));

/** `POST /pub/offers/{id}/accept`: who accepts, the customer's own order number, a note. */
export class AcceptOfferDto {
  @ApiProperty({ maxLength: TEXT_MAX_LENGTH, description: 'The name of the person accepting, as typed.' })
  @Required('offer_name_required', TEXT_MAX_LENGTH)
  name: string;

  @ApiPropertyOptional({ maxLength: TEXT_MAX_LENGTH, nullable: true, description: 'The customer\'s own number for the order (their purchase order).' })
  @Optional(TEXT_MAX_LENGTH)
  customerOrderNumber?: string | null;

  @ApiPropertyOptional({ maxLength: NOTE_MAX_LENGTH, nullable: true })
  @Optional(NOTE_MAX_LENGTH)
  note?: string | null;
}

/** `POST /pub/offers/{id}/decline`: why, if the customer says. */
export class DeclineOfferDto {
  @ApiPropertyOptional({ maxLength: NOTE_MAX_LENGTH, nullable: true })
  @Optional(NOTE_MAX_LENGTH)
  reason?: string | null;
}

/** `POST /pub/offers/{id}/questions`. */
export class AskOfferQuestionDto {
  @ApiProperty({ maxLength: NOTE_MAX_LENGTH })
  @Required('question_required', NOTE_MAX_LENGTH)
  question: string;
}

/** `PUT /order-questions/{id}`: staff's answer, mailed to the customer. */
export class AnswerOrderQuestionDto {
  @ApiProperty({ maxLength: NOTE_MAX_LENGTH })
  @Required('answer_required', NOTE_MAX_LENGTH)
  answer: string;
}
