import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { isMessageKey, MessageKey, MessageParams } from '@fabquote/i18n';
import { AppException } from './app-exception';

/** class-validator constraint → message key, for constraints used without an explicit key. */
const CONSTRAINT_KEYS: Record<string, MessageKey> = {
  isDefined: 'required',
  isNotEmpty: 'required',
  maxLength: 'too_long',
  isString: 'must_be_text',
  isEmail: 'invalid_email',
  isPositive: 'positive_number',
  min: 'positive_number',
  whitelistValidation: 'unknown_field',
};

export class ValidationFailed extends AppException {
  constructor(errors: ValidationError[]) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', 'validation_failed', {}, fieldErrors(errors));
  }
}

/** One message per field (the first failing constraint), with nested fields as dotted paths. */
function fieldErrors(errors: ValidationError[], parent = ''): Record<string, { key: MessageKey; params?: MessageParams }> {
  const result: Record<string, { key: MessageKey; params?: MessageParams }> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const [constraint, message] = Object.entries(error.constraints ?? {})[0] ?? [];
    if (constraint) {
      const key = message && isMessageKey(message) ? message : (CONSTRAINT_KEYS[constraint] ?? 'invalid_value');
      result[path] = { key, params: error.contexts?.[constraint] as MessageParams | undefined };
    }
    Object.assign(result, fieldErrors(error.children ?? [], path));
  }
  return result;
}

/**
 * Transformed DTOs; every failure becomes a 422 with one message per field. Unknown
 * fields are dropped, not refused: react-admin sends whole records back on update
 * (id, timestamps, computed figures), and those must not fail a save.
 */
export const validationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: false,
  transform: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => new ValidationFailed(errors),
});
