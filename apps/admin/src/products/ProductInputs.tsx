import { Typography } from '@mui/material';
import { AutocompleteInput, NumberInput, RadioButtonGroupInput, ReferenceInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { choicesOf } from '../shared/choices';
import { InputRow } from '../shared/InputRow';
import { maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { PRODUCT_STATUS_PREFIX, PRODUCT_STATUSES, PRODUCT_TYPE_PREFIX, PRODUCT_TYPES } from './product-record';

const InputsHeading = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
      {translate(title)}
    </Typography>
  );
};

const materialOption = (material: { name: string; number?: string | null }) => (material.number ? `${material.name} (${material.number})` : material.name);

const dimension = positiveNumber();
const amount = nonNegativeNumber();

/** A product's fields, for the create dialog and the edit page alike. */
export const ProductInputs = () => (
  <>
    <InputRow>
      <TextInput source="name" validate={[required(), maxText()]} />
      <TextInput source="number" validate={[required(), maxText()]} helperText="resources.products.helpers.number" />
    </InputRow>
    <InputRow>
      <RadioButtonGroupInput source="type" choices={choicesOf(PRODUCT_TYPES, PRODUCT_TYPE_PREFIX)} validate={required()} />
      <SelectInput source="status" choices={choicesOf(PRODUCT_STATUSES, PRODUCT_STATUS_PREFIX)} validate={required()} />
    </InputRow>
    <InputRow>
      <ReferenceInput source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput fullWidth />
      </ReferenceInput>
      <TextInput source="category" validate={maxText()} helperText="resources.products.helpers.category" />
    </InputRow>
    <InputsHeading title="resources.products.sections.blank" />
    <ReferenceInput source="materialId" reference="materials" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText={materialOption} helperText="resources.products.helpers.materialId" fullWidth />
    </ReferenceInput>
    <InputRow>
      <NumberInput source="thickness" validate={dimension} />
      <NumberInput source="blankWidth" validate={dimension} helperText="resources.products.helpers.blankWidth" />
      <NumberInput source="blankLength" validate={dimension} />
    </InputRow>
    <InputRow>
      <NumberInput source="addedWidth" validate={amount} helperText="resources.products.helpers.addedWidth" />
      <NumberInput source="addedLength" validate={amount} />
    </InputRow>
    <InputRow>
      <NumberInput source="area" validate={amount} />
      <NumberInput source="volume" validate={amount} />
      <NumberInput source="weightPerUnit" validate={amount} />
    </InputRow>
  </>
);

/** What a new product starts as: a single part, created by hand (docs/product.md §4). */
export const PRODUCT_DEFAULTS = { type: 'single', status: 'manually_created' };
