import { CreateDialog } from '../shared/CreateDialog';
import { PartInputs } from './PartInputs';
import { PartList } from './PartList';

export const PartCreate = () => (
  <>
    <PartList />
    <CreateDialog>
      <PartInputs />
    </CreateDialog>
  </>
);
