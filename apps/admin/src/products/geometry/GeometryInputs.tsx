import { BooleanInput, RadioButtonGroupInput, required, SelectInput, TextInput, Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { choicesOf } from '../../shared/choices';
import { InputRow } from '../../shared/InputRow';
import { maxText, positiveNumber } from '../../shared/validators';
import { CONTOUR_KIND_PREFIX, CONTOUR_KINDS, HOLE_KIND_PREFIX, HOLE_KINDS, holeAsksThrough, holeMeasures, TOLERANCE_CLASS_PREFIX, TOLERANCE_CLASSES } from '../product-record';
import { countProblem } from './geometry-rows';
import { NumberInput } from '../../shared/NumberInput';

const measure = positiveNumber();

const wholeCount: Validator = (value: unknown) => countProblem(value);

/** How many such rows the part has: 4 × Ø8 is one row with count 4. Empty is one. */
const CountInput = ({ reference }: { reference: string }) => (
  <NumberInput source="count" validate={wholeCount} defaultValue={1} helperText={`resources.${reference}.helpers.count`} />
);

/** A contour: its kind and length in mm, and for inner contours how many such the part has (an outer contour is one; contourChanges). */
export const ContourInputs = () => {
  const kind = useWatch({ name: 'kind' });
  return (
    <>
      <RadioButtonGroupInput source="kind" choices={choicesOf(CONTOUR_KINDS, CONTOUR_KIND_PREFIX)} validate={required()} defaultValue="outer" />
      <InputRow>
        <NumberInput source="length" validate={[required(), measure]} helperText="resources.product-contours.helpers.length" />
        {kind === 'inner' ? <CountInput reference="product-contours" /> : null}
      </InputRow>
    </>
  );
};

/** The measures the chosen kind of hole has; the others are cleared on saving (holeChanges). A thread's diameter is its size. */
const HoleMeasureInputs = () => {
  const kind = useWatch({ name: 'kind' });
  const through = useWatch({ name: 'through' });
  const shown = new Set<string>(holeMeasures(kind, through));
  const input = (source: string, label?: string, helperText?: string) =>
    shown.has(source) ? <NumberInput key={source} source={source} label={label} validate={measure} helperText={helperText} /> : null;
  const thread = kind === 'thread';
  return (
    <>
      <InputRow>
        {input('diameter', thread ? 'resources.product-holes.fields.size' : undefined, thread ? 'resources.product-holes.helpers.size' : undefined)}
        {input('innerDiameter')}
        {input('outerDiameter')}
      </InputRow>
      <InputRow>
        {input('depth', undefined, thread ? 'resources.product-holes.helpers.thread_depth' : undefined)}
        {input('innerDepth', undefined, shown.has('innerDepth') ? 'resources.product-holes.helpers.inner_depth' : undefined)}
        {input('outerDepth')}
      </InputRow>
    </>
  );
};

/** Only a plain hole is asked whether it goes through; the other kinds go through unless their bore has a depth (holeChanges). */
const ThroughInput = () => {
  const kind = useWatch({ name: 'kind' });
  return holeAsksThrough(kind) ? <BooleanInput source="through" defaultValue={true} /> : null;
};

/** A hole: kind, tolerance class, how many such the part has, whether it goes through, and the measures its kind has, in mm. */
export const HoleInputs = () => (
  <>
    <InputRow>
      <SelectInput source="kind" choices={choicesOf(HOLE_KINDS, HOLE_KIND_PREFIX)} validate={required()} defaultValue="hole" />
      <SelectInput source="toleranceClass" choices={choicesOf(TOLERANCE_CLASSES, TOLERANCE_CLASS_PREFIX)} validate={required()} defaultValue="default" />
      <CountInput reference="product-holes" />
    </InputRow>
    <ThroughInput />
    <HoleMeasureInputs />
  </>
);

/** docs/product.md §3: an angle in degrees; the API takes more than 0 up to 180. */
const angle: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const degrees = Number(value);
  return Number.isFinite(degrees) && degrees > 0 && degrees <= 180 ? undefined : 'resources.product-bends.validation.angle';
};

/** Combined bends count bends made in one stroke: a whole number from 1. */
const wholeCombined: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? undefined : 'resources.product-bends.validation.combined_bends';
};

/** A bend: its class (matching the press brake's bending rates), how many such the part has, length, angle and combined bends. */
export const BendInputs = () => (
  <>
    <InputRow>
      <TextInput source="bendClass" validate={[required(), maxText()]} defaultValue="standard" helperText="resources.product-bends.helpers.bendClass" />
      <CountInput reference="product-bends" />
    </InputRow>
    <InputRow>
      <NumberInput source="length" validate={measure} />
      <NumberInput source="angle" validate={angle} />
      <NumberInput source="combinedBends" validate={wholeCombined} defaultValue={1} helperText="resources.product-bends.helpers.combinedBends" />
    </InputRow>
  </>
);
