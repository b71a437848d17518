import { formatMoney, formatNumber, LANGUAGE_TAG, type Locale } from '@fabquote/i18n';
import { DocumentError } from './errors';
import { DecimalString, IsoDate } from './types';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

function decimal(value: DecimalString, what: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) throw new DocumentError(`${what} must be a decimal string like "1234.5", got ${JSON.stringify(value)}`);
  return text;
}

/** "10.000" → "10", "-0.00" → "0": a decimal as few digits as it is exact to. */
function withoutTrailingZeros(text: string): string {
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return /^-0$/.test(trimmed) ? '0' : trimmed;
}

/**
 * How one document writes numbers, money and dates in its language: libs/i18n's formatters, the ones
 * every server text uses (`formatMoney`, `formatNumber`), after checking each figure is a decimal
 * string. Money is formatted from the string exactly (Node 20's ICU reads it as a decimal, not a
 * double: "12345678901234567.455" stays exact), so no amount ever becomes a float on its way to the page.
 */
export class DocumentFormat {
  private readonly day: Intl.DateTimeFormat;

  constructor(
    readonly locale: Locale,
    readonly currency: string,
  ) {
    if (!CURRENCY.test(currency)) throw new DocumentError(`currency must be an ISO 4217 code like "EUR", got ${JSON.stringify(currency)}`);
    this.day = new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { dateStyle: 'medium', timeZone: 'UTC' });
  }

  /** de: "1.234,56 €", en: "€1,234.56": the currency's own places (2 for EUR, 0 for JPY), half away from zero. */
  formatMoney(amount: DecimalString, what = 'an amount'): string {
    return formatMoney(this.locale, decimal(amount, what), this.currency);
  }

  /** de: "1.234,5", en: "1,234.5": exactly as given, without trailing zeros ("10.000" → "10"). */
  formatQuantity(quantity: DecimalString, what = 'a quantity'): string {
    return formatNumber(this.locale, withoutTrailingZeros(decimal(quantity, what)));
  }

  /** de: "19 %" (with a no-break space, as German writes it), en: "19%". */
  formatPercent(percent: DecimalString, what = 'a percentage'): string {
    const digits = formatNumber(this.locale, withoutTrailingZeros(decimal(percent, what)));
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
