import type { Locale } from '@fabquote/i18n';
import { DocumentError } from './errors';
import { DecimalString, IsoDate } from './types';

const TAG: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

function decimal(value: DecimalString, what: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) throw new DocumentError(`${what} must be a decimal string like "1234.5", got ${JSON.stringify(value)}`);
  return text;
}

/**
 * How one document writes numbers, money and dates in its language. Intl.NumberFormat formats a
 * decimal string exactly (Node 20's ICU reads it as a decimal, not a double: "12345678901234567.455"
 * stays exact), so no amount ever becomes a float on its way to the page.
 */
export class DocumentFormat {
  private readonly money: Intl.NumberFormat;
  private readonly number: Intl.NumberFormat;
  private readonly day: Intl.DateTimeFormat;

  constructor(
    readonly locale: Locale,
    readonly currency: string,
  ) {
    if (!CURRENCY.test(currency)) throw new DocumentError(`currency must be an ISO 4217 code like "EUR", got ${JSON.stringify(currency)}`);
    // Amounts are stored to the cent; the currency's own digits (2 for EUR, 0 for JPY), half away from zero.
    this.money = new Intl.NumberFormat(TAG[locale], { style: 'currency', currency, signDisplay: 'negative' });
    // Quantities and rates exactly as given, without trailing zeros ("10.000" → "10").
    this.number = new Intl.NumberFormat(TAG[locale], { maximumFractionDigits: 20, signDisplay: 'negative' });
    this.day = new Intl.DateTimeFormat(TAG[locale], { dateStyle: 'medium', timeZone: 'UTC' });
  }

  /** de: "1.234,56 €", en: "€1,234.56". */
  formatMoney(amount: DecimalString, what = 'an amount'): string {
    return this.money.format(decimal(amount, what) as Intl.StringNumericLiteral);
  }

  /** de: "1.234,5", en: "1,234.5". */
  formatQuantity(quantity: DecimalString, what = 'a quantity'): string {
    return this.number.format(decimal(quantity, what) as Intl.StringNumericLiteral);
  }

  /** de: "19 %" (with a no-break space, as German writes it), en: "19%". */
  formatPercent(percent: DecimalString, what = 'a percentage'): string {
    const digits = this.number.format(decimal(percent, what) as Intl.StringNumericLiteral);
    return this.locale === 'de' ? `${digits}\u00a0%` : `${digits}%`;
  }

  /** de: "24.11.2026", en: "24 Nov 2026" (unambiguous on both sides of the Atlantic). */
  formatDate(date: IsoDate, what = 'a date'): string {
    const match = typeof date === 'string' ? ISO_DATE.exec(date.trim()) : null;
    const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!match || !day || day.getUTCDate() !== Number(match[3]) || day.getUTCMonth() !== Number(match[2]) - 1) {
      throw new DocumentError(`${what} must be an ISO date like "2026-11-24", got ${JSON.stringify(date)}`);
    }
    return this.day.format(day);
  }

  /** True when the decimal is zero ("0", "0.00", "-0"), for amounts that are left out when nothing. */
  static isZero(value: DecimalString): boolean {
    return /^-?0+(\.0+)?$/.test(value.trim());
  }
}
