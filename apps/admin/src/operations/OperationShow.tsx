import { BooleanField, Labeled, SimpleShowLayout, TextField } from 'react-admin';
import { RecordShow } from '../shared/RecordPages';
import { DateValueField } from '../shared/values';

/** /operations/:id/view */
export const OperationShow = () => (
  <RecordShow>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="fabNumber" emptyText="--" />
      <BooleanField source="quickSelectProductPage" />
      <BooleanField source="quickSelectDefault" />
      <Labeled source="createdAt">
        <DateValueField source="createdAt" withTime />
      </Labeled>
      <Labeled source="updatedAt">
        <DateValueField source="updatedAt" withTime />
      </Labeled>
    </SimpleShowLayout>
  </RecordShow>
);
