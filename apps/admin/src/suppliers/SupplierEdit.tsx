import { RecordEdit } from '../shared/RecordPages';
import { SupplierInputs } from './SupplierInputs';

export const SupplierEdit = () => (
  <RecordEdit>
    <SupplierInputs />
  </RecordEdit>
);
