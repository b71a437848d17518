import { Box, Typography } from '@mui/material';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { ChildPagination, PER_PAGE } from '../shared/ChildRecords';
import { ReferenceName } from '../shared/ReferenceName';
import { SectionHeading } from '../shared/SectionHeading';
import { QuantityText } from '../shared/values';
import { ProductPage } from './ProductPage';

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

/** /products/:id/items: where the product is used — the assemblies holding it as a sub-assembly. */
export const ProductItems = () => (
  <ProductPage>
    <WhereUsed />
  </ProductPage>
);
