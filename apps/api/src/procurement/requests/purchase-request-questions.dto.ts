import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MessageKey } from '@fabquote/i18n';
import { TEXT_MAX_LENGTH } from '../../common/text-field';

/**
 * A required text with a message of its own when it is missing ("Please enter your question"): the supplier's
 * question (the supplier's page) and staff's answer.
 */
export const AskedText = (missing: MessageKey) =>
  applyDecorators(
    IsDefined({ message: missing }),
    IsNotEmpty({ message: missing }),
    IsString({ message: 'must_be_text' }),
    MaxLength(TEXT_MAX_LENGTH, { message: 'too_long', context: { maxLength: TEXT_MAX_LENGTH } }),
  );

/** `PUT /purchase-request-questions/{id}`: staff's answer, mailed to the supplier. */
export class AnswerQuestionDto {
  @AskedText('answer_required')
  answer: string;
}
