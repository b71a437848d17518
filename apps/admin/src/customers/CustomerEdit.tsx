import { RecordEdit } from '../shared/RecordPages';
import { CustomerInputs } from './CustomerInputs';

export const CustomerEdit = () => (
  <RecordEdit>
    <CustomerInputs />
  </RecordEdit>
);
