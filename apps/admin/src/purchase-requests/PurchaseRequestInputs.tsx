import { useCallback, useMemo } from 'react';
import { AutocompleteInput, BooleanInput, ReferenceInput, required, SelectInput, TextInput, useLocaleState, Validator } from 'react-admin';
import { LocalizedDateTimeInput } from '../shared/DateInputs';
import { choicesOf } from '../shared/choices';
import { InputRow } from '../shared/InputRow';
import { chosen, maxText } from '../shared/validators';
import { deadlineAhead, MESSAGE, quantitiesText, REMINDER_FREQUENCIES, REMINDER_PREFIX, validateQuantities } from './purchase-request-record';

const deadlineValidators: Validator[] = [required(), (value: unknown) => deadlineAhead(value)];
const textValidators = [required(), maxText()];

/** The request's own fields (docs/product.md §3), on the stepper's details step and the edit page alike. */
export const PurchaseRequestInputs = () => (
  <>
    <TextInput source="name" validate={textValidators} fullWidth />
    <InputRow>
      <LocalizedDateTimeInput source="closeSubmissionDeadline" validate={deadlineValidators} />
      <SelectInput
        source="reminderFrequency"
        choices={choicesOf(REMINDER_FREQUENCIES, REMINDER_PREFIX)}
        emptyText={`${REMINDER_PREFIX}.none`}
        parse={(value: string) => (value === '' ? null : value)}
        helperText="resources.purchase-requests.helpers.reminderFrequency"
      />
    </InputRow>
    <BooleanInput source="includeProductPreview" helperText="resources.purchase-requests.helpers.includeProductPreview" />
    <TextInput source="additionalInformation" validate={maxText()} multiline minRows={2} fullWidth />
  </>
);

const selectProduct = chosen(MESSAGE.selectProduct);

/** A product and its quantities (10 / 50 / 200): a row of the stepper's first step and the attach dialog. */
export const RequestProductInputs = ({ editing = false }: { editing?: boolean }) => (
  <InputRow>
    {editing ? null : (
      <ReferenceInput source="productId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput validate={selectProduct} fullWidth label="resources.purchase-request-products.fields.productId" />
      </ReferenceInput>
    )}
    <QuantitiesInput />
  </InputRow>
);

/**
 * The quantities as text while typing, read in the chosen language ("10 / 50 / 1.000" in German); the form
 * sends them as numbers (transform), the API stores a list.
 */
export const QuantitiesInput = ({ source = 'quantities' }: { source?: string }) => {
  const [locale] = useLocaleState();
  const format = useCallback((value: unknown) => quantitiesText(value, locale), [locale]);
  const validate = useMemo(() => validateQuantities(locale), [locale]);
  return (
    <TextInput
      source={source}
      label="resources.purchase-request-products.fields.quantities"
      format={format}
      validate={validate}
      helperText="resources.purchase-request-products.helpers.quantities"
      defaultValue=""
    />
  );
};
