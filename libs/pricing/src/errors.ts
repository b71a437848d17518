export type PricingErrorCode =
  | 'invalid-input'
  | 'unknown-reference'
  | 'missing-price'
  | 'missing-time'
  | 'blank-does-not-fit-sheet'
  | 'assembly-cycle';

/** Why a product cannot be priced; the message names the product line and what is missing. */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/** A product contains itself through its sub-assemblies. `productIds` runs from the first product back to it. */
export class AssemblyCycleError extends PricingError {
  constructor(
    readonly productIds: string[],
    productNames: string[],
  ) {
    super('assembly-cycle', `Sub-assembly cycle: ${productNames.join(' → ')}. A product cannot contain itself.`);
    this.name = 'AssemblyCycleError';
  }
}
