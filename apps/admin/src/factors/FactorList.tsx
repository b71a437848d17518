import { DataTable, SelectInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import type { Factor } from '../api/contracts';
import { choicesOf } from '../shared/choices';
import type { CsvColumn } from '../shared/csv-export';
import { RecordList } from '../shared/RecordList';
import { Parts, SmallRows } from '../shared/SmallList';
import { ChoiceField, DateText, QuantityText } from '../shared/values';
import { FACTOR_SCOPE_PREFIX, FACTOR_SCOPES } from './FactorInputs';

/** "Valid on date" (docs/product.md §2) keeps the factors whose validity covers that day; open ends count as valid. */
const filters = [
  <LocalizedDateInput key="validOn" source="validOn" alwaysOn />,
  <SelectInput key="scope" source="scope" choices={choicesOf(FACTOR_SCOPES, FACTOR_SCOPE_PREFIX)} />,
];

const exportColumns: CsvColumn[] = [{ source: 'name' }, { source: 'value' }, { source: 'scope', choices: FACTOR_SCOPE_PREFIX }, { source: 'validFrom' }, { source: 'validUntil' }];

const small: SmallRows<Factor> = {
  primaryText: (factor) => factor.name,
  secondaryText: (factor) => (
    <Parts>
      {[
        <ChoiceField key="scope" source="scope" prefix={FACTOR_SCOPE_PREFIX} />,
        factor.validFrom || factor.validUntil ? (
          <span key="valid">
            <DateText value={factor.validFrom} /> – <DateText value={factor.validUntil} />
          </span>
        ) : null,
      ]}
    </Parts>
  ),
  tertiaryText: (factor) => <QuantityText value={factor.value} fractionDigits={4} />,
};

export const FactorList = () => (
  <RecordList<Factor> sort={{ field: 'name', order: 'ASC' }} filters={filters} exportColumns={exportColumns} small={small}>
    <DataTable.Col source="name" />
    <DataTable.Col source="value" align="right" render={(record) => <QuantityText value={record.value} fractionDigits={4} />} />
    <DataTable.Col source="scope" render={() => <ChoiceField source="scope" prefix={FACTOR_SCOPE_PREFIX} />} />
    <DataTable.Col source="validFrom" render={(record) => <DateText value={record.validFrom} />} />
    <DataTable.Col source="validUntil" render={(record) => <DateText value={record.validUntil} />} />
  </RecordList>
);
