import { BooleanField, SimpleShowLayout, TextField } from 'react-admin';
import { RecordShow } from '../shared/RecordPages';
import { recordDates } from '../shared/values';

/** /operations/:id/view */
export const OperationShow = () => (
  <RecordShow>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="fabNumber" emptyText="--" />
      <BooleanField source="quickSelectProductPage" />
      <BooleanField source="quickSelectDefault" />
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);
