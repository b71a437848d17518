import { BooleanField, DataTable, SelectInput } from 'react-admin';
import { choicesOf, YES_NO_CHOICES } from '../shared/choices';
import type { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';
import { ChoiceField, DateText, QuantityText } from '../shared/values';
import { TIME_MODEL_PREFIX, TIME_MODELS } from './AssetInputs';
import type { AssetRecord } from './asset-record';

const filters = [
  <SelectInput key="quickSelect" source="quickSelect" choices={YES_NO_CHOICES} />,
  <SelectInput key="calculateByTime" source="calculateByTime" choices={YES_NO_CHOICES} />,
  <SelectInput key="timeModel" source="timeModel" choices={choicesOf(TIME_MODELS, TIME_MODEL_PREFIX)} />,
];

const exportColumns: CsvColumn[] = [
  ...['name', 'fabNumber', 'quickSelect', 'calculateByTime'].map((source) => ({ source })),
  { source: 'timeModel', choices: TIME_MODEL_PREFIX },
  { source: 'handlingSeconds' },
];

const small: SmallRows<AssetRecord> = {
  primaryText: (asset) => asset.name,
  secondaryText: (asset) => <Parts>{[asset.fabNumber, <ChoiceField key="timeModel" source="timeModel" prefix={TIME_MODEL_PREFIX} />]}</Parts>,
};

export const AssetList = () => (
  <RecordList<AssetRecord> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="fabNumber" />
    <DataTable.Col source="quickSelect" field={BooleanField} />
    <DataTable.Col source="calculateByTime" field={BooleanField} />
    <DataTable.Col source="timeModel" render={() => <ChoiceField source="timeModel" prefix={TIME_MODEL_PREFIX} />} />
    <DataTable.Col source="handlingSeconds" align="right" render={(record) => <QuantityText value={record.handlingSeconds} unit="s" />} />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} />} />
  </RecordList>
);
