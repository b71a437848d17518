import { Box, FormHelperText, Typography } from '@mui/material';
import { ArrayInput, RadioButtonGroupInput, required, SimpleFormIterator, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { InputRow } from '../shared/InputRow';
import { NumberInput } from '../shared/NumberInput';
import { formatNumber } from '../shared/numbers';
import { maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { DEFAULT_WEIGHTS, MAX_TIERS, OFFER_RATING_WEIGHTS, PART_LIMITS, QUANTITY_TIERS, settingNameKey, tierProblem, VAT_RATE, WEIGHT_NAMES, weightProblem } from './setting-form';

const vatRateValidators = [required(), nonNegativeNumber()];
const lengthValidators = [required(), positiveNumber()];

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
  const [locale] = useLocaleState();
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
          <NumberInput
            key={name}
            source={`values.${index}.text`}
            label={`${WEIGHTS}.${name}`}
            validate={validate(index)}
            helperText={translate(`${WEIGHTS}.default`, { value: formatNumber(DEFAULT_WEIGHTS[index], locale) })}
          />
        ))}
      </InputRow>
      <ListValueError />
    </Box>
  );
};

const TIERS = 'resources.settings.tiers';

/** A row of the tiers, checked by itself and against the other rows. */
const validTier = (value: unknown, all: { values?: { text?: string }[] }): string | undefined =>
  tierProblem(typeof value === 'string' ? value : value === null || value === undefined ? undefined : String(value), all.values);
const tierValidators = [required(), validTier];

/**
 * quantity-tiers: one whole number of pieces per row, added and removed; sorted when saved, as the API
 * keeps them. Each row says what is wrong with it (not whole, too large, twice).
 */
const QuantityTierInputs = () => {
  const translate = useTranslate();
  const values = useWatch({ name: 'values' }) as { text?: string }[] | undefined;
  return (
    <Box data-testid="quantity-tiers" sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h3">
        {translate(`${TIERS}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${TIERS}.help`, { max: MAX_TIERS })}
      </Typography>
      <ArrayInput source="values" label={false}>
        <SimpleFormIterator inline disableReordering disableAdd={(values?.length ?? 0) >= MAX_TIERS}>
          <NumberInput source="text" label={`${TIERS}.quantity`} validate={tierValidators} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <ListValueError />
    </Box>
  );
};

/**
 * The key: typed when a setting is made, fixed afterwards (the product reads settings by their key,
 * and the API refuses a change); a setting the product knows is named in the reader's language.
 */
const SlugInput = ({ fixed }: { fixed: boolean }) => {
  const translate = useTranslate();
  const slug = useWatch({ name: 'slug' }) as string | undefined;
  const name = settingNameKey(slug?.trim());
  return (
    <TextInput
      source="slug"
      validate={[required(), maxText()]}
      helperText={fixed ? (name ? translate(name) : 'resources.settings.helpers.slug_fixed') : 'resources.settings.helpers.slug'}
      fullWidth
      readOnly={fixed}
    />
  );
};

/**
 * Slug and value; the value is one text or a list of texts (docs/product.md §3), switched by `kind`.
 * The rating's weights and the quantity tiers get inputs of their own. `fixed`: editing, the key stays.
 */
export const SettingInputs = ({ fixed = false }: { fixed?: boolean }) => {
  const kind = useWatch({ name: 'kind' });
  const slug = useWatch({ name: 'slug' });
  if (typeof slug === 'string' && slug.trim() === OFFER_RATING_WEIGHTS) {
    return (
      <>
        <SlugInput fixed={fixed} />
        <WeightInputs />
      </>
    );
  }
  if (typeof slug === 'string' && slug.trim() === VAT_RATE) {
    return (
      <>
        <SlugInput fixed={fixed} />
        <NumberInput source="value" validate={vatRateValidators} />
      </>
    );
  }
  if (typeof slug === 'string' && PART_LIMITS.includes(slug.trim())) {
    return (
      <>
        <SlugInput fixed={fixed} />
        <NumberInput source="value" validate={lengthValidators} />
      </>
    );
  }
  if (typeof slug === 'string' && slug.trim() === QUANTITY_TIERS) {
    return (
      <>
        <SlugInput fixed={fixed} />
        <QuantityTierInputs />
      </>
    );
  }
  return (
    <>
      <SlugInput fixed={fixed} />
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
