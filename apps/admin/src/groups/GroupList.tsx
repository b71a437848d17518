import { DataTable } from 'react-admin';
import type { Group } from '../api/contracts';
import { RecordList } from '../shared/RecordList';
import { DateText } from '../shared/values';

const exportColumns = [{ source: 'name' }, { source: 'description' }];

export const GroupList = () => (
  <RecordList<Group> sort={{ field: 'name', order: 'ASC' }} exportColumns={exportColumns}>
    <DataTable.Col source="name" />
    <DataTable.Col source="description" />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} />} />
  </RecordList>
);
