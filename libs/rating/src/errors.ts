/**
 * Input no form lets through (a price that is not a number, a quantity asked twice, weights that
 * `checkWeights` refuses): English, as only a developer can act on it. The API checks an
 * organization's weights with `checkWeights` before it saves them, in the user's language.
 */
export class RatingError extends Error {
  constructor(
    readonly code: 'invalid-input' | 'invalid-weights',
    message: string,
  ) {
    super(message);
    this.name = 'RatingError';
  }
}
