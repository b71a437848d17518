import { RecordEdit } from '../shared/RecordPages';
import { MaterialInputs } from './MaterialInputs';

export const MaterialEdit = () => (
  <RecordEdit>
    <MaterialInputs />
  </RecordEdit>
);
