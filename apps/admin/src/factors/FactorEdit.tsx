import { RecordEdit } from '../shared/RecordPages';
import { FactorInputs } from './FactorInputs';

export const FactorEdit = () => (
  <RecordEdit>
    <FactorInputs />
  </RecordEdit>
);
