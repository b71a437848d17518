import { required, TextInput } from 'react-admin';
import { InputRow } from '../shared/InputRow';
import { maxText, nonNegativeNumber } from '../shared/validators';
import { NumberInput } from '../shared/NumberInput';

/** A part's fields, for the create dialog and the edit page alike. */
export const PartInputs = () => (
  <>
    <InputRow>
      <TextInput source="name" validate={[required(), maxText()]} />
      <TextInput source="number" validate={[required(), maxText()]} />
    </InputRow>
    <TextInput source="description" validate={maxText()} multiline fullWidth />
    <InputRow>
      <TextInput source="unit" validate={maxText()} helperText="resources.parts.helpers.unit" />
      <NumberInput source="ownCost" money validate={nonNegativeNumber()} helperText="resources.parts.helpers.ownCost" />
    </InputRow>
  </>
);
