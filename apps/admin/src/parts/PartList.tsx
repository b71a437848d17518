import { DataTable, TextInput } from 'react-admin';
import { RecordList } from '../shared/RecordList';
import { MoneyText } from '../shared/values';

interface PartRow {
  id: string;
  name: string;
  number: string;
  description: string | null;
  unit: string | null;
  ownCost: number | null;
}

const filters = [<TextInput key="unit" source="unit" />];

const exportColumns = ['number', 'name', 'description', 'unit', 'ownCost'].map((source) => ({ source }));

export const PartList = () => (
  <RecordList<PartRow> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="description" />
    <DataTable.Col source="unit" />
    <DataTable.Col source="ownCost" align="right" render={(record) => <MoneyText value={record.ownCost} unitPrice />} />
  </RecordList>
);
