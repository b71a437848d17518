import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { postgresRefusal } from '@fabquote/database';
import { redactUrl } from '@fabquote/runtime';
import { DEFAULT_LOCALE, formatNumber, Locale, localeFromAcceptLanguage, MessageKey, translate } from '@fabquote/i18n';
import { AppException } from './app-exception';
import { FabquoteRequest } from './request-context';
import { isServiceUnavailable, RETRY_AFTER_SECONDS } from './unavailable';
import { MAX_DEPTH } from './validation';

interface ErrorBody {
  [field: string]: unknown;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  errorId?: string;
}

/**
 * What PostgreSQL refused that validation should have caught first. An id that is no id
 * (or out of range) finds nothing; a value the database's own checks refuse is invalid.
 * Validation names the field; these are the net under it, so such input is never a 500.
 */
const DATABASE_REFUSALS: Record<string, { status: number; key: MessageKey; code: string }> = {
  '22P02': { status: HttpStatus.NOT_FOUND, key: 'not_found', code: 'not_found' },
  '22003': { status: HttpStatus.NOT_FOUND, key: 'not_found', code: 'not_found' },
  '23514': { status: HttpStatus.UNPROCESSABLE_ENTITY, key: 'invalid_value', code: 'validation_failed' },
  '23502': { status: HttpStatus.UNPROCESSABLE_ENTITY, key: 'required', code: 'validation_failed' },
  '22021': { status: HttpStatus.UNPROCESSABLE_ENTITY, key: 'invalid_characters', code: 'validation_failed' },
  '22P05': { status: HttpStatus.UNPROCESSABLE_ENTITY, key: 'invalid_characters', code: 'validation_failed' },
  // Two transactions waited on each other (a repricing run and an edit of the same product tree), and
  // PostgreSQL cancelled this one: nothing was written, and trying again succeeds.
  '40P01': { status: HttpStatus.CONFLICT, key: 'record_changed', code: 'concurrent_change' },
  '40001': { status: HttpStatus.CONFLICT, key: 'record_changed', code: 'concurrent_change' },
};

/**
 * The one place errors become responses (docs/design.md §5). Known failures keep
 * their status and get a translated message; anything else is a 500 whose
 * `errorId` is in the log next to the stack trace, which never leaves the server.
 */
@Catch()
export class ExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FabquoteRequest>();
    const response = http.getResponse<Response>();
    // A body too large or no JSON is refused before the organization and user are known: the browser's language then.
    const locale = request.locale ?? localeFromAcceptLanguage(request.headers?.['accept-language']) ?? DEFAULT_LOCALE;
    const [status, body] = this.describe(exception, locale, request);
    if (response.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    // A limit that says when it lifts (`retry_after`, seconds) says it in the standard header too.
    if (status === HttpStatus.TOO_MANY_REQUESTS && typeof body.retry_after === 'number') response.setHeader('Retry-After', String(body.retry_after));
    response.status(status).json(body);
  }

  private describe(exception: unknown, locale: Locale, request: FabquoteRequest): [number, ErrorBody] {
    if (exception instanceof AppException) {
      const body: ErrorBody = { message: translate(locale, exception.messageKey, exception.params) };
      if (exception.code) body.code = exception.code;
      if (exception.extra.messageAlso) body[exception.extra.messageAlso] = body.message;
      Object.assign(body, exception.extra.details);
      if (exception.fieldErrors) {
        body.errors = Object.fromEntries(
          Object.entries(exception.fieldErrors).map(([field, { key, params }]) => [field, translate(locale, key, params)]),
        );
      }
      return [exception.status, body];
    }
    if (exception instanceof HttpException) return this.describeHttp(exception, locale);
    const parserType = (exception as { type?: unknown } | null)?.type;
    // Nested too deep: a JSON body (counted before it is parsed, common/json-body.ts) or a form (the body parser's own depth limit).
    if (parserType === 'entity.too.deep' || parserType === 'querystring.parse.rangeError') {
      return [HttpStatus.BAD_REQUEST, { message: translate(locale, 'json_too_deep', { depth: MAX_DEPTH }), code: 'too_deep' }];
    }
    // A form of more than 1,000 fields.
    if (parserType === 'parameters.too.many') return [HttpStatus.PAYLOAD_TOO_LARGE, { message: translate(locale, 'payload_too_large'), code: 'payload_too_large' }];
    const tooLarge = bodyTooLarge(exception);
    if (tooLarge) {
      return [HttpStatus.PAYLOAD_TOO_LARGE, { message: translate(locale, 'payload_too_large_size', { limit: `${formatNumber(locale, megabytes(tooLarge.limit))} MB` }), code: 'payload_too_large' }];
    }
    const known = DATABASE_REFUSALS[postgresRefusal(exception)?.code ?? ''];
    if (known) return [known.status, { message: translate(locale, known.key), code: known.code }];
    if (isServiceUnavailable(exception)) {
      // Not a bug of ours: a warning without the stack, and the client is told when to try again.
      this.logger.warn({ err: { message: (exception as Error).message }, method: request.method, url: redactUrl(request.originalUrl) }, 'Service unavailable');
      return [HttpStatus.SERVICE_UNAVAILABLE, { message: translate(locale, 'service_unavailable', { seconds: RETRY_AFTER_SECONDS }), code: 'service_unavailable' }];
    }
    const errorId = randomUUID();
    this.logger.error(
      { errorId, err: exception, method: request.method, url: redactUrl(request.originalUrl), organization: request.organization?.slug },
      'Unexpected error',
    );
    return [HttpStatus.INTERNAL_SERVER_ERROR, { message: translate(locale, 'server_error'), errorId }];
  }

  private describeHttp(exception: HttpException, locale: Locale): [number, ErrorBody] {
    const status = exception.getStatus();
    switch (status) {
      case HttpStatus.UNAUTHORIZED:
        return [status, { message: translate(locale, 'unauthenticated') }];
      case HttpStatus.FORBIDDEN:
        return [status, { message: translate(locale, 'forbidden') }];
      case HttpStatus.NOT_FOUND:
        return [status, { message: translate(locale, 'unknown_route'), code: 'not_found' }];
      case HttpStatus.PAYLOAD_TOO_LARGE:
        return [status, { message: translate(locale, 'payload_too_large'), code: 'payload_too_large' }];
      case HttpStatus.TOO_MANY_REQUESTS:
        return [status, { message: translate(locale, 'too_many_requests', { seconds: 60 }) }];
      case HttpStatus.BAD_REQUEST:
        // The JSON parser's own words are English; a body that is no JSON is said in the user's language.
        if (/JSON/.test(exception.message)) return [status, { message: translate(locale, 'malformed_json') }];
        return [status, { message: translate(locale, 'malformed_request', { detail: exception.message }) }];
      default:
        return [status, { message: exception.message }];
    }
  }
}

/** The body parser's refusal of a body over its limit (it is no HttpException): its limit in bytes. */
function bodyTooLarge(exception: unknown): { limit: number } | null {
  const failure = exception as { type?: unknown; limit?: unknown } | null;
  return failure?.type === 'entity.too.large' ? { limit: Number(failure.limit) } : null;
}

/** A limit in megabytes, to a tenth (the reader's notation is the caller's). */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
