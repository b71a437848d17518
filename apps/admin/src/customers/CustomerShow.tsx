import { EmailField, FunctionField, SimpleShowLayout, TextField } from 'react-admin';
import { LANGUAGE_NAMES } from '../shared/choices';
import { RecordShow } from '../shared/RecordPages';
import { recordDates } from '../shared/values';

/** /customers/:id/view */
export const CustomerShow = () => (
  <RecordShow>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="accountNumber" emptyText="--" />
      <TextField source="contactInfo" emptyText="--" />
      <EmailField source="email" emptyText="--" />
      <TextField source="address" emptyText="--" />
      <TextField source="zipCode" emptyText="--" />
      <TextField source="city" emptyText="--" />
      <TextField source="country" emptyText="--" />
      <TextField source="billingName" emptyText="--" />
      <FunctionField<{ language?: string }> source="language" render={(record) => (record.language ? (LANGUAGE_NAMES[record.language] ?? record.language) : '--')} />
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);
