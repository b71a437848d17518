import {
  BooleanInput,
  CheckboxGroupInput,
  email,
  ReferenceArrayInput,
  required,
  SelectInput,
  TextInput,
  useCanAccess,
} from 'react-admin';
import { maxText } from '../shared/validators';

export const LANGUAGE_CHOICES = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch' },
];

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
          <CheckboxGroupInput optionText="name" label="resources.users.fields.roleIds" />
        </ReferenceArrayInput>
      ) : null}
      {mode === 'invite' ? <SelectInput source="languageCode" choices={LANGUAGE_CHOICES} translateChoice={false} validate={required()} /> : null}
      {mode === 'edit' ? <BooleanInput source="active" label="fabquote.status.user.active" /> : null}
    </>
  );
};
