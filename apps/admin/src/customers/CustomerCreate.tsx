import { CreateDialog } from '../shared/CreateDialog';
import { CustomerInputs } from './CustomerInputs';
import { CustomerList } from './CustomerList';

export const CustomerCreate = () => (
  <>
    <CustomerList />
    <CreateDialog>
      <CustomerInputs />
    </CreateDialog>
  </>
);
