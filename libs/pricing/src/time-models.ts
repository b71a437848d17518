import { covers, parseRange, Range, rangeText } from './bands';
import { Decimal, SIXTY, ZERO, formatMeasure, optionalDecimal, toDecimal, shownMeasure } from './decimal';
import { invalidData, PricingError } from './errors';
import { Explained, measure, shown } from './figure';
import { GeometryMeasures } from './geometry';
import { Asset, BendingModel, Geometry, LaserCuttingModel, TimeModel } from './types';
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

/** Minutes per piece from the geometry, for an operation whose time per unit is empty. */
export function derivedTime(asset: Asset, model: TimeModel, context: TimeContext): Explained {
  if (context.geometry === null || context.measures === null) {
    throw new PricingError('missing-time', 'pricing_no_geometry', { product: context.productName, asset: asset.name });
  }
  return model.kind === 'laser-cutting' ? laserCuttingTime(asset, model, context.measures, context) : bendingTime(asset, model, context.geometry, context.words);
}

/** Laser cutting: cut length ÷ cut speed + pierces × pierce time. */
function laserCuttingTime(asset: Asset, model: LaserCuttingModel, measures: GeometryMeasures, context: TimeContext): Explained {
  const what = `${asset.name}: cutting rate`;
  // The first rate that fits, with the thickness range it was found by, which its explanation names.
  let match: { rate: LaserCuttingModel['rates'][number]; thickness: Range } | null = null;
  for (const rate of model.rates) {
    if (rate.materialGroupId && rate.materialGroupId !== context.materialGroupId) continue;
    const thickness = parseRange(rate.thicknessFrom, rate.thicknessTo, `${what} thickness`);
    if (covers(thickness, context.thickness)) {
      match = { rate, thickness };
      break;
    }
  }
  if (!match) {
    const params = { product: context.productName, asset: asset.name, group: context.materialGroupName ?? '–' };
    if (context.thickness === null) throw new PricingError('missing-time', 'pricing_no_cut_speed_without_thickness', params);
    throw new PricingError('missing-time', 'pricing_no_cut_speed', { ...params, thickness: formatMeasure(context.thickness) });
  }
  const { rate, thickness } = match;
  const cutSpeed = toDecimal(rate.cutSpeed, `${what}: cut speed`);
  const pierceTime = toDecimal(rate.pierceTime, `${what}: pierce time`);
  if (cutSpeed.lte(0)) throw invalidData('invalid-input', `${what}: cut speed must be above zero`);
  const { cutLength, pierceCount } = measures;
  const minutes = cutLength.amount.div(cutSpeed).plus(pierceCount.amount.times(pierceTime).div(SIXTY));
  const { words } = context;
  return measure(minutes, 'min', () => {
    const thicknessRange = rangeText(thickness, words);
    // A rate for a group is the product's group, so its name is known.
    const group = rate.materialGroupId ? (context.materialGroupName ?? rate.materialGroupId) : null;
    return {
      formula: `${shown(cutLength.figure, words)} ÷ ${shownMeasure(cutSpeed, words)} mm/min + ${words.number(pierceCount.figure.value)} × ${shownMeasure(pierceTime, words)} s ÷ 60`,
      inputs: {
        [words.cutLength]: cutLength.figure,
        [words.cutSpeed]: words.cutSpeedOn(shownMeasure(cutSpeed, words), asset.name, group, thicknessRange),
        [words.pierces]: pierceCount.figure,
        [words.pierceTime]: `${shownMeasure(pierceTime, words)} s`,
      },
    };
  });
}

/** Bending: Σ bends × seconds per bend of their class + handling, in minutes. */
function bendingTime(asset: Asset, model: BendingModel, geometry: Geometry, words: Words): Explained {
  const bendsByClass = new Map<string, number>();
  for (const bend of geometry.bends ?? []) bendsByClass.set(bend.bendClass, (bendsByClass.get(bend.bendClass) ?? 0) + 1);
  const classes: Array<{ bendClass: string; count: number; perBend: Decimal }> = [];
  let seconds = ZERO;
  for (const [bendClass, count] of bendsByClass) {
    const entry = model.secondsPerBend.find((candidate) => candidate.bendClass === bendClass);
    if (!entry) throw new PricingError('missing-time', 'pricing_no_bend_seconds', { asset: asset.name, bendClass });
    const perBend = toDecimal(entry.seconds, `${asset.name}: seconds per bend of class ${bendClass}`);
    seconds = seconds.plus(perBend.times(count));
    classes.push({ bendClass, count, perBend });
  }
  const handling = optionalDecimal(model.handlingSeconds, `${asset.name}: handling seconds`) ?? ZERO;
  seconds = seconds.plus(handling);
  return measure(seconds.div(SIXTY), 'min', () => {
    const inputs: Record<string, string> = {};
    for (const { bendClass, count, perBend } of classes) inputs[words.bendsOfClass(bendClass)] = words.perBend(count, shownMeasure(perBend, words));
    inputs[words.handling] = words.handlingPerPiece(shownMeasure(handling, words));
    const terms = [...classes.map(({ count, perBend }) => `${count} × ${shownMeasure(perBend, words)} s`), words.handlingTerm(shownMeasure(handling, words))];
    return { formula: `(${terms.join(' + ')}) ÷ 60`, inputs };
  });
}
