import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { EditActions, redirectToView } from '../shared/RecordButtons';
import { userChanges } from './user-record';
import { UserInputs } from './UserInputs';
import { changesOnly } from '../shared/changes-only';

/** Assign roles, correct names, deactivate (users.manage). Deleting users is not offered: deactivate instead. */
export const UserEdit = () => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={changesOnly(userChanges)}>
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <UserInputs mode="edit" />
    </SimpleForm>
  </Edit>
);
