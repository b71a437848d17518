import type { Locale } from '@fabquote/i18n';
import { isoDate } from './dates';
import { Decimal, ONE, optionalDecimal, toDecimal } from './decimal';
import { chooseMaterialPrice, groupPricesAt, priceMaterialOn } from './material';
import { DecimalInput, IsoDate, Material, MaterialGroup } from './types';
import { wordsFor } from './words';

/**
 * Where the price the engine takes for a material comes from: its own price-history entry (`own`), its
 * group's price list at the thickness (`group_list`), its price per unit (`price_per_unit`), or nothing
 * (`none`: the price per unit is zero and nothing else applies, so the material costs nothing).
 */
export type MaterialPriceSource = 'own' | 'group_list' | 'price_per_unit' | 'none';

/** An entry of a group's price list valid on the date, as exact decimals; an empty end is open. */
export interface GroupListEntry {
  price: string;
  validFrom: IsoDate;
  thicknessFrom: string | null;
  thicknessTo: string | null;
  minQuantity: string | null;
  maxQuantity: string | null;
}

export interface MaterialPriceInEffect {
  source: MaterialPriceSource;
  /** The price per price unit the engine takes, an exact decimal. */
  unitPrice: string;
  /** From when the price applies: the own price's or the group price's valid-from; null for the price per unit. */
  validFrom: IsoDate | null;
  groupId: string | null;
  groupName: string | null;
  /** The thickness asked for (mm), null when none was. */
  thickness: string | null;
  /** The quantity asked for (pieces): a group price may start at a quantity. */
  quantity: string;
  /** Whether the material's price per unit is taken at all at this thickness and quantity (when not, changing it changes no price). */
  pricePerUnitUsed: boolean;
  /** The group's price list valid on the date, latest valid-from first (every thickness: what the list covers). */
  groupList: GroupListEntry[];
  /** The engine's own words for the price taken ("group price of Steel (thickness 1–3 mm, quantity any), valid from 1 Mar 2026"). */
  explanation: string;
}

/**
 * Which price the engine takes for a material on a date, at a thickness (the product's; for the material's
 * page its own sheet thickness) and a quantity, and why: the engine's own rule ({@link chooseMaterialPrice}),
 * so this never says other than a calculation would. Pure.
 */
export function materialPriceInEffect(
  material: Material,
  group: MaterialGroup | null,
  date: IsoDate,
  options: { thickness?: DecimalInput | null; quantity?: DecimalInput; language?: Locale; currency?: string } = {},
): MaterialPriceInEffect {
  isoDate(date, 'Price in effect: date');
  const words = wordsFor(options.language, options.currency ?? '');
  const thickness = optionalDecimal(options.thickness, `Material ${material.name}: thickness`);
  const quantity = options.quantity === undefined ? ONE : toDecimal(options.quantity, `Material ${material.name}: quantity`);
  const priced = priceMaterialOn(material, group, date, words);
  const choice = chooseMaterialPrice(priced, groupPricesAt(priced, thickness), quantity);
  // The whole list valid on the date, also where the material's own price overrules it: what it would cover.
  const list = priced.history ? priceMaterialOn({ ...material, prices: [] }, group, date, words).groupPrices : priced.groupPrices;
  const text = (value: Decimal | null) => (value === null ? null : value.toFixed());
  const unitPrice = choice.price.amount;
  const source: MaterialPriceSource = choice.source === 'price_per_unit' && unitPrice.isZero() ? 'none' : choice.source;
  let validFrom: IsoDate | null = null;
  if (choice.source === 'group_list') validFrom = choice.groupPrice.validFrom;
  if (choice.source === 'own') validFrom = priced.historyValidFrom;
  return {
    source,
    unitPrice: unitPrice.toFixed(),
    validFrom,
    groupId: group?.id ?? null,
    groupName: group?.name ?? null,
    thickness: text(thickness),
    quantity: quantity.toFixed(),
    pricePerUnitUsed: choice.source === 'price_per_unit',
    groupList: list.map((entry) => ({
      price: entry.price.amount.toFixed(),
      validFrom: entry.validFrom,
      thicknessFrom: text(entry.thickness.from),
      thicknessTo: text(entry.thickness.to),
      minQuantity: text(entry.quantity.from),
      maxQuantity: text(entry.quantity.to),
    })),
    explanation: choice.price.figure.formula,
  };
}
