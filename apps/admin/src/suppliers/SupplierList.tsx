import { DataTable, SelectInput, TextInput } from 'react-admin';
import type { Supplier } from '../api/contracts';
import { choicesOf, LANGUAGE_NAMES } from '../shared/choices';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows, StatusText } from '../shared/SmallList';
import { StatusChip } from '../shared/values';
import { SUPPLIER_LANGUAGE_CHOICES, SUPPLIER_STATUS_PREFIX, SUPPLIER_STATUSES } from './SupplierInputs';

const filters = [
  <SelectInput key="status" source="status" choices={choicesOf(SUPPLIER_STATUSES, SUPPLIER_STATUS_PREFIX)} />,
  <SelectInput key="language" source="language" choices={SUPPLIER_LANGUAGE_CHOICES} translateChoice={false} />,
  <TextInput key="country" source="country" />,
];

const exportColumns = [
  'name', 'email', 'phone', 'address', 'address2', 'zip', 'city', 'country', 'language', 'status', 'secondaryName', 'secondaryEmail', 'secondaryPhone',
].map((source) => ({ source }));

const small: SmallRows<Supplier> = {
  primaryText: (supplier) => supplier.name,
  secondaryText: (supplier) => <Parts>{[supplier.email, supplier.city]}</Parts>,
  tertiaryText: (supplier) => <StatusText kind="supplier" status={supplier.status} />,
};

export const SupplierList = () => (
  <RecordList<Supplier> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="email" />
    <DataTable.Col source="phone" />
    <DataTable.Col source="city" />
    <DataTable.Col source="country" />
    <DataTable.Col source="language" render={(record) => (record.language ? (LANGUAGE_NAMES[record.language] ?? record.language) : '')} />
    <DataTable.Col source="status" render={(record) => <StatusChip kind="supplier" status={record.status} />} />
  </RecordList>
);
