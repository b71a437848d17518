import { Decimal, toDecimal } from './decimal';
import { Explained } from './figure';
import type { ParsedCuttingRates } from './time-models';
import { ByQuantity, Pieces } from './quantity';
import { Asset, AssetPriceBand } from './types';

/** An asset price band, parsed. */
export interface PriceBand {
  /** The band applies from this many pieces. */
  from: Decimal;
  inputCost: Decimal;
  setupCost: Decimal;
  programCost: Decimal;
  price: Decimal;
  /** Its figures, made the first time an operation reads the band and shared by every product on the asset. */
  figures?: BandFigures;
}

export interface BandFigures {
  /** Per piece, for an asset that does not calculate by time. */
  price: Explained;
  /** Setup plus input cost, per order. */
  setup: Explained;
  /** Per order, for an operation without a program time. */
  program: Explained;
}

/** An asset with its price bands parsed and sorted by starting quantity. */
export interface BandedAsset {
  asset: Asset;
  bands: PriceBand[];
  /** The band by quantity: many products use one machine at the same quantities. */
  bandByQuantity: ByQuantity<PriceBand | null>;
  /** Its laser cutting rates, each parsed the first time a product needs it. */
  cuttingRates: ParsedCuttingRates;
}

function parseBand(asset: Asset, band: AssetPriceBand): PriceBand {
  const what = `${asset.name}: price band`;
  return {
    from: toDecimal(band.quantity, `${what} quantity`),
    inputCost: toDecimal(band.inputCost, `${what} input cost`),
    setupCost: toDecimal(band.setupCost, `${what} setup cost`),
    programCost: toDecimal(band.programCost, `${what} program cost`),
    price: toDecimal(band.price, `${what} price`),
  };
}

export function bandAsset(asset: Asset): BandedAsset {
  const bands = (asset.prices ?? []).map((band) => parseBand(asset, band)).sort((a, b) => a.from.comparedTo(b.from));
  return { asset, bands, bandByQuantity: [], cuttingRates: [] };
}

/**
 * The asset's price band for `pieces`: the band with the highest starting quantity not above
 * it. Below the lowest band the lowest applies, so a small order is never left without a price.
 */
export function bandFor(asset: BandedAsset, pieces: Pieces): PriceBand | null {
  const known = asset.bandByQuantity[pieces.index];
  if (known !== undefined) return known;
  const { bands } = asset;
  let band: PriceBand | null = bands[0] ?? null;
  for (let i = bands.length - 1; i >= 0; i--) {
    if (bands[i].from.lte(pieces.count)) {
      band = bands[i];
      break;
    }
  }
  asset.bandByQuantity[pieces.index] = band;
  return band;
}
