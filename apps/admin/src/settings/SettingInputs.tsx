import { Box, FormHelperText, Typography } from '@mui/material';
import { ArrayInput, RadioButtonGroupInput, required, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { InputRow } from '../shared/InputRow';
import { maxText } from '../shared/validators';
import { DEFAULT_WEIGHTS, OFFER_RATING_WEIGHTS, WEIGHT_NAMES, weightProblem } from './setting-form';

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

const WEIGHTS = 'resources.settings.weights';

/**
 * offer-rating-weights: price, delivery and completeness as three labelled numbers (the list's three
 * texts), checked as the API checks them; the API's own 422 on `value` shows below them.
 */
const WeightInputs = () => {
  const translate = useTranslate();
  const validate = (index: number) => (_value: unknown, all: { values?: { text?: string }[] }) => {
    const problem = weightProblem(index, all.values);
    if (!problem) return undefined;
    return { message: problem.message, args: problem.weight ? { weight: translate(`${WEIGHTS}.names.${problem.weight}`) } : {} };
  };
  return (
    <Box data-testid="rating-weights" sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h3">
        {translate(`${WEIGHTS}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${WEIGHTS}.help`)}
      </Typography>
      <InputRow>
        {WEIGHT_NAMES.map((name, index) => (
          <TextInput
            key={name}
            source={`values.${index}.text`}
            label={`${WEIGHTS}.${name}`}
            validate={validate(index)}
            helperText={translate(`${WEIGHTS}.default`, { value: DEFAULT_WEIGHTS[index] })}
          />
        ))}
      </InputRow>
      <ListValueError />
    </Box>
  );
};

/**
 * Slug and value; the value is one text or a list of texts (docs/product.md §3), switched by `kind`.
 * The rating's weights get inputs of their own.
 */
export const SettingInputs = () => {
  const kind = useWatch({ name: 'kind' });
  const slug = useWatch({ name: 'slug' });
  if (typeof slug === 'string' && slug.trim() === OFFER_RATING_WEIGHTS) {
    return (
      <>
        <TextInput source="slug" validate={[required(), maxText()]} helperText="resources.settings.helpers.slug" fullWidth />
        <WeightInputs />
      </>
    );
  }
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
