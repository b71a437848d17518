import { Labeled, SimpleShowLayout, TextField } from 'react-admin';
import { RecordShow } from '../shared/RecordPages';
import { ChoiceField, DateValueField, QuantityField, recordDates } from '../shared/values';
import { FACTOR_SCOPE_PREFIX } from './FactorInputs';

/** /factors/:id/view */
export const FactorShow = () => (
  <RecordShow>
    <SimpleShowLayout>
      <TextField source="name" />
      <Labeled source="value">
        <QuantityField source="value" fractionDigits={4} />
      </Labeled>
      <Labeled source="scope">
        <ChoiceField source="scope" prefix={FACTOR_SCOPE_PREFIX} />
      </Labeled>
      <Labeled source="validFrom">
        <DateValueField source="validFrom" />
      </Labeled>
      <Labeled source="validUntil">
        <DateValueField source="validUntil" />
      </Labeled>
      {recordDates()}
    </SimpleShowLayout>
  </RecordShow>
);
