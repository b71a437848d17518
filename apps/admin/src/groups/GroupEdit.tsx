import { RecordEdit } from '../shared/RecordPages';
import { GroupInputs } from './GroupInputs';

export const GroupEdit = () => (
  <RecordEdit>
    <GroupInputs />
  </RecordEdit>
);
