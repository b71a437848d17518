import { Box } from '@mui/material';
import { DataTable, SimpleShowLayout, TextField } from 'react-admin';
import { ChildRecords } from '../shared/ChildRecords';
import { formatDate, formatQuantity } from '../shared/format';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { useRowName } from '../shared/useRowName';
import { DateText, QuantityText, recordDates } from '../shared/values';
import { PriceWithUnit } from '../materials/PriceWithUnit';
import { GroupPriceInputs } from './GroupInputs';
import { GroupMaterialList } from './GroupMaterials';

const TABS: RecordTab[] = [
  { page: 'view', path: 'view' },
  { page: 'materials', path: 'materials' },
  { page: 'prices', path: 'prices' },
];

/** /groups/:id/view */
export const GroupShow = () => (
  <RecordShow tabs={TABS}>
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="description" emptyText="--" />
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);

/** /groups/:id/materials */
export const GroupMaterials = () => (
  <RecordShow tabs={TABS}>
    <GroupMaterialList />
  </RecordShow>
);

const GroupPriceList = () => {
  const rowName = useRowName('group-prices', (row, locale) => ({ price: formatQuantity(row.price, locale, undefined, 4), date: formatDate(row.validFrom, locale) }));
  return (
    <Box sx={{ p: 2 }}>
      <ChildRecords
        reference="group-prices"
        target="groupId"
        sort={{ field: 'validFrom', order: 'DESC' }}
        inputs={<GroupPriceInputs />}
        rowName={rowName}
      >
        <DataTable.Col source="validFrom" render={(row) => <DateText value={row.validFrom} />} />
        <DataTable.Col source="price" align="right" render={(row) => <PriceWithUnit price={row.price} unit={row.priceUnit} />} />
        <DataTable.Col source="minThickness" align="right" render={(row) => <QuantityText value={row.minThickness} unit="mm" />} />
        <DataTable.Col source="maxThickness" align="right" render={(row) => <QuantityText value={row.maxThickness} unit="mm" />} />
        <DataTable.Col source="minQuantity" align="right" render={(row) => <QuantityText value={row.minQuantity} />} />
      </ChildRecords>
    </Box>
  );
};

/** /groups/:id/prices: price per unit by thickness range or quantity, each valid from a day. */
export const GroupPrices = () => (
  <RecordShow tabs={TABS}>
    <GroupPriceList />
  </RecordShow>
);
