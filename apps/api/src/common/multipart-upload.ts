import { CallHandler, ExecutionContext, HttpStatus, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { Observable } from 'rxjs';
import { AppException, FieldInvalid } from './app-exception';
import { MAX_REQUEST_FILE_BYTES } from './file-type';

/** A file part as multer's memory storage hands it over. */
export interface UploadedPart {
  originalname: string;
  size: number;
  buffer: Buffer;
}

type MessageKey = Parameters<typeof fieldError>[1];

export interface UploadRules {
  /** The file fields, how many files each takes, and the message for a file over 10 MB (`file_too_large` unless given). */
  files: Array<{ name: string; maxCount: number; tooMany: MessageKey; tooLarge?: MessageKey }>;
  /** The largest text field in bytes (busboy's `fieldSize`, 1 MB unless given), and the field and message named when one is larger. */
  textBytes?: number;
  tooLongText?: { field: string; key: MessageKey };
}

/** Busboy's own limit of a text field. */
const DEFAULT_TEXT_BYTES = 1024 * 1024;

const fieldError = (field: string, key: ConstructorParameters<typeof FieldInvalid>[1], params: Record<string, string> = {}) => new FieldInvalid(field, key, params);

/**
 * Reads a multipart form with multer (memory storage, file names as UTF-8, which is what browsers send)
 * and says each of multer's refusals as a 422 on its field in the reader's language: a file too large,
 * one file too many, a file under a name the form does not have, a text too long, too many parts.
 * A form that cannot be read at all is a 400 without busboy's English words. Nest's own
 * `FileFieldsInterceptor` answers most of these as a 400 in English and drops the field's name.
 */
export function MultipartUpload(rules: UploadRules): Type<NestInterceptor> {
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    // One more file per field than allowed, so one too many is ours to say, and the rest of the form is still read.
    limits: { fileSize: MAX_REQUEST_FILE_BYTES, fieldSize: rules.textBytes ?? DEFAULT_TEXT_BYTES, fields: 20, parts: 64 },
  }).fields(rules.files.map((file) => ({ name: file.name, maxCount: file.maxCount + 1 })));

  @Injectable()
  class MultipartUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) =>
        upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => (error ? reject(refusal(error)) : resolve())),
      );
      const parts = (http.getRequest<Request>().files ?? {}) as Record<string, UploadedPart[]>;
      for (const file of rules.files) if ((parts[file.name]?.length ?? 0) > file.maxCount) throw fieldError(file.name, file.tooMany);
      return next.handle();
    }
  }

  function refusal(error: unknown): AppException {
    if (!(error instanceof MulterError)) return new AppException(HttpStatus.BAD_REQUEST, 'malformed_request', 'multipart_malformed');
    const field = error.field ?? rules.files[0].name;
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return fieldError(field, rules.files.find((file) => file.name === field)?.tooLarge ?? 'file_too_large');
      case 'LIMIT_FIELD_VALUE':
        return rules.tooLongText ? fieldError(rules.tooLongText.field, rules.tooLongText.key) : fieldError(error.field ?? field, 'form_field_too_large');
      case 'LIMIT_UNEXPECTED_FILE': {
        const known = rules.files.find((file) => file.name === error.field);
        return known ? fieldError(known.name, known.tooMany) : fieldError(field.slice(0, 64), 'unexpected_file_field', { field: field.slice(0, 64) });
      }
      default:
        // Too many parts, fields or files; a field name too long.
        return fieldError(rules.files[0].name, 'too_many_parts');
    }
  }

  return mixin(MultipartUploadInterceptor);
}
