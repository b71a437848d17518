import { CreateDialog } from '../shared/CreateDialog';
import { suppliableChanges } from './suppliable-record';
import { SuppliableInputs } from './SuppliableInputs';
import { SuppliableList } from './SuppliableList';

export const SuppliableCreate = () => (
  <>
    <SuppliableList />
    <CreateDialog defaultValues={{ type: 'part', active: true }} transform={suppliableChanges}>
      <SuppliableInputs />
    </CreateDialog>
  </>
);
