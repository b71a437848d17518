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
  constructor(path: string, key: 'invalid_characters' | 'lone_surrogate') {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', 'validation_failed', {}, { [path]: { key } });
  }
}

/**
 * How deep a body, a query or a parameter may nest: far beyond any of the API's own (a supplier's offer,
 * the deepest, is 3 levels), far below what would overflow the stack of class-transformer and
 * class-validator, which walk a value recursively (a JSON body 3,000 levels deep, 6 KB, did).
 */
export const MAX_DEPTH = 32;

/** A value nested deeper than {@link MAX_DEPTH}: 400, before any validation looks at it. */
export class TooDeep extends AppException {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'too_deep', 'json_too_deep', { depth: MAX_DEPTH });
  }
}

/**
 * Half of a UTF-16 surrogate pair with no other half (JSON's `"\ud800x"`): no character at all. It can not
 * be written as UTF-8 (PostgreSQL, mails, PDFs), and `@IsEmail` threw a URIError on one (a 500).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text or a key, if anything: a NUL character or a lone surrogate. */
function unstorable(text: string): 'invalid_characters' | 'lone_surrogate' | undefined {
  if (text.includes('\u0000')) return 'invalid_characters';
  return LONE_SURROGATE.test(text) ? 'lone_surrogate' : undefined;
}

/**
 * The first text (dotted path and fault) holding a NUL character or a lone surrogate, in a body, a query or
 * a parameter, in the order of its fields; a value nested deeper than {@link MAX_DEPTH} is refused. Walked
 * with a list of its own, not recursively, so no value can overflow the stack here.
 */
export function unstorableText(value: unknown, path = ''): { path: string; key: 'invalid_characters' | 'lone_surrogate' } | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path: at, depth } = pending.pop()!;
    if (typeof current === 'string') {
      const key = unstorable(current);
      if (key) return { path: at || 'value', key };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // An uploaded file's bytes are no text: walking a 10 MB Buffer entry by entry took 20 s of garbage collection.
    if (ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_DEPTH) throw new TooDeep();
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [name, inner] = entries[index];
      pending.push({ value: inner, path: at ? `${at}.${name}` : name, depth: depth + 1 });
    }
    // A bad key (a setting's JSON value may have any keys) is reported on the object holding it, before its values.
    for (const [name] of entries) {
      const key = unstorable(name);
      if (key) return { path: at || name, key };
    }
  }
  return undefined;
}

class FabquoteValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const found = unstorableText(value, metadata.type === 'param' || metadata.type === 'query' ? (metadata.data ?? '') : '');
    if (found !== undefined) throw new UnstorableCharacter(found.path, found.key);
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
 * or a lone surrogate anywhere is refused first, on its field (the database could not
 * store it), and a value nested deeper than `MAX_DEPTH` is a 400 before any of it is read.
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
