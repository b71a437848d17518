import { Box, Typography } from '@mui/material';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { itemColumns } from '../items/ItemList';
import { recordPath } from '../routing/route-table';
import { ChildPagination, PER_PAGE } from '../shared/ChildRecords';
import { ReferenceName } from '../shared/ReferenceName';
import { SectionHeading } from '../shared/SectionHeading';
import { QuantityText } from '../shared/values';
import { ProductPage } from './ProductPage';

/** The product in orders and offers (the console's items, the API's order-items), newest first. */
const InOrders = () => {
  const translate = useTranslate();
  const title = translate('resources.items.in_orders.title');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="product-order-items">
      <SectionHeading title={title} description={translate('resources.items.in_orders.description')} />
      <ReferenceManyField
        reference="items"
        target="productId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={PER_PAGE}
        pagination={<ChildPagination />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate('resources.items.in_orders.none')}
          </Typography>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={(id) => recordPath.view('items', id)} size="small">
          {itemColumns(false)}
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};

const WhereUsed = () => {
  const translate = useTranslate();
  const title = translate('resources.products.items.title');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }}>
      <SectionHeading title={title} description={translate('resources.products.items.description')} />
      <ReferenceManyField
        reference="product-parts"
        target="subProductId"
        sort={{ field: 'createdAt', order: 'ASC' }}
        perPage={PER_PAGE}
        pagination={<ChildPagination />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {translate('resources.products.items.none')}
          </Typography>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={(_id, _resource, line) => recordPath.view('products', line.productId)} size="small">
          <DataTable.Col source="productId" label="resources.products.items.assembly">
            <ReferenceName source="productId" reference="products" link={false} />
          </DataTable.Col>
          <DataTable.Col source="quantity" label="resources.products.items.quantity" align="right" render={(line) => <QuantityText value={line.quantity} />} />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};

/** /products/:id/items: the product's items in orders, and the assemblies holding it as a sub-assembly. */
export const ProductItems = () => (
  <ProductPage>
    <InOrders />
    <WhereUsed />
  </ProductPage>
);
