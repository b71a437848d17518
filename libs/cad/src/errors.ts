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
  /** Closed outlines beside open lines reaching beyond them: views of a part, not a flat part (`params`: closed, open). */
  | 'several-views'
  | 'too-large'
  /** The work budget ran out: points sampled from curves, block insertions expanded (`ReadLimits`). */
  | 'too-complex'
  /** The isolated read (`readCadIsolated`) ran out of time or memory. */
  | 'read-timeout'
  | 'read-memory'
  | 'not-step'
  | 'no-solid';

export class CadReadError extends Error {
  constructor(
    readonly code: CadReadErrorCode,
    message: string,
    /** Figures the message names (what was found), for a message of the caller's own. */
    readonly params: Record<string, number> = {},
  ) {
    super(message);
    this.name = 'CadReadError';
  }
}

/** The codes of a drawing that asks more work than a flat part can: said to users as "too complex to read". */
export const TOO_COMPLEX_CODES: ReadonlySet<CadReadErrorCode> = new Set(['too-large', 'too-complex', 'read-timeout', 'read-memory']);
