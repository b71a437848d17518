import { DataTable } from 'react-admin';
import type { Group } from '../api/contracts';
import { RecordList } from '../shared/RecordList';
import { SmallRows } from '../shared/SmallList';
import { DateText } from '../shared/values';

const exportColumns = [{ source: 'name' }, { source: 'description' }];

const small: SmallRows<Group> = {
  primaryText: (group) => group.name,
  secondaryText: (group) => group.description,
};

export const GroupList = () => (
  <RecordList<Group> sort={{ field: 'name', order: 'ASC' }} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="description" />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} />} />
  </RecordList>
);
