import { SettingValue } from '@fabquote/database';
import { tierQuantities } from '../products';

/** The quantities a product is calculated at unless "Calculate" names others (docs/api.md, products). */
export const QUANTITY_TIERS = 'quantity-tiers';

/**
 * For a write of the setting: 1–20 whole numbers of pieces, each once, as "Calculate" takes them, kept
 * sorted ascending as texts; anything else is a 422 on `value` in the reader's language.
 */
export function checkedQuantityTiers(value: SettingValue | undefined): string[] {
  // No value at all is an empty list, which is refused for having no quantity.
  return tierQuantities(value ?? [], 'value') as string[];
}
