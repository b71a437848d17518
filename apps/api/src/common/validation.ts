import { ArgumentMetadata, HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf } from 'class-validator';
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

/** PostgreSQL stores no NUL character in text or JSON; a value with one is refused before it gets there. */
class UnstorableCharacter extends AppException {
  constructor(path: string) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', 'validation_failed', {}, { [path]: { key: 'invalid_characters' } });
  }
}

/** The dotted path of the first string holding a NUL character, in a body, a query or a parameter. */
function pathOfNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  // An uploaded file's bytes are no text: walking a 10 MB Buffer entry by entry took 20 s of garbage collection.
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    // A NUL in a key (a setting's JSON value may have any keys) is reported on the object holding it.
    if (key.includes('\u0000')) return path || key;
    const found = pathOfNul(inner, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

class FabquoteValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const path = pathOfNul(value, metadata.type === 'param' || metadata.type === 'query' ? (metadata.data ?? '') : '');
    if (path !== undefined) throw new UnstorableCharacter(path);
    return super.transform(value, metadata);
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
 * (id, timestamps, computed figures), and those must not fail a save. A NUL character
 * anywhere is refused first, on its field: the database could not store it.
 */
export const validationPipe = new FabquoteValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: false,
  transform: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => new ValidationFailed(errors),
});

/**
 * An optional field that has no "empty": it may be left out, but `null` is checked like any
 * other value and so refused (a language, a flag, a list of roles). `IsOptional` would let
 * `null` through to a NOT NULL column.
 */
export const MayBeLeftOut = () => ValidateIf((_object, value) => value !== undefined);
