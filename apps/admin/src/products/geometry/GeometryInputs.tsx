import { BooleanInput, NumberInput, RadioButtonGroupInput, required, SelectInput, TextInput, Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { choicesOf } from '../../shared/choices';
import { InputRow } from '../../shared/InputRow';
import { maxText, positiveNumber } from '../../shared/validators';
import { CONTOUR_KIND_PREFIX, CONTOUR_KINDS, HOLE_KIND_PREFIX, HOLE_KINDS, holeMeasures, TOLERANCE_CLASS_PREFIX, TOLERANCE_CLASSES } from '../product-record';

const measure = positiveNumber();

/** A contour: its kind and length in mm. */
export const ContourInputs = () => (
  <>
    <RadioButtonGroupInput source="kind" choices={choicesOf(CONTOUR_KINDS, CONTOUR_KIND_PREFIX)} validate={required()} defaultValue="outer" />
    <NumberInput source="length" validate={[required(), measure]} helperText="resources.product-contours.helpers.length" />
  </>
);

/** The measures the chosen kind of hole has; the others are cleared on saving (holeChanges). */
const HoleMeasureInputs = () => {
  const kind = useWatch({ name: 'kind' });
  const through = useWatch({ name: 'through' });
  const shown = new Set<string>(holeMeasures(kind, through));
  const input = (source: string, helperText?: string) =>
    shown.has(source) ? <NumberInput key={source} source={source} validate={measure} helperText={helperText} /> : null;
  return (
    <>
      <InputRow>
        {input('diameter', shown.has('innerDiameter') ? 'resources.product-holes.helpers.diameter' : undefined)}
        {input('innerDiameter')}
        {input('outerDiameter')}
      </InputRow>
      <InputRow>
        {input('depth')}
        {input('innerDepth')}
        {input('outerDepth')}
      </InputRow>
    </>
  );
};

/** A hole: kind, tolerance class, whether it goes through, and its diameters and depths in mm. */
export const HoleInputs = () => (
  <>
    <InputRow>
      <SelectInput source="kind" choices={choicesOf(HOLE_KINDS, HOLE_KIND_PREFIX)} validate={required()} defaultValue="hole" />
      <SelectInput source="toleranceClass" choices={choicesOf(TOLERANCE_CLASSES, TOLERANCE_CLASS_PREFIX)} validate={required()} defaultValue="default" />
    </InputRow>
    <BooleanInput source="through" defaultValue={true} />
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
const wholeCount: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? undefined : 'resources.product-bends.validation.combined_bends';
};

/** A bend: its class (matching the press brake's bending rates), length, angle and combined bends. */
export const BendInputs = () => (
  <>
    <TextInput source="bendClass" validate={[required(), maxText()]} defaultValue="standard" helperText="resources.product-bends.helpers.bendClass" />
    <InputRow>
      <NumberInput source="length" validate={measure} />
      <NumberInput source="angle" validate={angle} />
      <NumberInput source="combinedBends" validate={wholeCount} defaultValue={1} helperText="resources.product-bends.helpers.combinedBends" />
    </InputRow>
  </>
);
