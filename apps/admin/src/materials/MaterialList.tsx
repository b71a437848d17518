import { AutocompleteInput, DataTable, ReferenceInput, SelectInput } from 'react-admin';
import type { Material } from '../api/contracts';
import { choicesOf, PRICE_UNIT_PREFIX, PRICE_UNITS } from '../shared/choices';
import { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';
import { ReferenceName } from '../shared/ReferenceName';
import { QuantityText } from '../shared/values';
import { PriceWithUnit } from './PriceWithUnit';

/** A material as /materials answers: the API's contract. */
export type MaterialRow = Material;

const filters = [
  <ReferenceInput key="groupId" source="groupId" reference="groups" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <SelectInput key="priceUnit" source="priceUnit" choices={choicesOf(PRICE_UNITS, PRICE_UNIT_PREFIX)} />,
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'name' },
  { source: 'groupId', reference: 'groups' },
  ...['height', 'width', 'length', 'weight', 'pricePerUnit'].map((source) => ({ source })),
  { source: 'priceUnit', choices: PRICE_UNIT_PREFIX },
  { source: 'density' },
];

const small: SmallRows<MaterialRow> = {
  primaryText: (material) => material.name,
  secondaryText: (material) => (
    <Parts>{[material.number, material.groupId ? <ReferenceName key="group" source="groupId" reference="groups" link={false} /> : null]}</Parts>
  ),
  tertiaryText: (material) => <PriceWithUnit price={material.pricePerUnit} unit={material.priceUnit} />,
};

export const MaterialList = () => (
  <RecordList<MaterialRow> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="number" />
    <DataTable.Col source="name" />
    <DataTable.Col source="groupId">
      <ReferenceName source="groupId" reference="groups" />
    </DataTable.Col>
    <DataTable.Col source="height" align="right" render={(record) => <QuantityText value={record.height} />} />
    <DataTable.Col source="width" align="right" render={(record) => <QuantityText value={record.width} />} />
    <DataTable.Col source="length" align="right" render={(record) => <QuantityText value={record.length} />} />
    <DataTable.Col source="weight" align="right" render={(record) => <QuantityText value={record.weight} />} />
    <DataTable.Col source="pricePerUnit" align="right" render={(record) => <PriceWithUnit price={record.pricePerUnit} unit={record.priceUnit} />} />
    <DataTable.Col source="density" align="right" render={(record) => <QuantityText value={record.density} />} />
  </RecordList>
);
