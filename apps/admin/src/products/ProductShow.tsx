import { Box, Divider, Stack, Typography } from '@mui/material';
import { DataTable, FunctionField, Labeled, RaRecord, TextField, useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { MaterialRow } from '../materials/MaterialList';
import { positiveOrNull } from '../shared/derived-values';
import { ChildRecords } from '../shared/ChildRecords';
import { formatQuantity } from '../shared/format';
import { ReferenceName } from '../shared/ReferenceName';
import { ShowSection } from '../shared/ShowSection';
import { ChoiceField, DateValueField, MoneyText, QuantityField, QuantityText, StatusChip } from '../shared/values';
import { BlankFigure, blankFigures } from './blank-figures';
import { LatestPrices } from './LatestPrices';
import { ProductPage } from './ProductPage';
import { BulkPriceInputs } from './production/ProductionInputs';
import { PRODUCT_TYPE_PREFIX, ProductRecord } from './product-record';

const BulkPrices = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const upTo = (row: RaRecord) => (row.maxQuantity === null || row.maxQuantity === undefined ? '∞' : formatQuantity(row.maxQuantity, locale));
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <ChildRecords
        reference="product-bulk-prices"
        target="productId"
        sort={{ field: 'minQuantity', order: 'ASC' }}
        inputs={<BulkPriceInputs />}
        rowName={(row: RaRecord) => translate('resources.product-bulk-prices.row', { min: formatQuantity(row.minQuantity, locale), max: upTo(row) })}
      >
        <DataTable.Col source="minQuantity" align="right" render={(row) => <QuantityText value={row.minQuantity} />} />
        <DataTable.Col source="maxQuantity" align="right" render={(row) => (row.maxQuantity === null || row.maxQuantity === undefined ? '∞' : <QuantityText value={row.maxQuantity} />)} />
        <DataTable.Col source="unitPrice" align="right" render={(row) => <MoneyText value={row.unitPrice} unitPrice />} />
      </ChildRecords>
    </Box>
  );
};

/**
 * Volume or weight per unit as stored, else worked out from the blank, the thickness and the material's
 * density as the edit form does ("Worked out: 1.18 kg"), so a product never saved through the form shows it too.
 */
const BlankFigureField = ({ figure, unit }: { figure: Exclude<BlankFigure, 'area'>; unit: string; label?: string }) => {
  const record = useRecordContext<ProductRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const stored = positiveOrNull(record?.[figure]);
  const materialId = record?.materialId ?? '';
  const { data: material } = useGetOne<MaterialRow>('materials', { id: materialId }, { enabled: Boolean(materialId) && stored === null && figure === 'weightPerUnit' });
  if (!record || stored !== null) return <QuantityField source={figure} unit={unit} />;
  const derived = blankFigures({ blankWidth: record.blankWidth, blankLength: record.blankLength, thickness: record.thickness, density: material?.density })[figure];
  if (derived === null) return <QuantityField source={figure} unit={unit} />;
  return (
    <Typography component="span" variant="body2" data-testid={`product-derived-${figure}`}>
      {translate('fabquote.derived.worked_out', { value: formatQuantity(derived, locale, unit) })}
    </Typography>
  );
};

/** /products/:id/view: the product, its blank, its prices from the latest calculation and its bulk prices. */
export const ProductShow = () => (
  <ProductPage>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.products.sections.product">
        <TextField source="name" />
        <TextField source="number" />
        <Labeled source="type">
          <ChoiceField source="type" prefix={PRODUCT_TYPE_PREFIX} />
        </Labeled>
        <FunctionField<ProductRecord> source="status" render={(record) => (record.status ? <StatusChip kind="product" status={record.status} /> : '--')} />
        <Labeled source="customerId">
          <ReferenceName source="customerId" reference="customers" />
        </Labeled>
        <TextField source="category" emptyText="--" />
        <Labeled source="updatedAt">
          <DateValueField source="updatedAt" withTime />
        </Labeled>
      </ShowSection>
      <ShowSection title="resources.products.sections.blank">
        <Labeled source="materialId">
          <ReferenceName source="materialId" reference="materials" />
        </Labeled>
        <Labeled source="thickness">
          <QuantityField source="thickness" unit="mm" />
        </Labeled>
        <FunctionField<ProductRecord> source="blankWidth" label="resources.products.fields.blank" render={(record) => <BlankSize product={record} />} />
        <FunctionField<ProductRecord> source="addedWidth" label="resources.products.fields.added" render={(record) => <BlankSize product={record} added />} />
        <Labeled source="area">
          <QuantityField source="area" unit="m²" fractionDigits={4} />
        </Labeled>
        <Labeled source="volume">
          <BlankFigureField figure="volume" unit="cm³" />
        </Labeled>
        <Labeled source="weightPerUnit">
          <BlankFigureField figure="weightPerUnit" unit="kg" />
        </Labeled>
      </ShowSection>
    </Stack>
    <Divider />
    <LatestPrices />
    <Divider />
    <BulkPrices />
  </ProductPage>
);

/** "380 × 280 mm": the blank, or the margins added to it for nesting. */
const BlankSize = ({ product, added = false }: { product: ProductRecord; added?: boolean }) => {
  const width = added ? product.addedWidth : product.blankWidth;
  const length = added ? product.addedLength : product.blankLength;
  if ((width === null || width === undefined) && (length === null || length === undefined)) return <span>--</span>;
  return (
    <span>
      <QuantityText value={width} /> × <QuantityText value={length} unit="mm" />
    </span>
  );
};
