import { AutocompleteInput, ReferenceInput, required, TextInput } from 'react-admin';
import { maxText } from '../shared/validators';

/** A survey's own fields: its title and, when known, the customer who asked (docs/api-surveys.md). */
export const SurveyInputs = () => (
  <>
    <TextInput source="title" validate={[required(), maxText()]} fullWidth helperText="resources.surveys.helpers.title" />
    <ReferenceInput source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput fullWidth helperText="resources.surveys.helpers.customerId" />
    </ReferenceInput>
  </>
);
