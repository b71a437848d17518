import { EmailField, FunctionField, Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useCanAccess } from 'react-admin';
import { EditRecordButton } from '../shared/RecordButtons';
import { DateValueField, recordDates, StatusChip } from '../shared/values';
import type { UserRecord } from './user-record';
import { LANGUAGE_CHOICES } from './UserInputs';
import { UserRoles } from './UserRoles';
import { UserStatusButton } from './UserStatusButton';

const Actions = () => (
  <TopToolbar>
    <EditRecordButton />
    <UserStatusButton />
  </TopToolbar>
);

const languageName = (code: string) => LANGUAGE_CHOICES.find((choice) => choice.id === code)?.name ?? code;

export const UserShow = () => {
  const { canAccess: canReadRoles } = useCanAccess({ resource: 'roles', action: 'list' });
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="fullName" emptyText="--" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="--" />
        <FunctionField<UserRecord> source="languageCode" render={(record) => languageName(record.languageCode)} />
        {canReadRoles ? (
          <Labeled source="roleIds">
            <UserRoles />
          </Labeled>
        ) : null}
        <FunctionField<UserRecord> source="active" render={(record) => <StatusChip kind="user" status={record.active} />} />
        <FunctionField<UserRecord> source="twoFactorEnabled" render={(record) => <StatusChip kind="mfa" status={record.twoFactorEnabled} />} />
        <Labeled source="invitedAt">
          <DateValueField source="invitedAt" withTime />
        </Labeled>
        {recordDates()}
      </SimpleShowLayout>
    </Show>
  );
};
