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
