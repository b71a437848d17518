import { Labeled, SimpleShowLayout, TextField } from 'react-admin';
import { RecordShow } from '../shared/RecordPages';
import { MoneyField, recordDates } from '../shared/values';

/** /parts/:id/view */
export const PartShow = () => (
  <RecordShow>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="number" />
      <TextField source="description" emptyText="--" />
      <TextField source="unit" emptyText="--" />
      <Labeled source="ownCost">
        <MoneyField source="ownCost" unitPrice />
      </Labeled>
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);
