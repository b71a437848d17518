import { DataTable, TextInput } from 'react-admin';
import type { Part } from '../api/contracts';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';
import { MoneyText } from '../shared/values';

const filters = [<TextInput key="unit" source="unit" />];

const exportColumns = ['number', 'name', 'description', 'unit', 'ownCost'].map((source) => ({ source }));

const small: SmallRows<Part> = {
  primaryText: (part) => part.name,
  secondaryText: (part) => <Parts>{[part.number, part.unit]}</Parts>,
  tertiaryText: (part) => <MoneyText value={part.ownCost} unitPrice />,
};

export const PartList = () => (
  <RecordList<Part> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="description" />
    <DataTable.Col source="unit" />
    <DataTable.Col source="ownCost" align="right" render={(record) => <MoneyText value={record.ownCost} unitPrice />} />
  </RecordList>
);
