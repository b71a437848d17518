import { CreateDialog } from '../shared/CreateDialog';
import { OperationInputs } from './OperationInputs';
import { OperationList } from './OperationList';

export const OperationCreate = () => (
  <>
    <OperationList />
    <CreateDialog defaultValues={{ quickSelectProductPage: false, quickSelectDefault: false }}>
      <OperationInputs />
    </CreateDialog>
  </>
);
