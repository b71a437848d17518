import { required, SelectInput, TextInput } from 'react-admin';
import { LocalizedDateInput } from '../shared/DateInputs';
import { InputRow } from '../shared/InputRow';
import { choicesOf, PRICE_UNIT_PREFIX, PRICE_UNITS } from '../shared/choices';
import { maxText, nonNegativeNumber, notBelow } from '../shared/validators';
import { NumberInput } from '../shared/NumberInput';

/** A material group's fields, for the create dialog and the edit page alike. */
export const GroupInputs = () => (
  <>
    <TextInput source="name" validate={[required(), maxText()]} fullWidth />
    <TextInput source="description" validate={maxText()} multiline fullWidth />
  </>
);

const maxThicknessValidators = [nonNegativeNumber(), notBelow('minThickness', 'fabquote.validation.max_below_min')];

/** A group price: per unit, for a thickness range or from a quantity on, valid from a day. */
export const GroupPriceInputs = () => (
  <>
    <InputRow>
      <NumberInput source="price" money validate={[required(), nonNegativeNumber()]} />
      <SelectInput source="priceUnit" choices={choicesOf(PRICE_UNITS, PRICE_UNIT_PREFIX)} />
    </InputRow>
    <InputRow>
      <NumberInput source="minThickness" validate={nonNegativeNumber()} />
      <NumberInput source="maxThickness" validate={maxThicknessValidators} helperText="resources.group-prices.helpers.maxThickness" />
    </InputRow>
    <NumberInput source="minQuantity" validate={nonNegativeNumber()} />
    <LocalizedDateInput source="validFrom" validate={required()} />
  </>
);
