import { Box, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  useCanAccess,
  useGetList,
  useGetManyReference,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PER_PAGE } from '../../shared/ChildRecords';
import { choicesOf } from '../../shared/choices';
import { InputRow } from '../../shared/InputRow';
import { nonNegativeNumber, notBelow, positiveNumber } from '../../shared/validators';
import {
  nextSorting,
  operationsInOfferOrder,
  PART_LINE_KIND_FIELD,
  PART_LINE_KIND_PREFIX,
  PART_LINE_KINDS,
  partLineKind,
  QuickSelectOperation,
} from '../product-record';
import { NumberInput } from '../../shared/NumberInput';

const maxQuantityValidators = [positiveNumber(), notBelow('minQuantity', 'fabquote.validation.max_below_min')];

/** A bulk price band of the product; the API refuses bands overlapping another. */
export const BulkPriceInputs = () => (
  <>
    <InputRow>
      <NumberInput source="minQuantity" validate={[required(), positiveNumber()]} />
      <NumberInput source="maxQuantity" validate={maxQuantityValidators} helperText="resources.product-bulk-prices.helpers.maxQuantity" />
    </InputRow>
    <NumberInput source="unitPrice" money validate={[required(), nonNegativeNumber()]} />
  </>
);

const numbered = (record: { name: string; number?: string | null }) => (record.number ? `${record.name} (${record.number})` : record.name);

/** A material line: the material and how much of it one piece uses. */
export const MaterialLineInputs = () => (
  <>
    <ReferenceInput source="materialId" reference="materials" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText={numbered} validate={required()} fullWidth />
    </ReferenceInput>
    <NumberInput source="usagePerUnit" validate={positiveNumber()} helperText="resources.product-materials.helpers.usagePerUnit" />
  </>
);

export const OPERATION_PAGE = { page: 1, perPage: 500 };

/** Every operation, the quick-select ones first; read once per dialog, operations are few. */
export function useOfferedOperations() {
  const { canAccess } = useCanAccess({ resource: 'operations', action: 'list' });
  const { data = [] } = useGetList<QuickSelectOperation>('operations', { pagination: OPERATION_PAGE, sort: { field: 'name', order: 'ASC' } }, { enabled: canAccess === true });
  return operationsInOfferOrder(data);
}

/** The quick-select operations as one-click chips above the full choice. */
const QuickSelectChips = ({ operations }: { operations: QuickSelectOperation[] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const chosen = useWatch({ name: 'operationId' });
  const quick = operations.filter((operation) => operation.quickSelectProductPage);
  if (quick.length === 0) return null;
  return (
    <Box sx={{ mb: 1 }} role="group" aria-label={translate('resources.product-operations.quick_select')}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {translate('resources.product-operations.quick_select')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {quick.map((operation) => (
          <Chip
            key={operation.id}
            label={operation.name}
            color={chosen === operation.id ? 'primary' : 'default'}
            variant={chosen === operation.id ? 'filled' : 'outlined'}
            aria-pressed={chosen === operation.id}
            onClick={() => setValue('operationId', operation.id, { shouldDirty: true, shouldValidate: true })}
          />
        ))}
      </Stack>
    </Box>
  );
};

/** The operation lines as their table reads them, so a dialog finds them in the cache. */
export const OPERATION_LINES = { pagination: { page: 1, perPage: PER_PAGE }, sort: { field: 'sorting', order: 'ASC' as const }, filter: {} };

/** The step; a new line is numbered after the product's existing ones. */
const SortingInput = () => {
  const line = useRecordContext();
  const isNew = !line?.id;
  const { getValues, setValue } = useFormContext();
  const { data } = useGetManyReference('product-operations', { target: 'productId', id: line?.productId, ...OPERATION_LINES }, { enabled: isNew && Boolean(line?.productId) });
  const next = isNew && data ? nextSorting(data) : undefined;
  const knownAtOpening = useRef(next !== undefined);
  useEffect(() => {
    // The lines arrived after the dialog opened: the default came too late, so fill the empty step in.
    if (next === undefined || knownAtOpening.current) return;
    const current = getValues('sorting');
    if (current === undefined || current === null || current === '') setValue('sorting', next);
  }, [next, getValues, setValue]);
  return <NumberInput source="sorting" defaultValue={next} validate={nonNegativeNumber()} sx={{ maxWidth: { sm: 120 } }} />;
};

/** An operation line: the step, what is done on which asset, and its times and rates. */
export const OperationLineInputs = () => {
  const translate = useTranslate();
  const operations = useOfferedOperations();
  const quickGroup = translate('resources.product-operations.quick_select');
  const otherGroup = translate('resources.product-operations.other_operations');
  return (
    <>
      <QuickSelectChips operations={operations} />
      <InputRow>
        <SortingInput />
        <AutocompleteInput
          source="operationId"
          choices={operations}
          optionText="name"
          groupBy={(operation: QuickSelectOperation) => (operation.quickSelectProductPage ? quickGroup : otherGroup)}
          validate={required()}
          fullWidth
        />
      </InputRow>
      <ReferenceInput source="assetId" reference="assets" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput helperText="resources.product-operations.helpers.assetId" fullWidth />
      </ReferenceInput>
      <InputRow>
        <NumberInput source="timePerUnit" validate={nonNegativeNumber()} helperText="resources.product-operations.helpers.timePerUnit" />
        <NumberInput source="hourlyRate" money validate={nonNegativeNumber()} />
      </InputRow>
      <InputRow>
        <NumberInput source="programTime" validate={nonNegativeNumber()} helperText="resources.product-operations.helpers.programTime" />
        <NumberInput source="programRate" money validate={nonNegativeNumber()} />
      </InputRow>
      <BooleanInput source="boughtIn" helperText="resources.product-operations.helpers.boughtIn" />
    </>
  );
};

/** The part or the sub-assembly of a line, depending on the kind chosen. */
const LineComponentInput = () => {
  const kind = useWatch({ name: PART_LINE_KIND_FIELD });
  if (kind === 'sub_assembly') {
    return (
      <ReferenceInput key="subProductId" source="subProductId" reference="products" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText={numbered} validate={required()} helperText="resources.product-parts.helpers.subProductId" fullWidth />
      </ReferenceInput>
    );
  }
  return (
    <ReferenceInput key="partId" source="partId" reference="parts" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText={numbered} validate={required()} fullWidth />
    </ReferenceInput>
  );
};

/** A part line: a bought or standard part, or a sub-assembly (another product), with its quantity per piece. */
export const PartLineInputs = () => {
  const line = useRecordContext();
  return (
    <>
      <RadioButtonGroupInput
        source={PART_LINE_KIND_FIELD}
        choices={choicesOf(PART_LINE_KINDS, PART_LINE_KIND_PREFIX)}
        defaultValue={partLineKind(line)}
        label="resources.product-parts.fields.lineKind"
      />
      <LineComponentInput />
      <NumberInput source="quantity" validate={[required(), positiveNumber()]} defaultValue={1} />
    </>
  );
};
