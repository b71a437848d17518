import { email, required, SelectInput, TextInput } from 'react-admin';
import { LANGUAGE_NAMES } from '../shared/choices';
import { InputRow } from '../shared/InputRow';
import { maxText } from '../shared/validators';

const emailValidators = [email('fabquote.validation.email'), maxText()];

const CUSTOMER_LANGUAGE_CHOICES = Object.entries(LANGUAGE_NAMES).map(([id, name]) => ({ id, name }));

/** A customer's fields, for the create dialog and the edit page alike. */
export const CustomerInputs = () => (
  <>
    <InputRow>
      <TextInput source="name" validate={[required(), maxText()]} />
      <TextInput source="accountNumber" validate={maxText()} />
    </InputRow>
    <TextInput source="contactInfo" validate={maxText()} helperText="resources.customers.helpers.contactInfo" fullWidth />
    <TextInput source="email" type="email" validate={emailValidators} helperText="resources.customers.helpers.email" fullWidth />
    <TextInput source="address" validate={maxText()} fullWidth />
    <InputRow>
      <TextInput source="zipCode" validate={maxText()} />
      <TextInput source="city" validate={maxText()} />
      <TextInput source="country" validate={maxText()} />
    </InputRow>
    <TextInput source="billingName" validate={maxText()} helperText="resources.customers.helpers.billingName" fullWidth />
    <SelectInput source="language" choices={CUSTOMER_LANGUAGE_CHOICES} translateChoice={false} helperText="resources.customers.helpers.language" />
  </>
);
