import { formatQuantity } from '../../shared/format';
import { intlLocale } from '../../i18n/locales';
import { centsToDecimal, Figure, isFigure, toCents } from './calculation-record';

/**
 * A figure's explanation as the rows a person reads: each input of the figure, and under an
 * input that is itself a figure — when opened — its own inputs, to any depth.
 */
export interface ExplanationRow {
  /** Where the row sits: the input positions from the root, "0", "0.2", "0.2.1". */
  path: string;
  depth: number;
  name: string;
  /** The input when it is a figure, else null. */
  figure: Figure | null;
  /** The input when it is plain text, else null. */
  text: string | null;
  /** A figure whose own formula and inputs can be shown. */
  expandable: boolean;
  expanded: boolean;
}

/** Guards against a malformed, endlessly deep result; the engine's go a dozen levels at most. */
export const MAX_DEPTH = 40;

const inputsOf = (figure: Figure): [string, Figure | string][] => Object.entries(figure.inputs ?? {});

/** A figure explains further when it has inputs of its own. */
export const explainsFurther = (figure: Figure) => inputsOf(figure).length > 0;

/** The rows shown for `root` with the figures at `expanded` paths opened. */
export function explanationRows(root: Figure, expanded: ReadonlySet<string>): ExplanationRow[] {
  const rows: ExplanationRow[] = [];
  const visit = (figure: Figure, parentPath: string, depth: number) => {
    inputsOf(figure).forEach(([name, input], position) => {
      const path = parentPath === '' ? String(position) : `${parentPath}.${position}`;
      const child = isFigure(input) ? input : null;
      const expandable = child !== null && explainsFurther(child) && depth + 1 < MAX_DEPTH;
      const open = expandable && expanded.has(path);
      rows.push({ path, depth, name, figure: child, text: child ? null : String(input), expandable, expanded: open });
      if (open && child) visit(child, path, depth + 1);
    });
  };
  visit(root, '', 0);
  return rows;
}

/** Every path that can be opened: "expand all". */
export function expandablePaths(root: Figure): Set<string> {
  const paths = new Set<string>();
  const visit = (figure: Figure, parentPath: string, depth: number) => {
    inputsOf(figure).forEach(([, input], position) => {
      const path = parentPath === '' ? String(position) : `${parentPath}.${position}`;
      if (isFigure(input) && explainsFurther(input) && depth + 1 < MAX_DEPTH) {
        paths.add(path);
        visit(input, path, depth + 1);
      }
    });
  };
  visit(root, '', 0);
  return paths;
}

/** Opens a closed path, or closes an open one together with everything opened under it. */
export function toggledPaths(expanded: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(expanded);
  if (!next.has(path)) {
    next.add(path);
    return next;
  }
  for (const open of expanded) if (open === path || open.startsWith(`${path}.`)) next.delete(open);
  return next;
}

const CURRENCY = /^[A-Z]{3}$/;
const PER_UNIT = /^([A-Z]{3})\/(.+)$/;

function currencyText(value: string, currency: string, locale: string): string | null {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount)) return null;
  const decimals = (value.split('.')[1] ?? '').length;
  const digits = Math.min(4, Math.max(2, decimals));
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  } catch {
    return null;
  }
}

/**
 * A figure's exact amount, every digit of it, with the reader's decimal separator and unit:
 * "0,361728 EUR" in German. Not grouped, as a long tail of digits reads best unbroken.
 */
export function formatExact(exact: string, unit: string, locale: string): string {
  const separator = new Intl.NumberFormat(intlLocale(locale)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const text = exact.replace('.', separator);
  return unit ? `${text} ${unit}` : text;
}

type Shown = Pick<Figure, 'value' | 'unit'> & Partial<Pick<Figure, 'exact'>>;

/** An amount of money as shown: to the cent, rounded half up from the exact amount. */
function centsOf(figure: Shown): string | null {
  const cents = toCents(figure.exact ?? figure.value);
  return cents === null ? null : centsToDecimal(cents);
}

/**
 * A figure's display value in the reader's language: an amount of money to the cent ("5,46 €",
 * rounded from the exact amount), a price per unit as the engine shows it ("4,20 €/kg", up to four
 * decimals: a rate of €0.045/mm is not €0.05), any other measure with its unit ("1.351,4159 mm").
 */
export function formatFigure(figure: Shown, locale: string): string {
  const unit = figure.unit ?? '';
  if (CURRENCY.test(unit)) {
    const cents = centsOf(figure);
    return (cents === null ? null : currencyText(cents, unit, locale)) ?? `${figure.value} ${unit}`;
  }
  const perUnit = PER_UNIT.exec(unit);
  if (perUnit) {
    const money = currencyText(figure.value, perUnit[1], locale);
    return money ? `${money}/${perUnit[2]}` : `${figure.value} ${unit}`;
  }
  const text = formatQuantity(figure.value, locale, unit === '' ? undefined : unit, 4);
  return text === '--' ? `${figure.value}${unit ? ` ${unit}` : ''}` : text;
}

/** A decimal's digits without trailing zeros: "0.3600" and "0.36" are the same amount. */
function digitsOf(decimal: string): string {
  const text = decimal.trim().replace(/^\+/, '');
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The exact value behind a figure when the shown one leaves digits out (money to the cent, a
 * measure to four decimals), for the reader who asks; null when what is shown is already exact.
 */
export function exactOnDemand(figure: Shown): string | null {
  const exact = figure.exact?.trim();
  if (!exact) return null;
  const shown = CURRENCY.test(figure.unit ?? '') ? centsOf(figure) : figure.value;
  return shown !== null && digitsOf(shown) === digitsOf(exact) ? null : exact;
}
