import { isValidOn } from './dates';
import { Decimal, formatMeasure, toDecimal } from './decimal';
import { invalidData } from './errors';
import { amount, Explained } from './figure';
import { Words } from './words';
import { Factor, FactorScope, IsoDate } from './types';

export const FACTOR_SCOPES: readonly FactorScope[] = ['material', 'labor', 'purchase', 'setup', 'program', 'total'];

/**
 * A factor valid on the pricing date. Its texts are written the first time an explanation reads them:
 * pricing alone multiplies by `value` only, and every request reads the organization's factors and
 * those of each suppliable it looks at.
 */
export class ValidFactor {
  declare private termText: string | undefined;
  declare private fullText: string | undefined;

  constructor(
    readonly factor: Factor,
    readonly value: Decimal,
    private readonly words: Words,
    /** Where it is attached (words.organizationFactor, words.suppliableFactor), written when first read. */
    private readonly source: () => string,
  ) {
    this.termText = undefined;
    this.fullText = undefined;
  }

  /** "1.05 Steel surcharge": how it reads in a formula, written once as every sum it multiplies shows it. */
  get term(): string {
    return (this.termText ??= `${this.words.number(formatMeasure(this.value))} ${this.factor.name}`);
  }

  /**
   * "1.05 Steel surcharge (organization factor, valid 2026-01-01 – 2026-12-31)", or
   * "1.03 Freight (supplier Müller, suppliable S-12, always valid)": where it came from and when it holds.
   */
  get text(): string {
    const { factor } = this;
    return (this.fullText ??= `${this.term} (${this.source()}, ${this.words.validity(factor.validFrom ?? null, factor.validUntil ?? null)})`);
  }
}

/** The factors valid on `date`, first and last day included; `source` says where they are attached, when an explanation asks. */
export function factorsValidOn(factors: readonly Factor[], date: IsoDate, what: string, words: Words, source: () => string): ValidFactor[] {
  const valid: ValidFactor[] = [];
  for (const factor of factors) {
    const name = `${what} factor ${factor.name}`;
    if (!isValidOn(date, factor.validFrom, factor.validUntil, name)) continue;
    valid.push(new ValidFactor(factor, toDecimal(factor.value, `${name}: value`), words, source));
  }
  return valid;
}

/** The organization's factors valid on `date`, by the scope they multiply; no scope means the total. */
export function factorsByScope(factors: readonly Factor[], date: IsoDate, words: Words): Record<FactorScope, ValidFactor[]> {
  const byScope = Object.fromEntries(FACTOR_SCOPES.map((scope) => [scope, [] as ValidFactor[]])) as Record<FactorScope, ValidFactor[]>;
  for (const valid of factorsValidOn(factors, date, 'Organization', words, () => words.organizationFactor)) {
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
  return amount(product, words.currency, (inputs) => {
    // Plain loops: every sum of every product and quantity explained is multiplied here.
    inputs[words.base] = base.figure;
    let formula = base.shownValue(words);
    for (let i = 0; i < factors.length; i++) {
      inputs[words.factor(i + 1)] = factors[i].text;
      formula += ` × ${factors[i].term}`;
    }
    return formula;
  });
}
