import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Stack, Typography } from '@mui/material';
import { AutocompleteInput, BooleanInput, DataTable, ReferenceInput, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { choicesOf } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { formatQuantity } from '../shared/format';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { ReferenceName } from '../shared/ReferenceName';
import { ChoiceField, MoneyText, StatusChip } from '../shared/values';
import { WarningMarker } from './calculations/CalculationWarnings';
import { PRODUCT_STATUS_PREFIX, PRODUCT_STATUSES, PRODUCT_TYPE_PREFIX, PRODUCT_TYPES, ProductRecord } from './product-record';

const filters = [
  <SelectInput key="status" source="status" choices={choicesOf(PRODUCT_STATUSES, PRODUCT_STATUS_PREFIX)} />,
  <SelectInput key="type" source="type" choices={choicesOf(PRODUCT_TYPES, PRODUCT_TYPE_PREFIX)} />,
  <ReferenceInput key="customerId" source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <ReferenceInput key="materialId" source="materialId" reference="materials" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <BooleanInput key="priceStale" source="priceStale" />,
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'name' },
  { source: 'type', choices: PRODUCT_TYPE_PREFIX },
  { source: 'status', choices: PRODUCT_STATUS_PREFIX },
  { source: 'customerId', reference: 'customers' },
  { source: 'category' },
  { source: 'materialId', reference: 'materials' },
  { source: 'thickness' },
  { source: 'latestCalculationIndex' },
  { source: 'priceStale' },
  { source: 'priceQuantity' },
  { source: 'unitPrice' },
  { source: 'totalPrice' },
  ...(['material', 'labor', 'purchase', 'setup', 'program'] as const).map((component) => ({ source: `${component}UnitPrice` })),
];

/** The unit price of the latest calculation's first tier, with the quantity it is for; marked when it is out of date. */
const LatestUnitPrice = ({ product }: { product: ProductRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (product.unitPrice === null || product.unitPrice === undefined) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('resources.products.prices.not_calculated')}
      </Typography>
    );
  }
  return (
    <Stack component="span" sx={{ alignItems: 'flex-end' }}>
      <MoneyText value={product.unitPrice} />
      <Typography component="span" variant="caption" color="text.secondary">
        {translate('resources.products.prices.at_quantity', { quantity: formatQuantity(product.priceQuantity, locale), smart_count: Number(product.priceQuantity) })}
      </Typography>
      <WarningMarker count={product.latestWarningCount} />
      {product.priceStale ? (
        <Typography component="span" variant="caption" color="warning.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
          <WarningAmberIcon fontSize="inherit" aria-hidden />
          {translate('resources.products.prices.stale')}
        </Typography>
      ) : null}
    </Stack>
  );
};

/** Prices are the latest calculation's; the API can not sort by them. */
const small: SmallRows<ProductRecord> = {
  primaryText: (product) => product.name,
  secondaryText: (product) => <Parts>{[product.number, <StatusText key="status" kind="product" status={product.status} />]}</Parts>,
  tertiaryText: (product) => (product.unitPrice === null || product.unitPrice === undefined ? null : <MoneyText value={product.unitPrice} />),
};

export const ProductList = () => (
  <RecordList<ProductRecord> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="type" render={() => <ChoiceField source="type" prefix={PRODUCT_TYPE_PREFIX} />} />
    <DataTable.Col source="status" render={(record) => <StatusChip kind="product" status={record.status} />} />
    <DataTable.Col source="customerId">
      <ReferenceName source="customerId" reference="customers" link={false} />
    </DataTable.Col>
    <DataTable.Col source="materialId">
      <ReferenceName source="materialId" reference="materials" link={false} />
    </DataTable.Col>
    <DataTable.Col source="unitPrice" align="right" disableSort render={(record) => <LatestUnitPrice product={record as ProductRecord} />} />
    <DataTable.Col source="totalPrice" align="right" disableSort render={(record) => <MoneyText value={record.totalPrice} />} />
  </RecordList>
);
