import { RecordEdit } from '../shared/RecordPages';
import { suppliableChanges } from './suppliable-record';
import { SuppliableInputs } from './SuppliableInputs';

export const SuppliableEdit = () => (
  <RecordEdit transform={suppliableChanges}>
    <SuppliableInputs />
  </RecordEdit>
);
