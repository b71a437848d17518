import { RecordEdit } from '../shared/RecordPages';
import { OperationInputs } from './OperationInputs';

export const OperationEdit = () => (
  <RecordEdit>
    <OperationInputs />
  </RecordEdit>
);
