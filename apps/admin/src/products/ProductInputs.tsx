import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { AutocompleteInput, RadioButtonGroupInput, ReferenceInput, required, SelectInput, TextInput, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { MaterialRow } from '../materials/MaterialList';
import { choicesOf } from '../shared/choices';
import { positiveOrNull } from '../shared/derived-values';
import { formatQuantity, numberOrNull } from '../shared/format';
import { InputRow } from '../shared/InputRow';
import { useDerivedHelper, useDerivedValues } from '../shared/useDerivedValues';
import { maxText, nonNegativeNumber, positiveNumber } from '../shared/validators';
import { blankFigures } from './blank-figures';
import { PRODUCT_STATUS_PREFIX, PRODUCT_STATUSES, PRODUCT_TYPE_PREFIX, PRODUCT_TYPES } from './product-record';
import { NumberInput } from '../shared/NumberInput';

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

/**
 * The chosen material, loaded, and whether it has loaded (no material counts as loaded).
 * Choosing another material fills the thickness from it (a sheet's height is its thickness);
 * the material the form opened with leaves a stored thickness as it is.
 */
function useChosenMaterial() {
  const { getValues, setValue } = useFormContext();
  const materialId = useWatch({ name: 'materialId' }) as string | null | undefined;
  const { data: material, isPending } = useGetOne<MaterialRow>('materials', { id: materialId ?? '' }, { enabled: Boolean(materialId) });
  const applied = useRef<unknown>(getValues('materialId'));
  useEffect(() => {
    if (!material || material.id !== materialId || material.id === applied.current) return;
    applied.current = material.id;
    const height = positiveOrNull(material.height);
    if (height !== null) setValue('thickness', height, { shouldDirty: true, shouldValidate: true });
  }, [material, materialId, setValue]);
  return { material: material?.id === materialId ? material : undefined, ready: !materialId || !isPending };
}

/** Says whether the thickness is the chosen material's, or how thick the material is when it differs. */
function useThicknessHelper(material: MaterialRow | undefined): string | undefined {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const thickness = numberOrNull(useWatch({ name: 'thickness' }));
  const height = positiveOrNull(material?.height);
  if (height === null) return undefined;
  if (thickness === height) return translate('resources.products.derived.thickness_from_material');
  return translate('resources.products.derived.thickness_differs', { value: formatQuantity(height, locale, 'mm') });
}

/**
 * Area, volume and weight per unit, worked out from the blank, the thickness and the material's
 * density while the person has not typed their own.
 */
const BlankFigures = ({ density, ready }: { density: unknown; ready: boolean }) => {
  const [blankWidth, blankLength, thickness] = useWatch({ name: ['blankWidth', 'blankLength', 'thickness'] });
  const figures = blankFigures({ blankWidth, blankLength, thickness, density });
  useDerivedValues(figures, ready);
  const helpers = {
    area: useDerivedHelper('area', figures.area, 'm²', 'resources.products.derived.area'),
    volume: useDerivedHelper('volume', figures.volume, 'cm³', 'resources.products.derived.volume'),
    weightPerUnit: useDerivedHelper('weightPerUnit', figures.weightPerUnit, 'kg', 'resources.products.derived.weightPerUnit'),
  };
  return (
    <InputRow>
      <NumberInput source="area" validate={amount} helperText={helpers.area} />
      <NumberInput source="volume" validate={amount} helperText={helpers.volume} />
      <NumberInput source="weightPerUnit" validate={amount} helperText={helpers.weightPerUnit} />
    </InputRow>
  );
};

/** A product's fields, for the create dialog and the edit page alike. */
export const ProductInputs = () => {
  const { material, ready } = useChosenMaterial();
  const thicknessHelper = useThicknessHelper(material);
  return (
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
        <NumberInput source="thickness" validate={dimension} helperText={thicknessHelper} />
        <NumberInput source="blankWidth" validate={dimension} helperText="resources.products.helpers.blankWidth" />
        <NumberInput source="blankLength" validate={dimension} />
      </InputRow>
      <InputRow>
        <NumberInput source="addedWidth" validate={amount} helperText="resources.products.helpers.addedWidth" />
        <NumberInput source="addedLength" validate={amount} />
      </InputRow>
      <BlankFigures density={material?.density} ready={ready} />
    </>
  );
};

/** What a new product starts as: a single part, created by hand (docs/product.md §4). */
export const PRODUCT_DEFAULTS = { type: 'single', status: 'manually_created' };
