import { Create, SimpleForm } from 'react-admin';
import { redirectToView } from '../shared/RecordButtons';
import { roleChanges } from './role-record';
import { RoleInputs } from './RoleInputs';

export const RoleCreate = () => (
  <Create redirect={redirectToView} transform={roleChanges}>
    <SimpleForm defaultValues={{ name: '', permissionIds: [] }}>
      <RoleInputs />
    </SimpleForm>
  </Create>
);
