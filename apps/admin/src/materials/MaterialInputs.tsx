import { AutocompleteInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import { useWatch } from 'react-hook-form';
import { InputRow } from '../shared/InputRow';
import { choicesOf, PRICE_UNIT_PREFIX, PRICE_UNITS } from '../shared/choices';
import { useDerivedHelper, useDerivedValues } from '../shared/useDerivedValues';
import { maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { materialFigures } from './material-figures';
import { NumberInput } from '../shared/NumberInput';
import { PriceInEffect } from './PriceInEffect';

const dimension = positiveNumber();

/** The weight follows from the dimensions and the density while the person has not typed their own. */
const WeightAndDensity = () => {
  const [height, width, length, density] = useWatch({ name: ['height', 'width', 'length', 'density'] });
  const figures = materialFigures({ height, width, length, density });
  useDerivedValues(figures);
  const helper = useDerivedHelper('weight', figures.weight, 'kg', 'resources.materials.derived.weight');
  return (
    <InputRow>
      <NumberInput source="weight" validate={dimension} helperText={helper} />
      <NumberInput source="density" validate={dimension} />
    </InputRow>
  );
};

/** On the edit page: which price the engine takes today, warning while a price per unit is typed that it will not use. */
const FormPriceInEffect = () => {
  const pricePerUnit = useWatch({ name: 'pricePerUnit' });
  return <PriceInEffect editedPricePerUnit={pricePerUnit} />;
};

/** A material's fields, for the create dialog and the edit page alike. */
export const MaterialInputs = () => (
  <>
    <InputRow>
      <TextInput source="name" validate={[required(), maxText()]} />
      <TextInput source="number" validate={[required(), maxText()]} />
    </InputRow>
    <ReferenceInput source="groupId" reference="groups" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput fullWidth />
    </ReferenceInput>
    <InputRow>
      <NumberInput source="height" validate={dimension} helperText="resources.materials.helpers.height" />
      <NumberInput source="width" validate={dimension} />
      <NumberInput source="length" validate={dimension} />
    </InputRow>
    <WeightAndDensity />
    <InputRow>
      <NumberInput source="pricePerUnit" money validate={nonNegativeNumber()} />
      <SelectInput source="priceUnit" choices={choicesOf(PRICE_UNITS, PRICE_UNIT_PREFIX)} />
    </InputRow>
    <FormPriceInEffect />
  </>
);

/** A price of the material's history, valid from a day on. */
export const MaterialPriceInputs = () => (
  <>
    <NumberInput source="price" money validate={[required(), nonNegativeNumber()]} />
    <LocalizedDateInput source="validFrom" validate={required()} helperText="resources.material-prices.helpers.validFrom" />
  </>
);
