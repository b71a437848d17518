import { covers, parseRange } from './bands';
import { Decimal, SIXTY, ZERO, formatMeasure, optionalDecimal, toDecimal } from './decimal';
import { PricingError } from './errors';
import { Explained, measure, shown } from './figure';
import { GeometryMeasures } from './geometry';
import { Asset, BendingModel, Geometry, LaserCuttingModel, TimeModel } from './types';

/** What a time model reads from the product being priced. */
export interface TimeContext {
  productName: string;
  geometry: Geometry | null;
  measures: GeometryMeasures | null;
  materialGroupId: string | null;
  thickness: Decimal | null;
}

/** Minutes per piece from the geometry, for an operation whose time per unit is empty. */
export function derivedTime(asset: Asset, model: TimeModel, context: TimeContext): Explained {
  if (context.geometry === null || context.measures === null) {
    throw new PricingError('missing-time', `${context.productName}: ${asset.name} derives its time from the geometry, but the product has none`);
  }
  return model.kind === 'laser-cutting' ? laserCuttingTime(asset, model, context.measures, context) : bendingTime(asset, model, context.geometry);
}

/** Laser cutting: cut length ÷ cut speed + pierces × pierce time. */
function laserCuttingTime(asset: Asset, model: LaserCuttingModel, measures: GeometryMeasures, context: TimeContext): Explained {
  const what = `${asset.name}: cutting rate`;
  const rate = model.rates.find(
    (candidate) =>
      (!candidate.materialGroupId || candidate.materialGroupId === context.materialGroupId) &&
      covers(parseRange(candidate.thicknessFrom, candidate.thicknessTo, `${what} thickness`), context.thickness),
  );
  if (!rate) {
    const thickness = context.thickness === null ? 'no thickness' : `${formatMeasure(context.thickness)} mm`;
    const group = context.materialGroupId ?? '(none)';
    throw new PricingError('missing-time', `${context.productName}: ${asset.name} has no cut speed for material group ${group} at ${thickness}`);
  }
  const cutSpeed = toDecimal(rate.cutSpeed, `${what}: cut speed`);
  const pierceTime = toDecimal(rate.pierceTime, `${what}: pierce time`);
  if (cutSpeed.lte(0)) throw new PricingError('invalid-input', `${what}: cut speed must be above zero`);
  const { cutLength, pierceCount } = measures;
  const minutes = cutLength.amount.div(cutSpeed).plus(pierceCount.amount.times(pierceTime).div(SIXTY));
  const thicknessRange = parseRange(rate.thicknessFrom, rate.thicknessTo, `${what} thickness`).text;
  return measure(minutes, 'min', `${shown(cutLength.figure)} ÷ ${formatMeasure(cutSpeed)} mm/min + ${pierceCount.figure.value} × ${formatMeasure(pierceTime)} s ÷ 60`, {
    'cut length': cutLength.figure,
    'cut speed': `${formatMeasure(cutSpeed)} mm/min on ${asset.name} (group ${rate.materialGroupId ?? 'any'}, ${thicknessRange} mm)`,
    pierces: pierceCount.figure,
    'pierce time': `${formatMeasure(pierceTime)} s`,
  });
}

/** Bending: Σ bends × seconds per bend of their class + handling, in minutes. */
function bendingTime(asset: Asset, model: BendingModel, geometry: Geometry): Explained {
  const bendsByClass = new Map<string, number>();
  for (const bend of geometry.bends ?? []) bendsByClass.set(bend.bendClass, (bendsByClass.get(bend.bendClass) ?? 0) + 1);
  const terms: string[] = [];
  const inputs: Record<string, string> = {};
  let seconds = ZERO;
  for (const [bendClass, count] of bendsByClass) {
    const entry = model.secondsPerBend.find((candidate) => candidate.bendClass === bendClass);
    if (!entry) throw new PricingError('missing-time', `${asset.name} has no seconds per bend for bend class ${bendClass}`);
    const perBend = toDecimal(entry.seconds, `${asset.name}: seconds per bend of class ${bendClass}`);
    seconds = seconds.plus(perBend.times(count));
    terms.push(`${count} × ${formatMeasure(perBend)} s`);
    inputs[`bends of class ${bendClass}`] = `${count} × ${formatMeasure(perBend)} s per bend`;
  }
  const handling = optionalDecimal(model.handlingSeconds, `${asset.name}: handling seconds`) ?? ZERO;
  seconds = seconds.plus(handling);
  terms.push(`${formatMeasure(handling)} s handling`);
  inputs.handling = `${formatMeasure(handling)} s per piece`;
  return measure(seconds.div(SIXTY), 'min', `(${terms.join(' + ')}) ÷ 60`, inputs);
}
