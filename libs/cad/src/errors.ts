/**
 * Why a CAD file could not be read, with a short English reason for the log and the survey
 * input's details. The API shows its own message ("Could not create products from files") in the
 * reader's language; `code` says which case it was without parsing the text.
 */
export type CadReadErrorCode =
  | 'not-dxf'
  | 'binary-dxf'
  | 'unreadable'
  | 'no-contour'
  | 'no-outer-contour'
  | 'outer-contour-open'
  | 'too-large'
  | 'not-step'
  | 'no-solid';

export class CadReadError extends Error {
  constructor(
    readonly code: CadReadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CadReadError';
  }
}
