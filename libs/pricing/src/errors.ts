import { Locale, MessageKey, MessageParams, translate } from '@fabquote/i18n';

export type PricingErrorCode =
  | 'invalid-input'
  | 'unknown-reference'
  | 'missing-price'
  | 'missing-time'
  | 'blank-does-not-fit-sheet'
  | 'assembly-cycle';

/** Why a product can not be priced: a message of libs/i18n (`pricing_…`), in English and German. */
export type PricingReason = Extract<MessageKey, `pricing_${string}`>;

/**
 * Why a product cannot be priced. `reason` and `params` name the product line and what is
 * missing, so the API can say it in the user's language; `message` is the English text.
 */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    readonly reason: PricingReason,
    readonly params: MessageParams,
  ) {
    super(translate('en', reason, params));
    this.name = 'PricingError';
  }

  /** The reason in `locale`. */
  messageIn(locale: Locale): string {
    return translate(locale, this.reason, this.params);
  }
}

/**
 * Price data the API and the database would never let through (a price that is not a number, a
 * reference to a row that is not there): English detail in every language, as only a developer can act on it.
 */
export function invalidData(code: 'invalid-input' | 'unknown-reference', detail: string): PricingError {
  return new PricingError(code, 'pricing_invalid_data', { detail });
}

/** A product contains itself through its sub-assemblies. `productIds` runs from the first product back to it. */
export class AssemblyCycleError extends PricingError {
  constructor(
    readonly productIds: string[],
    productNames: string[],
  ) {
    super('assembly-cycle', 'pricing_assembly_cycle', { products: productNames.join(' → ') });
    this.name = 'AssemblyCycleError';
  }
}
