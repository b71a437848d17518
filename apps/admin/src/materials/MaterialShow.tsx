import { Box } from '@mui/material';
import { DataTable, FunctionField, Labeled, RaRecord, SimpleShowLayout, TextField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { ChildRecords } from '../shared/ChildRecords';
import { formatDate } from '../shared/format';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { ReferenceName } from '../shared/ReferenceName';
import { DateText, QuantityField, recordDates } from '../shared/values';
import { MaterialPriceInputs } from './MaterialInputs';
import type { MaterialRow } from './MaterialList';
import { PriceInEffect } from './PriceInEffect';
import { PriceWithUnit } from './PriceWithUnit';

const TABS: RecordTab[] = [
  { page: 'view', path: 'view' },
  { page: 'prices', path: 'prices' },
];

/** /materials/:id/view */
export const MaterialShow = () => (
  <RecordShow tabs={TABS}>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="number" />
      <Labeled source="groupId">
        <ReferenceName source="groupId" reference="groups" />
      </Labeled>
      <Labeled source="height">
        <QuantityField source="height" unit="mm" />
      </Labeled>
      <Labeled source="width">
        <QuantityField source="width" unit="mm" />
      </Labeled>
      <Labeled source="length">
        <QuantityField source="length" unit="mm" />
      </Labeled>
      <Labeled source="weight">
        <QuantityField source="weight" unit="kg" />
      </Labeled>
      <Labeled source="density">
        <QuantityField source="density" unit="g/cm³" />
      </Labeled>
      <FunctionField<MaterialRow> source="pricePerUnit" render={(record) => <PriceWithUnit price={record.pricePerUnit} unit={record.priceUnit} />} />
      <PriceInEffect />
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);

const PriceHistory = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const material = useRecordContext<MaterialRow>();
  return (
    <Box sx={{ p: 2 }}>
      <PriceInEffect />
      <ChildRecords
        reference="material-prices"
        target="materialId"
        sort={{ field: 'validFrom', order: 'DESC' }}
        inputs={<MaterialPriceInputs />}
        rowName={(row: RaRecord) => translate('resources.material-prices.row', { date: formatDate(row.validFrom, locale) })}
      >
        <DataTable.Col source="validFrom" render={(row) => <DateText value={row.validFrom} />} />
        <DataTable.Col source="price" align="right" render={(row) => <PriceWithUnit price={row.price} unit={material?.priceUnit} />} />
      </ChildRecords>
    </Box>
  );
};

/** /materials/:id/prices: the price in effect today and the price history; a calculation uses the price valid on its date. */
export const MaterialPrices = () => (
  <RecordShow tabs={TABS}>
    <PriceHistory />
  </RecordShow>
);
