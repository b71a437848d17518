import { DataTable, SelectInput } from 'react-admin';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { DateText, StatusChip } from '../shared/values';
import { InviteUserButton } from './InviteUserButton';
import type { UserRecord } from './user-record';
import { UserRoles } from './UserRoles';

const filters = [
  <SelectInput
    key="active"
    source="active"
    choices={[
      { id: 'true', name: 'fabquote.status.user.active' },
      { id: 'false', name: 'fabquote.status.user.inactive' },
    ]}
  />,
];

const small: SmallRows<UserRecord> = {
  primaryText: (user) => user.fullName || user.name,
  secondaryText: (user) => <Parts>{[user.email, <StatusText key="active" kind="user" status={user.active} />]}</Parts>,
};

/** Users are invited, not created, and deactivated, not deleted: the shared list with Invite for Create and no ticked rows. */
export const UserList = () => (
  <RecordList<UserRecord> sort={{ field: 'name', order: 'ASC' }} filters={filters} small={small} actions={<InviteUserButton />} bulkDelete={false}>
    <DataTable.Col source="name" />
    <DataTable.Col source="fullName" />
    <DataTable.Col source="email" />
    <DataTable.Col source="roleIds" disableSort>
      <UserRoles />
    </DataTable.Col>
    <DataTable.Col source="active" render={(record) => <StatusChip kind="user" status={record.active} />} />
    <DataTable.Col source="twoFactorEnabled" disableSort render={(record) => <StatusChip kind="mfa" status={record.twoFactorEnabled} />} />
    <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
  </RecordList>
);
