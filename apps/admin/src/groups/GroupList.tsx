import { DataTable } from 'react-admin';
import { RecordList } from '../shared/RecordList';
import { DateText } from '../shared/values';

interface GroupRow {
  id: string;
  name: string;
  description: string | null;
  updatedAt: string;
}

const exportColumns = [{ source: 'name' }, { source: 'description' }];

export const GroupList = () => (
  <RecordList<GroupRow> sort={{ field: 'name', order: 'ASC' }} exportColumns={exportColumns}>
    <DataTable.Col source="name" />
    <DataTable.Col source="description" />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} />} />
  </RecordList>
);
