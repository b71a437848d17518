import { RecordEdit } from '../shared/RecordPages';
import { ProductInputs } from './ProductInputs';

export const ProductEdit = () => (
  <RecordEdit>
    <ProductInputs />
  </RecordEdit>
);
