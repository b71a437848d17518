import { DataTable, TextInput } from 'react-admin';
import type { Customer } from '../api/contracts';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';

const filters = [<TextInput key="city" source="city" />, <TextInput key="country" source="country" />];

const exportColumns = ['name', 'accountNumber', 'contactInfo', 'email', 'address', 'zipCode', 'city', 'country', 'billingName'].map((source) => ({ source }));

const small: SmallRows<Customer> = {
  primaryText: (customer) => customer.name,
  secondaryText: (customer) => <Parts>{[customer.accountNumber, [customer.zipCode, customer.city].filter(Boolean).join(' '), customer.country]}</Parts>,
};

export const CustomerList = () => (
  <RecordList<Customer> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="accountNumber" />
    <DataTable.Col source="contactInfo" />
    <DataTable.Col source="zipCode" />
    <DataTable.Col source="city" />
    <DataTable.Col source="country" />
  </RecordList>
);
