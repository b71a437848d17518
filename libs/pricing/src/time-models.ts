import { decimalParam, Phrase } from '@fabquote/i18n';
import { covers, parseRange, Range, rangeText } from './ranges';
import { Decimal, SIXTY, ZERO, formatMeasure, optionalDecimal, quickDecimal, quickOptionalDecimal, toDecimal, shownMeasure } from './decimal';
import { invalidData, PricingError } from './errors';
import { Explained, measure, shown } from './figure';
import { countOf, GeometryMeasures } from './geometry';
import { Asset, BendingModel, CuttingRate, Geometry, LaserCuttingModel, TimeModel } from './types';
import { Words } from './words';

/** What a time model reads from the product being priced. */
export interface TimeContext {
  productName: string;
  geometry: Geometry | null;
  measures: GeometryMeasures | null;
  materialGroupId: string | null;
  /** Its name, for the reason a product can not be priced. */
  materialGroupName: string | null;
  words: Words;
  thickness: Decimal | null;
}

/** A machine's cutting rates as parsed within one request, by their place in its time model: each the first time a product needs it. */
export type ParsedCuttingRates = Array<RankedRate | undefined>;

/**
 * Minutes per piece from the geometry, for an operation whose time per unit is empty. `parsed` keeps the
 * machine's cutting rates parsed for the request's other products (BandedAsset.cuttingRates).
 */
export function derivedTime(asset: Asset, model: TimeModel, context: TimeContext, parsed: ParsedCuttingRates = []): Explained {
  if (context.geometry === null || context.measures === null) {
    throw new PricingError('missing-time', 'pricing_no_geometry', { product: context.productName, asset: asset.name });
  }
  return model.kind === 'laser-cutting' ? laserCuttingTime(asset, model, context.measures, context, parsed) : bendingTime(asset, model, context.geometry, context.words);
}

/** A cutting rate with its thickness range parsed, and its cut speed and pierce time once a product used it. */
interface RankedRate {
  rate: CuttingRate;
  thickness: Range;
  cutSpeed?: Decimal;
  pierceTime?: Decimal;
}

/**
 * Which of two cutting rates that both match a product is more specific: above zero `a`, below
 * zero `b`, zero an equal tie (see README.md, "the most specific cutting rate"):
 * 1. a rate for a material group beats an any-group rate;
 * 2. a closed thickness range (from and to) beats a half-open one (only from, or only to), which
 *    beats a rate for any thickness;
 * 3. of two closed ranges the narrower (to − from) wins; of two half-open ranges the one inside
 *    the other (the higher "from", or the lower "to") wins; a "from" range and a "to" range tie.
 */
function compareSpecificity(a: RankedRate, b: RankedRate): number {
  const group = Number(Boolean(a.rate.materialGroupId)) - Number(Boolean(b.rate.materialGroupId));
  if (group !== 0) return group;
  const ends = (range: Range) => Number(range.from !== null) + Number(range.to !== null);
  const kind = ends(a.thickness) - ends(b.thickness);
  if (kind !== 0) return kind;
  const [x, y] = [a.thickness, b.thickness];
  if (x.from !== null && x.to !== null && y.from !== null && y.to !== null) return y.to.plus(y.from.times(-1)).comparedTo(x.to.plus(x.from.times(-1)));
  if (x.to === null && y.to === null && x.from !== null && y.from !== null) return x.from.comparedTo(y.from);
  if (x.from === null && y.from === null && x.to !== null && y.to !== null) return y.to.comparedTo(x.to);
  return 0;
}

/** Whether two ranges share a value; an empty end is open. */
function overlap(a: Range, b: Range): boolean {
  if (a.from !== null && b.to !== null && a.from.comparedTo(b.to) > 0) return false;
  if (b.from !== null && a.to !== null && b.from.comparedTo(a.to) > 0) return false;
  return true;
}

function ranked(rate: CuttingRate, what: string): RankedRate {
  return { rate, thickness: parseRange(rate.thicknessFrom, rate.thicknessTo, `${what} thickness`) };
}

/**
 * Whether two cutting rates of one machine tie: some product would match both (the same
 * material group, or both any group, and thickness ranges sharing a value) and neither is more
 * specific. The engine refuses such a pair; saving the second of them is refused too.
 */
export function cuttingRatesTie(a: CuttingRate, b: CuttingRate): boolean {
  if ((a.materialGroupId || null) !== (b.materialGroupId || null)) return false;
  const [x, y] = [ranked(a, 'Cutting rate'), ranked(b, 'Cutting rate')];
  return overlap(x.thickness, y.thickness) && compareSpecificity(x, y) === 0;
}

/** A thickness range as a reason names it, in any language: "0–3 mm", "3–∞ mm", "0–∞ mm". */
function thicknessRangeText(range: Range): Phrase {
  return { key: 'thickness_range', params: { from: decimalParam(range.from === null ? '0' : formatMeasure(range.from)), to: range.to === null ? '∞' : decimalParam(formatMeasure(range.to)) } };
}

/**
 * The most specific of the rates matching the material group and thickness; an equal tie is
 * refused rather than decided by the order the rates happen to be listed in.
 */
function cuttingRateFor(asset: Asset, model: LaserCuttingModel, context: TimeContext, parsed: ParsedCuttingRates): RankedRate | null {
  const what = `${asset.name}: cutting rate`;
  const matching: RankedRate[] = [];
  for (const [i, rate] of model.rates.entries()) {
    if (rate.materialGroupId && rate.materialGroupId !== context.materialGroupId) continue;
    const candidate = (parsed[i] ??= ranked(rate, what));
    if (covers(candidate.thickness, context.thickness)) matching.push(candidate);
  }
  let best: RankedRate | null = null;
  for (const candidate of matching) if (best === null || compareSpecificity(candidate, best) > 0) best = candidate;
  if (best === null) return null;
  const tie = matching.find((other) => other !== best && compareSpecificity(other, best) >= 0);
  if (tie) {
    throw new PricingError('missing-time', 'pricing_cutting_rate_tie', {
      product: context.productName,
      asset: asset.name,
      group: context.materialGroupName ?? '–',
      thickness: context.thickness === null ? '–' : decimalParam(formatMeasure(context.thickness)),
      first: thicknessRangeText(best.thickness),
      second: thicknessRangeText(tie.thickness),
    });
  }
  return best;
}

/** Laser cutting: cut length ÷ cut speed + pierces × pierce time, with the most specific cutting rate. */
function laserCuttingTime(asset: Asset, model: LaserCuttingModel, measures: GeometryMeasures, context: TimeContext, parsed: ParsedCuttingRates): Explained {
  const what = `${asset.name}: cutting rate`;
  const match = cuttingRateFor(asset, model, context, parsed);
  if (!match) {
    const params = { product: context.productName, asset: asset.name, group: context.materialGroupName ?? '–' };
    if (context.thickness === null) throw new PricingError('missing-time', 'pricing_no_cut_speed_without_thickness', params);
    throw new PricingError('missing-time', 'pricing_no_cut_speed', { ...params, thickness: decimalParam(formatMeasure(context.thickness)) });
  }
  const { rate, thickness } = match;
  const cutSpeed = (match.cutSpeed ??= toDecimal(rate.cutSpeed, `${what}: cut speed`));
  const pierceTime = (match.pierceTime ??= toDecimal(rate.pierceTime, `${what}: pierce time`));
  if (cutSpeed.lte(0)) throw invalidData('invalid-input', `${what}: cut speed must be above zero`);
  const { cutLength, pierceCount } = measures;
  const minutes = cutLength.amount.div(cutSpeed).plus(pierceCount.amount.times(pierceTime).div(SIXTY));
  const { words } = context;
  return measure(minutes, 'min', (inputs) => {
    const thicknessRange = rangeText(thickness, words);
    // A rate for a group is the product's group, so its name is known.
    const group = rate.materialGroupId ? (context.materialGroupName ?? rate.materialGroupId) : null;
    inputs[words.cutLength] = cutLength.figure;
    inputs[words.cutSpeed] = words.cutSpeedOn(shownMeasure(cutSpeed, words), asset.name, group, thicknessRange);
    inputs[words.pierces] = pierceCount.figure;
    inputs[words.pierceTime] = `${shownMeasure(pierceTime, words)} s`;
    return `${shown(cutLength.figure, words)} ÷ ${shownMeasure(cutSpeed, words)} mm/min + ${words.number(pierceCount.figure.value)} × ${shownMeasure(pierceTime, words)} s ÷ 60`;
  });
}

/** Bending: Σ bends (each row times its count) × seconds per bend of their class + handling, in minutes. */
function bendingTime(asset: Asset, model: BendingModel, geometry: Geometry, words: Words): Explained {
  // Plain loops, and inputs named only when faulty (quickDecimal): every bent product of a request passes here.
  const bends = geometry.bends ?? [];
  const bendsByClass = new Map<string, number>();
  for (let i = 0; i < bends.length; i++) bendsByClass.set(bends[i].bendClass, (bendsByClass.get(bends[i].bendClass) ?? 0) + countOf(bends[i], 'Bend', i));
  const classes: Array<{ bendClass: string; count: number; perBend: Decimal }> = [];
  let seconds = ZERO;
  for (const [bendClass, count] of bendsByClass) {
    const entry = secondsPerBendOf(model, bendClass);
    if (!entry) throw new PricingError('missing-time', 'pricing_no_bend_seconds', { asset: asset.name, bendClass });
    const perBend = quickDecimal(entry.seconds) ?? toDecimal(entry.seconds, `${asset.name}: seconds per bend of class ${bendClass}`);
    seconds = seconds.plus(perBend.times(count));
    classes.push({ bendClass, count, perBend });
  }
  const handling = (quickOptionalDecimal(model.handlingSeconds) ?? optionalDecimal(model.handlingSeconds, `${asset.name}: handling seconds`)) ?? ZERO;
  seconds = seconds.plus(handling);
  return measure(seconds.div(SIXTY), 'min', (inputs) => {
    for (const { bendClass, count, perBend } of classes) inputs[words.bendsOfClass(bendClass)] = words.perBend(count, shownMeasure(perBend, words));
    inputs[words.handling] = words.handlingPerPiece(shownMeasure(handling, words));
    const terms = [...classes.map(({ count, perBend }) => `${count} × ${shownMeasure(perBend, words)} s`), words.handlingTerm(shownMeasure(handling, words))];
    return `(${terms.join(' + ')}) ÷ 60`;
  });
}

/**
 * The machine's seconds per bend of a class. A class is a name people type: "Standard" and "standard "
 * are one class, as saving a rate treats them (case and surrounding spaces aside). A class written
 * exactly as the rate's is found without normalizing it (the first rate of the class either way).
 */
function secondsPerBendOf(model: BendingModel, bendClass: string): BendingModel['secondsPerBend'][number] | undefined {
  const rates = model.secondsPerBend;
  let wanted: string | undefined;
  for (let i = 0; i < rates.length; i++) {
    const candidate = rates[i].bendClass;
    if (candidate === bendClass || candidate.trim().toLowerCase() === (wanted ??= bendClass.trim().toLowerCase())) return rates[i];
  }
  return undefined;
}
