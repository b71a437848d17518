import { useMemo } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  email,
  ReferenceArrayInput,
  required,
  SelectInput,
  TextInput,
  useCanAccess,
  useChoicesContext,
  useRecordContext,
} from 'react-admin';
import { useSession } from '../auth/useSession';
import { maxText } from '../shared/validators';
import { AssignableRole, markRolesOutOfReach } from './role-reach';
import { UserRecord } from './user-record';

export const LANGUAGE_CHOICES = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch' },
];

/**
 * The roles as checkboxes: those the signed-in person may not assign or take away (a permission they
 * do not hold, or their own roles) are shown disabled, as the API would refuse them.
 */
const RoleChoices = ({ mode }: { mode: 'invite' | 'edit' }) => {
  const { allChoices } = useChoicesContext<AssignableRole>();
  const { profile } = useSession();
  const record = useRecordContext<UserRecord>();
  const editingSelf = mode === 'edit' && !!record && record.id === profile?.id;
  const choices = useMemo(
    () => markRolesOutOfReach(allChoices ?? [], new Set(profile?.permissions ?? []), editingSelf),
    [allChoices, profile?.permissions, editingSelf],
  );
  return (
    <CheckboxGroupInput
      source="roleIds"
      choices={choices}
      optionText="name"
      translateChoice={false}
      disableValue="outOfReach"
      label="resources.users.fields.roleIds"
      helperText={editingSelf ? 'resources.users.own_roles_locked' : choices.some((role) => role.outOfReach) ? 'resources.users.roles_within_reach' : undefined}
    />
  );
};

/**
 * A user's fields, written once: the invitation asks for email, name, roles
 * and language; managing a user changes name, full name, phone, roles and
 * whether the account is active (PUT /users/:id, docs/api-identity.md).
 */
export const UserInputs = ({ mode }: { mode: 'invite' | 'edit' }) => {
  // Role names come from /roles, which needs roles.view; without it the roles can not be offered.
  const { canAccess: canReadRoles } = useCanAccess({ resource: 'roles', action: 'list' });
  return (
    <>
      {mode === 'invite' ? <TextInput source="email" type="email" validate={[required(), email('fabquote.validation.email'), maxText()]} fullWidth /> : null}
      <TextInput source="name" validate={[required(), maxText()]} fullWidth />
      {mode === 'edit' ? <TextInput source="fullName" validate={maxText()} fullWidth /> : null}
      {mode === 'edit' ? <TextInput source="phone" type="tel" validate={maxText()} fullWidth /> : null}
      {canReadRoles ? (
        <ReferenceArrayInput source="roleIds" reference="roles" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
          <RoleChoices mode={mode} />
        </ReferenceArrayInput>
      ) : null}
      {mode === 'invite' ? <SelectInput source="languageCode" choices={LANGUAGE_CHOICES} translateChoice={false} validate={required()} /> : null}
      {mode === 'edit' ? <BooleanInput source="active" label="fabquote.status.user.active" /> : null}
    </>
  );
};
