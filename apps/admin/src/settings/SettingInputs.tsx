import { FormHelperText } from '@mui/material';
import { ArrayInput, RadioButtonGroupInput, required, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { maxText } from '../shared/validators';

const KINDS = [
  { id: 'single', name: 'resources.settings.kinds.single' },
  { id: 'list', name: 'resources.settings.kinds.list' },
];

/** The API reports a bad list under `value`; in list mode no input has that name, so say it below the rows. */
const ListValueError = () => {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'value' });
  const message = errors.value?.message;
  return typeof message === 'string' ? <FormHelperText error>{translate(message, { _: message })}</FormHelperText> : null;
};

/** Slug and value; the value is one text or a list of texts (docs/product.md §3), switched by `kind`. */
export const SettingInputs = () => {
  const kind = useWatch({ name: 'kind' });
  return (
    <>
      <TextInput source="slug" validate={[required(), maxText()]} helperText="resources.settings.helpers.slug" fullWidth />
      <RadioButtonGroupInput source="kind" choices={KINDS} helperText={false} />
      {kind === 'list' ? (
        <>
          <ArrayInput source="values" label="resources.settings.fields.values">
            <SimpleFormIterator inline>
              <TextInput source="text" label="resources.settings.fields.item" validate={maxText()} helperText={false} />
            </SimpleFormIterator>
          </ArrayInput>
          <ListValueError />
        </>
      ) : (
        <TextInput source="value" multiline validate={maxText()} fullWidth />
      )}
    </>
  );
};
