import { isValidOn } from './dates';
import { Decimal, formatMeasure, toDecimal } from './decimal';
import { invalidData } from './errors';
import { amount, Explained } from './figure';
import { Words } from './words';
import { Factor, FactorScope, Figure, IsoDate } from './types';

export const FACTOR_SCOPES: readonly FactorScope[] = ['material', 'labor', 'purchase', 'setup', 'program', 'total'];

export interface ValidFactor {
  factor: Factor;
  value: Decimal;
  /**
   * "1.05 Steel surcharge (organization factor, valid 2026-01-01 – 2026-12-31)", or
   * "1.03 Freight (supplier Müller, suppliable S-12, always valid)": where it came from and when it holds.
   */
  text: string;
  /** "1.05 Steel surcharge": how it reads in a formula, worked out once as every sum it multiplies shows it. */
  term: string;
}

/** The factors valid on `date`, first and last day included; `source` says where they are attached (words.organizationFactor, words.suppliableFactor). */
export function factorsValidOn(factors: readonly Factor[], date: IsoDate, what: string, words: Words, source: string): ValidFactor[] {
  const valid: ValidFactor[] = [];
  for (const factor of factors) {
    const name = `${what} factor ${factor.name}`;
    if (!isValidOn(date, factor.validFrom, factor.validUntil, name)) continue;
    const value = toDecimal(factor.value, `${name}: value`);
    const term = `${words.number(formatMeasure(value))} ${factor.name}`;
    valid.push({ factor, value, text: `${term} (${source}, ${words.validity(factor.validFrom ?? null, factor.validUntil ?? null)})`, term });
  }
  return valid;
}

/** The organization's factors valid on `date`, by the scope they multiply; no scope means the total. */
export function factorsByScope(factors: readonly Factor[], date: IsoDate, words: Words): Record<FactorScope, ValidFactor[]> {
  const byScope = Object.fromEntries(FACTOR_SCOPES.map((scope) => [scope, [] as ValidFactor[]])) as Record<FactorScope, ValidFactor[]>;
  for (const valid of factorsValidOn(factors, date, 'Organization', words, words.organizationFactor)) {
    const scope = valid.factor.scope ?? 'total';
    if (!FACTOR_SCOPES.includes(scope)) throw invalidData('invalid-input', `Factor ${valid.factor.name} has an unknown scope: ${String(scope)}`);
    byScope[scope].push(valid);
  }
  return byScope;
}

/** `base` times each factor; without factors `base` itself, keeping explanations short. */
export function applyFactors(base: Explained, factors: readonly ValidFactor[], words: Words): Explained {
  if (factors.length === 0) return base;
  let product = base.amount;
  for (const valid of factors) product = product.times(valid.value);
  return amount(product, words.currency, () => {
    const inputs: Figure['inputs'] = {};
    inputs[words.base] = base.figure;
    for (const [i, valid] of factors.entries()) inputs[words.factor(i + 1)] = valid.text;
    return { formula: `${words.number(base.figure.value)} × ${factors.map((valid) => valid.term).join(' × ')}`, inputs };
  });
}
