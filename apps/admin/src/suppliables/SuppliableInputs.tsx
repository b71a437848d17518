import { AutocompleteInput, BooleanInput, RadioButtonGroupInput, ReferenceInput, required, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { InputRow } from '../shared/InputRow';
import { choicesOf } from '../shared/choices';
import { maxText, nonNegativeNumber, notBelow, positiveNumber } from '../shared/validators';
import { SUPPLIABLE_TYPE_PREFIX, SUPPLIABLE_TYPES, suppliedReference } from './suppliable-record';
import { NumberInput } from '../shared/NumberInput';

/** The part or the operation supplied, depending on the type chosen. */
const SuppliedInput = () => {
  const type = useWatch({ name: 'type' });
  const supplied = suppliedReference(type);
  if (!supplied) return null;
  return (
    <ReferenceInput key={supplied.source} source={supplied.source} reference={supplied.reference} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput fullWidth />
    </ReferenceInput>
  );
};

/** A suppliable's fields, for the create dialog and the edit page alike. */
export const SuppliableInputs = () => (
  <>
    <RadioButtonGroupInput source="type" choices={choicesOf(SUPPLIABLE_TYPES, SUPPLIABLE_TYPE_PREFIX)} validate={required()} />
    <InputRow>
      <TextInput source="number" validate={[required(), maxText()]} />
      <TextInput source="secondNumber" validate={maxText()} helperText="resources.suppliables.helpers.secondNumber" />
    </InputRow>
    <ReferenceInput source="supplierId" reference="suppliers" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={required()} fullWidth />
    </ReferenceInput>
    <SuppliedInput />
    <InputRow>
      <NumberInput source="cost" money validate={nonNegativeNumber()} helperText="resources.suppliables.helpers.cost" />
      <BooleanInput source="active" />
    </InputRow>
  </>
);

const maxQuantityValidators = [positiveNumber(), notBelow('minQuantity', 'fabquote.validation.max_below_min')];

/** A bulk price band; the API refuses bands overlapping another of the same suppliable. */
export const BulkPriceInputs = () => (
  <>
    <InputRow>
      <NumberInput source="minQuantity" validate={[required(), positiveNumber()]} />
      <NumberInput source="maxQuantity" validate={maxQuantityValidators} helperText="resources.suppliable-bulk-prices.helpers.maxQuantity" />
    </InputRow>
    <NumberInput source="unitPrice" money validate={[required(), nonNegativeNumber()]} />
  </>
);

/** A factor applied to the suppliable's price. */
export const SuppliableFactorInputs = () => (
  <ReferenceInput source="factorId" reference="factors" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput validate={required()} fullWidth />
  </ReferenceInput>
);
