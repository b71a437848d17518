import { CreateDialog } from '../shared/CreateDialog';
import { GroupInputs } from './GroupInputs';
import { GroupList } from './GroupList';

export const GroupCreate = () => (
  <>
    <GroupList />
    <CreateDialog>
      <GroupInputs />
    </CreateDialog>
  </>
);
