import { Box, Stack, Typography } from '@mui/material';
import { DataTable, EmailField, FunctionField, ReferenceManyField, TextField, useCanAccess, useTranslate } from 'react-admin';
import type { Supplier as SupplierRecord } from '../api/contracts';
import { recordPath } from '../routing/route-table';
import { ChildPagination, PER_PAGE } from '../shared/ChildRecords';
import { LANGUAGE_NAMES } from '../shared/choices';
import { RecordShow } from '../shared/RecordPages';
import { ShowSection } from '../shared/ShowSection';
import { MoneyText, recordDates, StatusChip } from '../shared/values';

/** What this supplier sells, for those who may see suppliables. */
const SupplierSuppliables = () => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'suppliables', action: 'list' });
  if (!canAccess) return null;
  return (
    <Box component="section" sx={{ p: 2 }} aria-label={translate('resources.suppliers.sections.suppliables')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('resources.suppliers.sections.suppliables')}
      </Typography>
      <ReferenceManyField
        reference="suppliables"
        target="supplierId"
        sort={{ field: 'number', order: 'ASC' }}
        perPage={PER_PAGE}
        pagination={<ChildPagination />}
        empty={
          <Typography variant="body2" color="text.secondary">
            {translate('fabquote.list.no_data')}
          </Typography>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={(id) => recordPath.view('suppliables', id)} size="small">
          <DataTable.Col source="number" />
          <DataTable.Col source="secondNumber" />
          <DataTable.Col source="type" render={(record) => translate(`resources.suppliables.types.${record.type}`, { _: record.type })} />
          <DataTable.Col source="cost" align="right" render={(record) => <MoneyText value={record.cost} unitPrice />} />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};

/** /suppliers/:id/view: the supplier details (docs/product.md §2), then what they supply. */
export const SupplierShow = () => (
  <RecordShow>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.suppliers.sections.contact">
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="--" />
        <FunctionField<SupplierRecord> source="language" render={(record) => (record.language ? (LANGUAGE_NAMES[record.language] ?? record.language) : '--')} />
        <FunctionField<SupplierRecord> source="status" render={(record) => (record.status ? <StatusChip kind="supplier" status={record.status} /> : '--')} />
      </ShowSection>
      <ShowSection title="resources.suppliers.sections.address">
        <TextField source="address" emptyText="--" />
        <TextField source="address2" emptyText="--" />
        <TextField source="zip" emptyText="--" />
        <TextField source="city" emptyText="--" />
        <TextField source="country" emptyText="--" />
      </ShowSection>
      <ShowSection title="resources.suppliers.sections.secondary">
        <TextField source="secondaryName" emptyText="--" />
        <EmailField source="secondaryEmail" emptyText="--" />
        <TextField source="secondaryPhone" emptyText="--" />
        {recordDates()}
      </ShowSection>
    </Stack>
    <SupplierSuppliables />
  </RecordShow>
);
