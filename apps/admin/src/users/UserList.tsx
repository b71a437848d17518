import { DataTable, FilterButton, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { Parts, SmallRows, StatusText, TableOrLines } from '../shared/SmallList';
import { DateText, StatusChip } from '../shared/values';
import { InviteUserButton } from './InviteUserButton';
import type { UserRecord } from './user-record';
import { UserRoles } from './UserRoles';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    choices={[
      { id: 'true', name: 'fabquote.status.user.active' },
      { id: 'false', name: 'fabquote.status.user.inactive' },
    ]}
  />,
];

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <InviteUserButton />
  </TopToolbar>
);

const small: SmallRows<UserRecord> = {
  primaryText: (user) => user.fullName || user.name,
  secondaryText: (user) => <Parts>{[user.email, <StatusText key="active" kind="user" status={user.active} />]}</Parts>,
};

export const UserList = () => (
  <List sort={{ field: 'name', order: 'ASC' }} filters={filters} actions={<Actions />}>
    <TableOrLines small={small}>
      <DataTable<UserRecord> rowClick={(id) => recordPath.view('users', id)} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="fullName" />
        <DataTable.Col source="email" />
        <DataTable.Col source="roleIds" disableSort>
          <UserRoles />
        </DataTable.Col>
        <DataTable.Col source="active" render={(record) => <StatusChip kind="user" status={record.active} />} />
        <DataTable.Col source="twoFactorEnabled" disableSort render={(record) => <StatusChip kind="mfa" status={record.twoFactorEnabled} />} />
        <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
      </DataTable>
    </TableOrLines>
  </List>
);
