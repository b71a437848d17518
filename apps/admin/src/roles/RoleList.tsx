import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { recordPath } from '../routing/route-table';
import type { RoleRecord } from './role-record';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

export const RoleList = () => (
  <List sort={{ field: 'name', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]} actions={<Actions />}>
    <DataTable<RoleRecord> rowClick={(id) => recordPath.view('roles', id)} bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.NumberCol source="permissionIds" disableSort render={(record) => record.permissionIds?.length ?? 0} />
      <DataTable.NumberCol source="userCount" disableSort />
    </DataTable>
  </List>
);
