import { AutocompleteInput, BooleanField, DataTable, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { choicesOf, YES_NO_CHOICES } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';
import { ReferenceName } from '../shared/ReferenceName';
import { ChoiceField, MoneyText } from '../shared/values';
import { SuppliableRecord, SUPPLIABLE_TYPE_PREFIX, SUPPLIABLE_TYPES, suppliedReference } from './suppliable-record';

const filters = [
  <SelectInput key="type" source="type" choices={choicesOf(SUPPLIABLE_TYPES, SUPPLIABLE_TYPE_PREFIX)} />,
  <ReferenceInput key="supplierId" source="supplierId" reference="suppliers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <SelectInput key="active" source="active" choices={YES_NO_CHOICES} />,
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'secondNumber' },
  { source: 'type', choices: SUPPLIABLE_TYPE_PREFIX },
  { source: 'supplierId', reference: 'suppliers' },
  { source: 'partId', reference: 'parts' },
  { source: 'operationId', reference: 'operations' },
  { source: 'cost' },
  { source: 'active' },
];

/** The part or operation a suppliable supplies, by name. */
export const SuppliedName = (_props: { label?: string }) => {
  const record = useRecordContext<SuppliableRecord>();
  const supplied = suppliedReference(record?.type);
  return supplied ? <ReferenceName source={supplied.source} reference={supplied.reference} /> : null;
};

const small: SmallRows<SuppliableRecord> = {
  primaryText: (suppliable) => suppliable.number,
  secondaryText: () => (
    <Parts>{[<ChoiceField key="type" source="type" prefix={SUPPLIABLE_TYPE_PREFIX} />, <ReferenceName key="supplier" source="supplierId" reference="suppliers" link={false} />]}</Parts>
  ),
  tertiaryText: (suppliable) => <MoneyText value={suppliable.cost} unitPrice />,
};

export const SuppliableList = () => (
  <RecordList<SuppliableRecord> sort={{ field: 'number', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="secondNumber" />
    <DataTable.Col source="type" render={() => <ChoiceField source="type" prefix={SUPPLIABLE_TYPE_PREFIX} />} />
    <DataTable.Col source="supplierId">
      <ReferenceName source="supplierId" reference="suppliers" />
    </DataTable.Col>
    <DataTable.Col source="supplies" disableSort>
      <SuppliedName />
    </DataTable.Col>
    <DataTable.Col source="cost" align="right" render={(record) => <MoneyText value={record.cost} unitPrice />} />
    <DataTable.Col source="active" field={BooleanField} />
  </RecordList>
);
