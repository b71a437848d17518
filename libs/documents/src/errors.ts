/**
 * Data no order lets through (an amount that is not a decimal, a date that is not a calendar date,
 * an unknown currency): English, as only a developer can act on it. The API validates what a
 * person types before it is stored, so a stored order always renders.
 */
export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}
