import { FieldInvalid } from '../common/app-exception';

/** At most this many tiers in one calculation: an offer's, an order's, a price list's. */
export const MAX_TIERS = 20;
/** The largest quantity a calculation is priced at: a million pieces is far beyond any sheet-metal order. */
export const MAX_TIER_QUANTITY = 1_000_000;

/** A refused value as it is named in the message: short, whatever was sent. */
const shown = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 24 ? `${text.slice(0, 23)}…` : text;
};

/**
 * The quantities a "Calculate" asks for (`{ "quantities": [7, 49, 1200] }`), as the engine's tiers:
 * whole pieces (the engine's tiers are whole numbers; a number written as digits is taken too),
 * 1 to {@link MAX_TIER_QUANTITY}, 1 to {@link MAX_TIERS} of them, each once, sorted ascending (a
 * calculation's tiers ascend, which bulk prices made from it rely on). A repeated quantity is refused,
 * not dropped: it is a typing slip, and the person should see the tiers they get. Left out (or `null`),
 * the organization's `quantity-tiers` apply: `undefined`. Anything else is a 422 on `field` (`quantities`; the
 * setting `quantity-tiers` checks its `value` by the same rule).
 */
export function tierQuantities(value: unknown, field = 'quantities'): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new FieldInvalid(field, 'quantities_list');
  if (value.length < 1 || value.length > MAX_TIERS) throw new FieldInvalid(field, 'quantities_count', { max: MAX_TIERS });
  const quantities: number[] = [];
  for (const item of value) {
    const number = typeof item === 'number' ? item : typeof item === 'string' && /^\s*\d+\s*$/.test(item) ? Number(item) : NaN;
    if (!Number.isSafeInteger(number) || number < 1) {
      // A whole number too large to be safe is still a whole number: it is too large.
      if (typeof number === 'number' && Number.isInteger(number) && number > MAX_TIER_QUANTITY) {
        throw new FieldInvalid(field, 'quantity_too_large', { max: MAX_TIER_QUANTITY, value: shown(item) });
      }
      throw new FieldInvalid(field, 'quantity_whole', { value: shown(item) });
    }
    if (number > MAX_TIER_QUANTITY) throw new FieldInvalid(field, 'quantity_too_large', { max: MAX_TIER_QUANTITY, value: shown(item) });
    if (quantities.includes(number)) throw new FieldInvalid(field, 'quantity_repeated', { value: number });
    quantities.push(number);
  }
  return quantities.sort((a, b) => a - b).map(String);
}
