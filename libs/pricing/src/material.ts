import { decimalParam, Phrase } from '@fabquote/i18n';
import { covers, parseRange, Range, rangeText } from './ranges';
import { isoDate } from './dates';
import { Decimal, MILLION, ONE, ZERO, formatMeasure, optionalDecimal, quickDecimal, quickOptionalDecimal, shownMeasure, toDecimal } from './decimal';
import { PricingError } from './errors';
import { amount, Explained, measure, shown } from './figure';
import { memo } from './memo';
import { Pieces } from './quantity';
import { Blank, IsoDate, Material, MaterialGroup, ProductMaterial } from './types';
import { Words } from './words';

/** The blank with its margins added, in mm. */
export interface BlankSize {
  width: Decimal;
  length: Decimal;
  thickness: Decimal;
  /** Plain-text inputs for explanations, written the first time an explanation reads them. */
  inputs(): Record<string, string>;
}

export function blankSize(blank: Blank, productName: string, words: Words): BlankSize {
  // Each input named only if it needs to be (quickDecimal): every product with a blank passes here.
  const what = `${productName}: blank`;
  const width = quickDecimal(blank.width) ?? toDecimal(blank.width, `${what} width`);
  const length = quickDecimal(blank.length) ?? toDecimal(blank.length, `${what} length`);
  const addedWidth = (quickOptionalDecimal(blank.addedWidth) ?? optionalDecimal(blank.addedWidth, `${what} added width`)) ?? ZERO;
  const addedLength = (quickOptionalDecimal(blank.addedLength) ?? optionalDecimal(blank.addedLength, `${what} added length`)) ?? ZERO;
  const thickness = quickDecimal(blank.thickness) ?? toDecimal(blank.thickness, `${what} thickness`);
  let inputs: Record<string, string> | undefined;
  return {
    width: width.plus(addedWidth),
    length: length.plus(addedLength),
    thickness,
    inputs: () =>
      (inputs ??= {
        [words.blankWidth]: words.withAdded(shownMeasure(width, words), shownMeasure(addedWidth, words)),
        [words.blankLength]: words.withAdded(shownMeasure(length, words), shownMeasure(addedLength, words)),
        [words.thickness]: `${shownMeasure(thickness, words)} mm`,
      }),
  };
}

/**
 * How much material one piece takes: an amount in the price unit, or for a price per sheet
 * the blanks nested on one sheet, so the sheet price is divided exactly rather than multiplied
 * by a rounded fraction of a sheet.
 */
export type MaterialUsage = { kind: 'per-piece'; usage: Explained } | { kind: 'nested'; blanksPerSheet: Explained };

/** A group price valid on the pricing date. */
export interface GroupPriceOnDate {
  thickness: Range;
  quantity: Range;
  validFrom: IsoDate;
  price: Explained;
}

/**
 * A material with its prices on the pricing date resolved once per request. Which applies
 * (README.md, "Material"): its own price-history entry valid on the date, else its group's price
 * for the thickness (and quantity), else its price per unit.
 */
export interface PricedMaterial {
  material: Material;
  /** The latest entry of the material's own price history valid on the date (valid-from on or before it); null if none is. */
  history: Explained | null;
  /** That entry's valid-from; null if none is valid. */
  historyValidFrom: IsoDate | null;
  /** Its group's prices valid on the date, latest valid-from first, ties in the order listed; none when the history applies. */
  groupPrices: GroupPriceOnDate[];
  /** The material's price per unit, where neither its history nor its group has a price. */
  pricePerUnit: Explained;
  groupName: string | null;
}

export function priceMaterialOn(material: Material, group: MaterialGroup | null, date: IsoDate, words: Words): PricedMaterial {
  const unit = `${words.currency}/${words.unit[material.priceUnit]}`;
  let latest: { price: Decimal; validFrom: string } | null = null;
  for (const entry of material.prices ?? []) {
    const validFrom = isoDate(entry.validFrom, `Material ${material.name}: price valid from`);
    if (validFrom <= date && (latest === null || validFrom > latest.validFrom)) {
      latest = { price: toDecimal(entry.price, `Material ${material.name}: price`), validFrom };
    }
  }
  const history = latest ? amount(latest.price, unit, words.priceValidFrom(material.name, latest.validFrom)) : null;
  const groupPrices: GroupPriceOnDate[] = [];
  // The material's own history comes first: its group's list is read only for a material without one.
  for (const entry of history ? [] : (group?.prices ?? [])) {
    const what = `Group ${group?.name ?? ''}: price`;
    const validFrom = isoDate(entry.validFrom, `${what} valid from`);
    if (validFrom > date) continue;
    const thickness = parseRange(entry.thicknessFrom, entry.thicknessTo, `${what} thickness`);
    const quantity = parseRange(entry.minQuantity, entry.maxQuantity, `${what} quantity`);
    const formula = words.groupPrice(group?.name ?? '', rangeText(thickness, words), rangeText(quantity, words), validFrom);
    groupPrices.push({ thickness, quantity, validFrom, price: amount(toDecimal(entry.price, what), unit, formula) });
  }
  groupPrices.sort((a, b) => (a.validFrom === b.validFrom ? 0 : a.validFrom > b.validFrom ? -1 : 1));
  const pricePerUnit = amount(toDecimal(material.pricePerUnit, `Material ${material.name}: price per unit`), unit, words.pricePerUnitOf(material.name));
  return { material, history, historyValidFrom: latest?.validFrom ?? null, groupPrices, pricePerUnit, groupName: group?.name ?? null };
}

/** A material line with everything that does not depend on the quantity worked out once. */
export interface PreparedMaterialLine {
  label: string;
  /** 1, 2 …; null for the material on the product's details. */
  line: number | null;
  priced: PricedMaterial;
  usage: MaterialUsage;
  /** The group prices that fit the product's thickness; which one applies may still depend on the quantity. */
  groupPrices: GroupPriceOnDate[];
  /** Line cost by the price that applies, so tiers at the same price share one figure. */
  costs: Map<Explained, Explained>;
}

export function prepareMaterialLine(
  priced: PricedMaterial,
  productName: string,
  line: ProductMaterial,
  index: number,
  blank: BlankSize | null,
  /** "material line 1: S235JR", or for the material on the product's details "material of the product: S235JR". */
  label: string,
  words: Words,
  /** The material on the product's details, priced as its material line. */
  fromDetails = false,
): PreparedMaterialLine {
  const { material } = priced;
  const referrer = `${productName}: material line ${index + 1}`;
  const entered = quickOptionalDecimal(line.usagePerUnit) ?? optionalDecimal(line.usagePerUnit, `${referrer}: usage per unit`);
  let usage: MaterialUsage;
  if (entered !== null) {
    usage = { kind: 'per-piece', usage: measure(entered, words.unit[material.priceUnit], words.usageEntered) };
  } else if (blank === null) {
    throw new PricingError('invalid-input', 'pricing_no_usage', { product: productName, line: index + 1, material: material.name });
  } else {
    usage = usageFromBlank(material, blank, words);
  }
  const groupPrices = groupPricesAt(priced, blank?.thickness ?? null);
  return { label, line: fromDetails ? null : index + 1, priced, usage, groupPrices, costs: new Map() };
}

function usageFromBlank(material: Material, blank: BlankSize, words: Words): MaterialUsage {
  const area = () => `${shownMeasure(blank.width, words)} mm × ${shownMeasure(blank.length, words)} mm`;
  switch (material.priceUnit) {
    case 'kg': {
      const density = optionalDecimal(material.density, `Material ${material.name}: density`);
      if (density === null) throw new PricingError('invalid-input', 'pricing_no_density', { material: material.name });
      const kg = blank.width.times(blank.length).times(blank.thickness).times(density).div(MILLION);
      return {
        kind: 'per-piece',
        usage: measure(kg, 'kg', (inputs) => {
          Object.assign(inputs, blank.inputs());
          inputs[words.density] = `${shownMeasure(density, words)} g/cm³`;
          return `${area()} × ${shownMeasure(blank.thickness, words)} mm × ${shownMeasure(density, words)} g/cm³ ${words.divideByMillion}`;
        }),
      };
    }
    case 'm2':
      return {
        kind: 'per-piece',
        usage: measure(blank.width.times(blank.length).div(MILLION), 'm²', (inputs) => {
          Object.assign(inputs, blank.inputs());
          return `${area()} ${words.divideByMillion}`;
        }),
      };
    case 'piece':
      return { kind: 'per-piece', usage: measure(ONE, words.unit.piece, words.onePiecePerPiece) };
    case 'sheet':
      return { kind: 'nested', blanksPerSheet: blanksPerSheet(material, blank, words) };
  }
}

/** Blanks on one sheet, in rows and columns, the better of the two orientations. */
function blanksPerSheet(material: Material, blank: BlankSize, words: Words): Explained {
  const sheetWidth = optionalDecimal(material.width, `Material ${material.name}: sheet width`);
  const sheetLength = optionalDecimal(material.length, `Material ${material.name}: sheet length`);
  if (sheetWidth === null || sheetLength === null) {
    throw new PricingError('invalid-input', 'pricing_no_sheet_size', { material: material.name });
  }
  if (blank.width.lte(0) || blank.length.lte(0)) {
    throw new PricingError('invalid-input', 'pricing_blank_not_positive', { material: material.name });
  }
  const fit = (a: Decimal, b: Decimal) => a.divToInt(b);
  const lengthwise = [fit(sheetWidth, blank.width), fit(sheetLength, blank.length)];
  const crosswise = [fit(sheetWidth, blank.length), fit(sheetLength, blank.width)];
  const count = Decimal.max(lengthwise[0].times(lengthwise[1]), crosswise[0].times(crosswise[1]));
  if (count.isZero()) {
    const size = (width: Decimal, length: Decimal): Phrase => ({ key: 'blank_size', params: { width: decimalParam(formatMeasure(width)), length: decimalParam(formatMeasure(length)) } });
    const [blankText, sheetText] = [size(blank.width, blank.length), size(sheetWidth, sheetLength)];
    throw new PricingError('blank-does-not-fit-sheet', 'pricing_blank_does_not_fit', { blank: blankText, material: material.name, sheet: sheetText });
  }
  return measure(count, words.blanksPerSheet, (inputs) => {
    const [w, l, bw, bl] = [sheetWidth, sheetLength, blank.width, blank.length].map((value) => shownMeasure(value, words));
    const [a, b, c, d] = [...lengthwise, ...crosswise].map((value) => shownMeasure(value, words));
    inputs[words.sheet] = `${w} × ${l} mm`;
    inputs[words.blank] = words.withMargins(`${bw} × ${bl}`);
    return `max(⌊${w} ÷ ${bw}⌋ × ⌊${l} ÷ ${bl}⌋, ⌊${w} ÷ ${bl}⌋ × ⌊${l} ÷ ${bw}⌋) = max(${a} × ${b}, ${c} × ${d})`;
  });
}

/** The group prices valid on the date that hold a thickness (a product's; null: only those for any thickness). */
export function groupPricesAt(priced: PricedMaterial, thickness: Decimal | null): GroupPriceOnDate[] {
  return priced.groupPrices.filter((entry) => covers(entry.thickness, thickness));
}

/** Which of a material's prices applies, and the group price it is when it is one. */
export type MaterialPriceChoice =
  | { source: 'own'; price: Explained }
  | { source: 'group_list'; price: Explained; groupPrice: GroupPriceOnDate }
  | { source: 'price_per_unit'; price: Explained };

/**
 * The one rule of which price applies (README.md, "Material"), used by the engine for every tier and by
 * `materialPriceInEffect` for the material's page: the material's own price-history entry valid on the date,
 * else its group's price for the thickness (`groupPricesAt`) and the quantity, else its price per unit.
 */
export function chooseMaterialPrice(priced: PricedMaterial, groupPrices: GroupPriceOnDate[], count: Decimal | null): MaterialPriceChoice {
  if (priced.history) return { source: 'own', price: priced.history };
  for (const entry of groupPrices) if (covers(entry.quantity, count)) return { source: 'group_list', price: entry.price, groupPrice: entry };
  return { source: 'price_per_unit', price: priced.pricePerUnit };
}

/** The price per unit on the date for a line and a quantity ({@link chooseMaterialPrice}). */
function materialPriceFor(line: PreparedMaterialLine, pieces: Pieces): Explained {
  return chooseMaterialPrice(line.priced, line.groupPrices, pieces.count).price;
}

/** Material cost per piece of one line when making a number of pieces. */
export function materialLineCost(line: PreparedMaterialLine, pieces: Pieces, words: Words): Explained {
  const unitPrice = materialPriceFor(line, pieces);
  // Mostly the price of the last quantity: found without making the closure below.
  const known = line.costs.get(unitPrice);
  if (known !== undefined) return known;
  return memo(line.costs, unitPrice, () => {
    if (line.usage.kind === 'nested') {
      const blanks = line.usage.blanksPerSheet;
      return amount(unitPrice.amount.div(blanks.amount), words.currency, (inputs) => {
        inputs[words.sheetPrice] = unitPrice.figure;
        inputs[words.blanksPerSheet] = blanks.figure;
        return `${shown(unitPrice.figure, words)} ÷ ${words.number(blanks.figure.value)} ${words.blanksPerSheet}`;
      });
    }
    const { usage } = line.usage;
    return amount(usage.amount.times(unitPrice.amount), words.currency, (inputs) => {
      inputs[words.usage] = usage.figure;
      inputs[words.price] = unitPrice.figure;
      return `${shown(usage.figure, words)} × ${shown(unitPrice.figure, words)}`;
    });
  });
}
