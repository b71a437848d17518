import { AutocompleteInput, email, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import { LANGUAGE_NAMES } from '../shared/choices';
import { InputRow } from '../shared/InputRow';
import { maxText, nonNegativeNumber } from '../shared/validators';
import { NumberInput } from '../shared/NumberInput';

const LANGUAGES = Object.entries(LANGUAGE_NAMES).map(([id, name]) => ({ id, name }));
const percent = [nonNegativeNumber()];

/** The customer and the contact: the create dialog's first fields, and the edit page's. */
export const CustomerInputs = () => (
  <>
    <ReferenceInput source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput fullWidth label="resources.orders.fields.customerId" />
    </ReferenceInput>
    <InputRow>
      <TextInput source="contactName" validate={maxText()} />
      <TextInput source="contactPhone" validate={maxText()} />
      <TextInput source="contactEmail" validate={[maxText(), email('fabquote.validation.email')]} />
    </InputRow>
  </>
);

/**
 * The order's header (docs/api-orders.md): names, terms, shipping. Commission, VAT rate and currency
 * change the totals and so only while Draft; the API says so (409) if the order has gone further.
 */
export const OrderInputs = ({ draft }: { draft: boolean }) => (
  <>
    <InputRow>
      <TextInput source="name" validate={maxText()} />
      <TextInput source="requestNumber" validate={maxText()} />
      <TextInput source="customerOrderNumber" validate={maxText()} />
    </InputRow>
    <CustomerInputs />
    <TextInput source="description" validate={maxText()} multiline minRows={2} fullWidth />
    <InputRow>
      <LocalizedDateInput source="validUntil" />
      <SelectInput source="language" choices={LANGUAGES} translateChoice={false} />
      <TextInput source="paymentTerms" validate={maxText()} />
    </InputRow>
    <InputRow>
      <TextInput source="shippingTerms" validate={maxText()} />
      <TextInput source="shippingMethod" validate={maxText()} />
      <LocalizedDateInput source="shippingDate" />
      <NumberInput source="shippingDays" validate={percent} />
    </InputRow>
    <InputRow>
      <TextInput source="currency" disabled={!draft} helperText={draft ? false : 'resources.orders.helpers.draft_only'} />
      <NumberInput source="commissionPercent" validate={percent} disabled={!draft} />
      <NumberInput source="vatRate" validate={percent} disabled={!draft} />
    </InputRow>
  </>
);
