import { DataTable, TextInput } from 'react-admin';
import { RecordList } from '../shared/RecordList';

interface CustomerRow {
  id: string;
  name: string;
  accountNumber: string | null;
  contactInfo: string | null;
  zipCode: string | null;
  city: string | null;
  country: string | null;
}

const filters = [<TextInput key="city" source="city" />, <TextInput key="country" source="country" />];

const exportColumns = ['name', 'accountNumber', 'contactInfo', 'address', 'zipCode', 'city', 'country', 'billingName'].map((source) => ({ source }));

export const CustomerList = () => (
  <RecordList<CustomerRow> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns}>
    <DataTable.Col source="name" />
    <DataTable.Col source="accountNumber" />
    <DataTable.Col source="contactInfo" />
    <DataTable.Col source="zipCode" />
    <DataTable.Col source="city" />
    <DataTable.Col source="country" />
  </RecordList>
);
