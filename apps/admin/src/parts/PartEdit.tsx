import { RecordEdit } from '../shared/RecordPages';
import { PartInputs } from './PartInputs';

export const PartEdit = () => (
  <RecordEdit>
    <PartInputs />
  </RecordEdit>
);
