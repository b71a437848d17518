import { CreateDialog } from '../shared/CreateDialog';
import { PRODUCT_DEFAULTS, ProductInputs } from './ProductInputs';
import { ProductList } from './ProductList';

export const ProductCreate = () => (
  <>
    <ProductList />
    <CreateDialog defaultValues={PRODUCT_DEFAULTS}>
      <ProductInputs />
    </CreateDialog>
  </>
);
