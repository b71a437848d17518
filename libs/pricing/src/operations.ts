import { BandedAsset, BandFigures, bandFor, PriceBand } from './bands';
import { SIXTY, optionalDecimal, quickOptionalDecimal, shownMeasure } from './decimal';
import { PricingError } from './errors';
import { amount, Explained, measure, shown } from './figure';
import { Pieces } from './quantity';
import { derivedTime, TimeContext } from './time-models';
import { ProductOperation } from './types';
import { Words } from './words';

/** Which operation line of which product: `label` in explanations, `names` in the reasons a product can not be priced. */
export interface OperationLine {
  /** "operation 2: Bending" */
  label: string;
  names: { product: string; line: number; operation: string };
}

/** An operation line with everything that does not depend on the quantity worked out once. */
export interface PreparedOperation {
  label: string;
  names: OperationLine['names'];
  operation: ProductOperation;
  asset: BandedAsset | null;
  /** Labor per piece as time × hourly rate; null when the asset's band price applies instead. */
  laborByTime: Explained | null;
  /** Program per order as program time × program rate; null when the band's program cost applies. */
  programByTime: Explained | null;
  /** The lines at the last band looked up: consecutive tiers mostly share a band. */
  last?: { band: PriceBand | null; lines: OperationLines };
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
export function prepareOperation(operation: ProductOperation, asset: BandedAsset | null, line: OperationLine, timeContext: TimeContext, words: Words): PreparedOperation {
  const byTime = asset === null || asset.asset.calculateByTime;
  if (!byTime && asset.bands.length === 0) throw new PricingError('missing-price', 'pricing_no_price_bands', { ...line.names, asset: asset.asset.name });
  return {
    label: line.label,
    names: line.names,
    operation,
    asset,
    laborByTime: byTime ? laborByTime(operation, asset, timeContext, line, words) : null,
    programByTime: programByTime(operation, line, words),
  };
}

/** How a line reads in the details of data no person could have entered (written only for such data: quickOptionalDecimal first). */
const detailOf = (line: OperationLine) => `${line.names.product}: ${line.label}`;

function laborByTime(operation: ProductOperation, asset: BandedAsset | null, timeContext: TimeContext, line: OperationLine, words: Words): Explained {
  const time = timePerPiece(operation, asset, timeContext, line);
  const hourlyRate = quickOptionalDecimal(operation.hourlyRate) ?? optionalDecimal(operation.hourlyRate, `${detailOf(line)}: hourly rate`);
  if (hourlyRate === null) throw new PricingError('missing-price', 'pricing_no_hourly_rate', line.names);
  return amount(time.amount.times(hourlyRate).div(SIXTY), words.currency, (inputs) => {
    const rate = `${shownMeasure(hourlyRate, words)} ${words.currency}/h`;
    inputs[words.timePerPiece] = time.figure;
    inputs[words.hourlyRate] = rate;
    return `${shown(time.figure, words)} ÷ 60 × ${rate}`;
  });
}

function timePerPiece(operation: ProductOperation, asset: BandedAsset | null, timeContext: TimeContext, line: OperationLine): Explained {
  const entered = quickOptionalDecimal(operation.timePerUnit) ?? optionalDecimal(operation.timePerUnit, `${detailOf(line)}: time per unit`);
  if (entered !== null) return measure(entered, 'min', timeContext.words.timeEntered);
  if (asset?.asset.timeModel) return derivedTime(asset.asset, asset.asset.timeModel, timeContext, asset.cuttingRates);
  if (asset) throw new PricingError('missing-time', 'pricing_no_time_model', { ...line.names, asset: asset.asset.name });
  throw new PricingError('missing-time', 'pricing_no_time', line.names);
}

function programByTime(operation: ProductOperation, line: OperationLine, words: Words): Explained | null {
  const programTime = quickOptionalDecimal(operation.programTime) ?? optionalDecimal(operation.programTime, `${detailOf(line)}: program time`);
  if (programTime === null) return null;
  const programRate = quickOptionalDecimal(operation.programRate) ?? optionalDecimal(operation.programRate, `${detailOf(line)}: program rate`);
  if (programRate === null) throw new PricingError('missing-price', 'pricing_no_program_rate', line.names);
  return amount(programTime.times(programRate).div(SIXTY), words.currency, (inputs) => {
    const time = `${shownMeasure(programTime, words)} min`;
    const rate = `${shownMeasure(programRate, words)} ${words.currency}/h`;
    inputs[words.programTime] = time;
    inputs[words.programRate] = rate;
    return `${time} ÷ 60 × ${rate}`;
  });
}

function bandFigures(asset: BandedAsset, band: PriceBand, words: Words): BandFigures {
  const bandText = words.band(asset.asset.name, shownMeasure(band.from, words));
  return {
    price: amount(band.price, words.currency, words.bandPrice(bandText)),
    setup: amount(band.setupCost.plus(band.inputCost), words.currency, (inputs) => {
      inputs[words.bandName] = bandText;
      return words.bandSetup(shownMeasure(band.setupCost, words), shownMeasure(band.inputCost, words), words.currency);
    }),
    program: amount(band.programCost, words.currency, words.bandProgram(bandText)),
  };
}

/**
 * Labor per piece, setup and program per order at a number of pieces: time × rate where the
 * operation is timed, else the asset's band for the quantity; setup and input cost always
 * from the band. Without an asset or bands there is no setup.
 */
export function operationLinesAt(prepared: PreparedOperation, pieces: Pieces, words: Words): OperationLines {
  const { asset, last } = prepared;
  const band = asset ? bandFor(asset, pieces) : null;
  if (last !== undefined && last.band === band) return last.lines;
  let lines: OperationLines;
  if (asset === null || band === null) {
    lines = { labor: prepared.laborByTime, setup: null, program: prepared.programByTime };
  } else {
    const figures = (band.figures ??= bandFigures(asset, band, words));
    lines = { labor: prepared.laborByTime ?? figures.price, setup: figures.setup, program: prepared.programByTime ?? figures.program };
  }
  prepared.last = { band, lines };
  return lines;
}
