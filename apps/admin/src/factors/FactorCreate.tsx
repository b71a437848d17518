import { CreateDialog } from '../shared/CreateDialog';
import { FactorInputs } from './FactorInputs';
import { FactorList } from './FactorList';

export const FactorCreate = () => (
  <>
    <FactorList />
    <CreateDialog>
      <FactorInputs />
    </CreateDialog>
  </>
);
