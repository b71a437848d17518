import { HttpStatus } from '@nestjs/common';
import { MessageKey, MessageParams } from '@fabquote/i18n';

/**
 * A failure a person can act on: a status, a stable code and a message key the
 * exception filter translates into the caller's language.
 */
export class AppException extends Error {
  constructor(
    readonly status: HttpStatus,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    /** Field name → message key, for 422 answers shown beside inputs. */
    readonly fieldErrors?: Record<string, { key: MessageKey; params?: MessageParams }>,
    /** More top-level body fields: the translated message repeated under a name (`mfa_code`), or plain figures. */
    readonly extra: { messageAlso?: string; details?: Record<string, string | number> } = {},
  ) {
    super(messageKey);
  }
}

export class OrganizationNotFound extends AppException {
  constructor() {
    super(HttpStatus.NOT_FOUND, 'no_organization', 'organization_not_found');
  }
}

export class RecordNotFound extends AppException {
  constructor() {
    super(HttpStatus.NOT_FOUND, 'not_found', 'not_found');
  }
}

/** A unique field taken by another row: a 422 on that field. */
export class FieldTaken extends AppException {
  constructor(field: string, key: MessageKey) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', 'validation_failed', {}, { [field]: { key } });
  }
}

/** A 422 on one field. */
export class FieldInvalid extends AppException {
  constructor(field: string, key: MessageKey, params: MessageParams = {}, extra: AppException['extra'] = {}) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation_failed', key, params, { [field]: { key, params } }, extra);
  }
}
