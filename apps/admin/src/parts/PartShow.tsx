import { Labeled, SimpleShowLayout, TextField } from 'react-admin';
import { RecordShow } from '../shared/RecordPages';
import { DateValueField, MoneyField } from '../shared/values';

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
      <Labeled source="createdAt">
        <DateValueField source="createdAt" withTime />
      </Labeled>
      <Labeled source="updatedAt">
        <DateValueField source="updatedAt" withTime />
      </Labeled>
    </SimpleShowLayout>
  </RecordShow>
);
