import { Box, Typography } from '@mui/material';
import { ReactNode } from 'react';
import { BooleanField, DataTable, Labeled, ReferenceField, SimpleShowLayout, TextField, useCanAccess, useTranslate } from 'react-admin';
import { ChildRecords } from '../shared/ChildRecords';
import { formatQuantity } from '../shared/format';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { ReferenceName } from '../shared/ReferenceName';
import { useRowName } from '../shared/useRowName';
import { ChoiceField, DateValueField, MoneyField, MoneyText, QuantityField, QuantityText, recordDates } from '../shared/values';
import { FACTOR_SCOPE_PREFIX } from '../factors/FactorInputs';
import { SUPPLIABLE_TYPE_PREFIX } from './suppliable-record';
import { BulkPriceInputs, SuppliableFactorInputs } from './SuppliableInputs';
import { SuppliedName } from './SuppliableList';

/** docs/product.md §2: /suppliables/:id/view has the tabs details (the default), bulk-prices and factors. */
const TABS: RecordTab[] = [
  { page: 'details', path: 'view/details' },
  { page: 'bulk-prices', path: 'view/bulk-prices' },
  { page: 'factors', path: 'view/factors' },
];

/** /suppliables/:id/view/details */
export const SuppliableDetails = () => (
  <RecordShow tabs={TABS}>
    <SimpleShowLayout>
      <Labeled source="type">
        <ChoiceField source="type" prefix={SUPPLIABLE_TYPE_PREFIX} />
      </Labeled>
      <TextField source="number" />
      <TextField source="secondNumber" emptyText="--" />
      <Labeled source="supplierId">
        <ReferenceName source="supplierId" reference="suppliers" />
      </Labeled>
      <Labeled source="supplies">
        <SuppliedName />
      </Labeled>
      <Labeled source="cost">
        <MoneyField source="cost" unitPrice />
      </Labeled>
      <BooleanField source="active" />
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);

const BulkPriceList = () => {
  const rowName = useRowName('suppliable-bulk-prices', (row, locale) => ({
    min: formatQuantity(row.minQuantity, locale),
    max: row.maxQuantity === null || row.maxQuantity === undefined ? '∞' : formatQuantity(row.maxQuantity, locale),
  }));
  return (
    <Box sx={{ p: 2 }}>
      <ChildRecords
        reference="suppliable-bulk-prices"
        target="suppliableId"
        sort={{ field: 'minQuantity', order: 'ASC' }}
        inputs={<BulkPriceInputs />}
        rowName={rowName}
      >
        <DataTable.Col source="minQuantity" align="right" render={(row) => <QuantityText value={row.minQuantity} />} />
        <DataTable.Col
          source="maxQuantity"
          align="right"
          render={(row) => (row.maxQuantity === null || row.maxQuantity === undefined ? '∞' : <QuantityText value={row.maxQuantity} />)}
        />
        <DataTable.Col source="unitPrice" align="right" render={(row) => <MoneyText value={row.unitPrice} unitPrice />} />
      </ChildRecords>
    </Box>
  );
};

/** /suppliables/:id/view/bulk-prices: unit prices by quantity band; bands never overlap. */
export const SuppliableBulkPrices = () => (
  <RecordShow tabs={TABS}>
    <BulkPriceList />
  </RecordShow>
);

const AppliedFactorList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <ChildRecords
        reference="suppliable-factors"
        target="suppliableId"
        sort={{ field: 'createdAt', order: 'ASC' }}
        inputs={<SuppliableFactorInputs />}
        editable={false}
        rowName={() => translate('resources.suppliable-factors.row')}
      >
        <DataTable.Col source="factorId">
          <ReferenceName source="factorId" reference="factors" />
        </DataTable.Col>
        <DataTable.Col source="value" disableSort align="right">
          <AppliedFactor>
            <QuantityField source="value" fractionDigits={4} />
          </AppliedFactor>
        </DataTable.Col>
        <DataTable.Col source="scope" disableSort>
          <AppliedFactor>
            <ChoiceField source="scope" prefix={FACTOR_SCOPE_PREFIX} />
          </AppliedFactor>
        </DataTable.Col>
        <DataTable.Col source="validity" disableSort>
          <AppliedFactor>
            <FactorValidity />
          </AppliedFactor>
        </DataTable.Col>
      </ChildRecords>
    </Box>
  );
};

/** A figure of the applied factor; left out for those who may not read factors (the name says so). */
const AppliedFactor = ({ children }: { children: ReactNode }) => {
  const { canAccess } = useCanAccess({ resource: 'factors', action: 'list' });
  if (!canAccess) return null;
  return (
    <ReferenceField source="factorId" reference="factors" link={false}>
      {children}
    </ReferenceField>
  );
};

/** "01/01/26 – --": the factor's validity, open ends as two dashes. */
const FactorValidity = () => (
  <Typography component="span" variant="body2">
    <DateValueField source="validFrom" /> – <DateValueField source="validUntil" />
  </Typography>
);

/** /suppliables/:id/view/factors: the factors applied to this suppliable's price. */
export const SuppliableFactors = () => (
  <RecordShow tabs={TABS}>
    <AppliedFactorList />
  </RecordShow>
);
