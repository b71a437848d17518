import { BooleanInput, required, TextInput } from 'react-admin';
import { maxText } from '../shared/validators';

/** An operation's fields, for the create dialog and the edit page alike. */
export const OperationInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <TextInput source="fabNumber" validate={maxText()} helperText="resources.operations.helpers.fabNumber" fullWidth />
    <BooleanInput source="quickSelectProductPage" helperText="resources.operations.helpers.quickSelectProductPage" />
    <BooleanInput source="quickSelectDefault" helperText="resources.operations.helpers.quickSelectDefault" />
  </>
);
