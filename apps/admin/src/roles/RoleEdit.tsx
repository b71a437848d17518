import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { EditActions, redirectToView } from '../shared/RecordButtons';
import { roleChanges } from './role-record';
import { RoleInputs } from './RoleInputs';
import { changesOnly } from '../shared/changes-only';

/** Deleting happens on the view page, behind the typed confirmation. */
export const RoleEdit = () => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={changesOnly(roleChanges)}>
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <RoleInputs />
    </SimpleForm>
  </Edit>
);
