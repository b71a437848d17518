import { required, TextInput } from 'react-admin';
import { InputRow } from '../shared/InputRow';
import { maxText } from '../shared/validators';

/** A customer's fields, for the create dialog and the edit page alike. */
export const CustomerInputs = () => (
  <>
    <InputRow>
      <TextInput source="name" validate={[required(), maxText()]} />
      <TextInput source="accountNumber" validate={maxText()} />
    </InputRow>
    <TextInput source="contactInfo" validate={maxText()} helperText="resources.customers.helpers.contactInfo" fullWidth />
    <TextInput source="address" validate={maxText()} fullWidth />
    <InputRow>
      <TextInput source="zipCode" validate={maxText()} />
      <TextInput source="city" validate={maxText()} />
      <TextInput source="country" validate={maxText()} />
    </InputRow>
    <TextInput source="billingName" validate={maxText()} helperText="resources.customers.helpers.billingName" fullWidth />
  </>
);
