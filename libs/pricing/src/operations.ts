import { BandedAsset, BandFigures, bandFor, PriceBand } from './bands';
import { SIXTY, formatMeasure, optionalDecimal } from './decimal';
import { PricingError } from './errors';
import { amount, Explained, measure, shown } from './figure';
import { Pieces } from './quantity';
import { derivedTime, TimeContext } from './time-models';
import { ProductOperation } from './types';

/** An operation line with everything that does not depend on the quantity worked out once. */
export interface PreparedOperation {
  label: string;
  operation: ProductOperation;
  asset: BandedAsset | null;
  /** Labor per piece as time × hourly rate; null when the asset's band price applies instead. */
  laborByTime: Explained | null;
  /** Program per order as program time × program rate; null when the band's program cost applies. */
  programByTime: Explained | null;
}

export interface OperationLines {
  /** Per piece. */
  labor: Explained | null;
  /** Per order. */
  setup: Explained | null;
  /** Per order. */
  program: Explained | null;
}

/** An operation the shop does itself; a bought-in one is priced as a purchase instead. */
export function prepareOperation(operation: ProductOperation, asset: BandedAsset | null, label: string, timeContext: TimeContext, currency: string): PreparedOperation {
  const what = `${timeContext.productName}: ${label}`;
  const byTime = asset === null || asset.asset.calculateByTime;
  if (!byTime && asset.bands.length === 0) throw new PricingError('missing-price', `${what}: ${asset.asset.name} does not calculate by time and has no price bands`);
  return {
    label,
    operation,
    asset,
    laborByTime: byTime ? laborByTime(operation, asset, timeContext, what, currency) : null,
    programByTime: programByTime(operation, what, currency),
  };
}

function laborByTime(operation: ProductOperation, asset: BandedAsset | null, timeContext: TimeContext, what: string, currency: string): Explained {
  const time = timePerPiece(operation, asset, timeContext, what);
  const hourlyRate = optionalDecimal(operation.hourlyRate, `${what}: hourly rate`);
  if (hourlyRate === null) throw new PricingError('missing-price', `${what} is priced by time but has no hourly rate`);
  const rate = `${formatMeasure(hourlyRate)} ${currency}/h`;
  return amount(time.amount.div(SIXTY).times(hourlyRate), currency, `${shown(time.figure)} ÷ 60 × ${rate}`, {
    'time per piece': time.figure,
    'hourly rate': rate,
  });
}

function timePerPiece(operation: ProductOperation, asset: BandedAsset | null, timeContext: TimeContext, what: string): Explained {
  const entered = optionalDecimal(operation.timePerUnit, `${what}: time per unit`);
  if (entered !== null) return measure(entered, 'min', 'time per piece, entered on the operation');
  if (asset?.asset.timeModel) return derivedTime(asset.asset, asset.asset.timeModel, timeContext);
  throw new PricingError('missing-time', `${what} has no time per unit${asset ? ` and ${asset.asset.name} has no time model` : ''}`);
}

function programByTime(operation: ProductOperation, what: string, currency: string): Explained | null {
  const programTime = optionalDecimal(operation.programTime, `${what}: program time`);
  if (programTime === null) return null;
  const programRate = optionalDecimal(operation.programRate, `${what}: program rate`);
  if (programRate === null) throw new PricingError('missing-price', `${what} has a program time but no program rate`);
  const time = `${formatMeasure(programTime)} min`;
  const rate = `${formatMeasure(programRate)} ${currency}/h`;
  return amount(programTime.div(SIXTY).times(programRate), currency, `${time} ÷ 60 × ${rate}`, {
    'program time': time,
    'program rate': rate,
  });
}

function bandFigures(asset: BandedAsset, band: PriceBand, currency: string): BandFigures {
  const bandText = `${asset.asset.name}, band from quantity ${formatMeasure(band.from)}`;
  return {
    price: amount(band.price, currency, `price per piece of ${bandText}`),
    setup: amount(
      band.setupCost.plus(band.inputCost),
      currency,
      `${formatMeasure(band.setupCost)} ${currency} setup + ${formatMeasure(band.inputCost)} ${currency} input`,
      { band: bandText },
    ),
    program: amount(band.programCost, currency, `program cost of ${bandText}`),
  };
}

/**
 * Labor per piece, setup and program per order at a number of pieces: time × rate where the
 * operation is timed, else the asset's band for the quantity; setup and input cost always
 * from the band. Without an asset or bands there is no setup.
 */
export function operationLinesAt(prepared: PreparedOperation, pieces: Pieces, currency: string): OperationLines {
  const { asset } = prepared;
  const band = asset ? bandFor(asset, pieces) : null;
  if (asset === null || band === null) return { labor: prepared.laborByTime, setup: null, program: prepared.programByTime };
  const figures = (band.figures ??= bandFigures(asset, band, currency));
  return { labor: prepared.laborByTime ?? figures.price, setup: figures.setup, program: prepared.programByTime ?? figures.program };
}
