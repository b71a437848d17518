import { required, TextInput } from 'react-admin';
import { maxText } from '../shared/validators';
import { PermissionsInput } from './PermissionsInput';

/** Name and permissions, for create and edit alike. */
export const RoleInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <PermissionsInput />
  </>
);
