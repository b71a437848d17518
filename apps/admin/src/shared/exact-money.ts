import { formatMoney } from './format';
import { decimalText, formatNumber, roundDecimal, sameNumber } from './numbers';

/**
 * Money shown to the cent with its exact value on demand (the matrix showed €1.7375 beside
 * €2.00). The cents are rounded half up from the exact decimal text, never from a float; the exact value
 * is written by numbers.ts in the reader's notation, every digit, with the currency's code.
 */
export interface MoneyShown {
  /** The amount to the cent in the reader's language and currency: "1,74 €", "€1.74". */
  shown: string;
  /** Every digit, when the cents leave some out: "1,7375 EUR"; null when the cents are exact. */
  exact: string | null;
}

export function moneyShown(value: unknown, locale: string, currency: string): MoneyShown {
  const text = decimalText(value);
  const cents = roundDecimal(text, 2);
  if (text === null || cents === null) return { shown: formatMoney(null, locale, currency), exact: null };
  const shown = formatMoney(cents, locale, currency, 2);
  return { shown, exact: sameNumber(text, cents) ? null : `${formatNumber(text, locale, { grouping: false })} ${currency}` };
}
