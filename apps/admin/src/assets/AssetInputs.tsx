import { AutocompleteInput, BooleanInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../shared/choices';
import { maxText, nonNegativeNumber, notBelow, positiveNumber } from '../shared/validators';
import { NumberInput } from '../shared/NumberInput';

/** How a machine's time per piece is derived from a product's geometry when calculating by time. */
export const TIME_MODELS = ['laser-cutting', 'bending'] as const;
export const TIME_MODEL_PREFIX = 'resources.assets.time_models';

/** An asset's fields, for the create dialog and the edit page alike. */
export const AssetInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <TextInput source="fabNumber" validate={maxText()} helperText="resources.assets.helpers.fabNumber" fullWidth />
    <BooleanInput source="quickSelect" helperText="resources.assets.helpers.quickSelect" />
    <BooleanInput source="calculateByTime" helperText="resources.assets.helpers.calculateByTime" />
    <SelectInput source="timeModel" choices={choicesOf(TIME_MODELS, TIME_MODEL_PREFIX)} helperText="resources.assets.helpers.timeModel" />
    <NumberInput source="handlingSeconds" validate={nonNegativeNumber()} helperText="resources.assets.helpers.handlingSeconds" />
  </>
);

/** A price band by quantity. */
export const AssetPriceInputs = () => (
  <>
    <NumberInput source="quantity" validate={[required(), positiveNumber()]} helperText="resources.asset-prices.helpers.quantity" />
    <NumberInput source="inputCost" money validate={nonNegativeNumber()} />
    <NumberInput source="setupCost" money validate={nonNegativeNumber()} />
    <NumberInput source="programCost" money validate={nonNegativeNumber()} />
    <NumberInput source="price" money validate={nonNegativeNumber()} />
  </>
);

const thicknessToValidators = [nonNegativeNumber(), notBelow('thicknessFrom', 'fabquote.validation.max_below_min')];

/** Cut speed and pierce time of a laser for a material group and a thickness range. */
export const CuttingRateInputs = () => (
  <>
    <ReferenceInput source="groupId" reference="groups" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput helperText="resources.asset-cutting-rates.helpers.groupId" fullWidth />
    </ReferenceInput>
    <NumberInput source="thicknessFrom" validate={nonNegativeNumber()} />
    <NumberInput source="thicknessTo" validate={thicknessToValidators} helperText="resources.asset-cutting-rates.helpers.thicknessTo" />
    <NumberInput source="cutSpeed" validate={[required(), positiveNumber()]} />
    <NumberInput source="pierceTime" validate={nonNegativeNumber()} />
  </>
);

/** Seconds per bend of a press brake for one bend class. */
export const BendingRateInputs = () => (
  <>
    <TextInput source="bendClass" validate={[required(), maxText()]} helperText="resources.asset-bending-rates.helpers.bendClass" fullWidth />
    <NumberInput source="seconds" validate={[required(), nonNegativeNumber()]} />
  </>
);
