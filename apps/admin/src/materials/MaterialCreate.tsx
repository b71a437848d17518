import { CreateDialog } from '../shared/CreateDialog';
import { MaterialInputs } from './MaterialInputs';
import { MaterialList } from './MaterialList';

export const MaterialCreate = () => (
  <>
    <MaterialList />
    <CreateDialog defaultValues={{ priceUnit: 'kg' }}>
      <MaterialInputs />
    </CreateDialog>
  </>
);
