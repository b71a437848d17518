import { BooleanField, DataTable, SelectInput } from 'react-admin';
import type { Operation } from '../api/contracts';
import { YES_NO_CHOICES } from '../shared/choices';
import { RecordList } from '../shared/RecordList';
import { SmallRows } from '../shared/SmallList';
import { DateText } from '../shared/values';

const filters = [
  <SelectInput key="quickSelectProductPage" source="quickSelectProductPage" choices={YES_NO_CHOICES} />,
  <SelectInput key="quickSelectDefault" source="quickSelectDefault" choices={YES_NO_CHOICES} />,
];

const exportColumns = ['name', 'fabNumber', 'quickSelectProductPage', 'quickSelectDefault'].map((source) => ({ source }));

const small: SmallRows<Operation> = {
  primaryText: (operation) => operation.name,
  secondaryText: (operation) => operation.fabNumber,
};

export const OperationList = () => (
  <RecordList<Operation> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="fabNumber" />
    <DataTable.Col source="quickSelectProductPage" field={BooleanField} />
    <DataTable.Col source="quickSelectDefault" field={BooleanField} />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} />} />
  </RecordList>
);
