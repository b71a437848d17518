import { Typography } from '@mui/material';
import { email, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { InputRow } from '../shared/InputRow';
import { choicesOf, LANGUAGE_NAMES } from '../shared/choices';
import { maxText } from '../shared/validators';

export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export const SUPPLIER_STATUS_PREFIX = 'fabquote.status.supplier';
export const SUPPLIER_LANGUAGE_CHOICES = Object.entries(LANGUAGE_NAMES).map(([id, name]) => ({ id, name }));

const emailValidators = [email('fabquote.validation.email'), maxText()];

const Heading = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
      {translate(text)}
    </Typography>
  );
};

/** A supplier's fields, for the create dialog and the edit page alike. */
export const SupplierInputs = () => (
  <>
    <Heading text="resources.suppliers.sections.contact" />
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <InputRow>
      <TextInput source="email" validate={[required(), ...emailValidators]} />
      <TextInput source="phone" type="tel" validate={maxText()} />
    </InputRow>
    <InputRow>
      <SelectInput source="language" choices={SUPPLIER_LANGUAGE_CHOICES} translateChoice={false} helperText="resources.suppliers.helpers.language" />
      <SelectInput source="status" choices={choicesOf(SUPPLIER_STATUSES, SUPPLIER_STATUS_PREFIX)} />
    </InputRow>
    <Heading text="resources.suppliers.sections.address" />
    <TextInput source="address" validate={maxText()} fullWidth />
    <TextInput source="address2" validate={maxText()} fullWidth />
    <InputRow>
      <TextInput source="zip" validate={maxText()} />
      <TextInput source="city" validate={maxText()} />
      <TextInput source="country" validate={maxText()} />
    </InputRow>
    <Heading text="resources.suppliers.sections.secondary" />
    <TextInput source="secondaryName" validate={maxText()} fullWidth />
    <InputRow>
      <TextInput source="secondaryEmail" validate={emailValidators} />
      <TextInput source="secondaryPhone" type="tel" validate={maxText()} />
    </InputRow>
  </>
);
