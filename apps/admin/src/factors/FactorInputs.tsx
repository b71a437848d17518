import { required, SelectInput, TextInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import { InputRow } from '../shared/InputRow';
import { choicesOf } from '../shared/choices';
import { maxText, nonNegativeNumber, notBelow } from '../shared/validators';
import { NumberInput } from '../shared/NumberInput';

/** Which part of a price a factor multiplies (the API's choice values). */
export const FACTOR_SCOPES = ['material', 'labor', 'purchase', 'setup', 'program', 'total'] as const;
export const FACTOR_SCOPE_PREFIX = 'resources.factors.scopes';

const validUntilValidators = notBelow('validFrom', 'fabquote.validation.valid_until_before_from');

/** A factor's fields, for the create dialog and the edit page alike. */
export const FactorInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <InputRow>
      <NumberInput source="value" validate={[required(), nonNegativeNumber()]} helperText="resources.factors.helpers.value" />
      <SelectInput source="scope" choices={choicesOf(FACTOR_SCOPES, FACTOR_SCOPE_PREFIX)} helperText="resources.factors.helpers.scope" />
    </InputRow>
    <InputRow>
      <LocalizedDateInput source="validFrom" helperText="resources.factors.helpers.validFrom" />
      <LocalizedDateInput source="validUntil" validate={validUntilValidators} helperText="resources.factors.helpers.validUntil" />
    </InputRow>
  </>
);
