import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Card, CardActions, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { ReactNode, useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Form,
  Link,
  RecordContextProvider,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  useCanAccess,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DeleteConfirmationDialog } from '../shared/DeleteConfirmationDialog';
import { submissionErrors } from '../api/http-client';
import type { Product } from '../api/contracts';
import { CalculateButton } from '../products/calculations/CalculateButton';
import { recordPath } from '../routing/route-table';
import { formatQuantity } from '../shared/format';
import { recordNoticeKey } from '../shared/record-notice';
import { InputRow } from '../shared/InputRow';
import { ReferenceName } from '../shared/ReferenceName';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { maxText, positiveNumber } from '../shared/validators';
import { StatusChip } from '../shared/values';
import {
  bendsText,
  holesText,
  isLowConfidence,
  isMarked,
  isNotPriced,
  isUnmatched,
  markedFields,
  ProductReading,
  productChanges,
  Reading,
  readingOf,
  READY,
  REVIEW_LAYOUT,
  ReviewField,
  SurveyProduct,
  unmatchedOperations,
} from './survey-record';
import { NumberInput } from '../shared/NumberInput';

const LOW_CONFIDENCE = 'resources.surveys.review.low_confidence';
const UNMATCHED = 'resources.surveys.review.unmatched';
const dimension = [positiveNumber()];
const textRules = [required(), maxText()];

const materialOption = (material: { name: string; number?: string | null }) => (material.number ? `${material.name} (${material.number})` : material.name);

/** Why a shown field is marked: read unsure, or read and matched to nothing of the organization's; null when it is not. */
function markOf(row: SurveyProduct, field: ReviewField): string | null {
  if (isLowConfidence(row, field)) return LOW_CONFIDENCE;
  return isMarked(row, field) ? UNMATCHED : null;
}

/** The label of each field the review shows; those of the product are the product area's own. */
const LABELS: Record<ReviewField, string> = {
  name: 'resources.products.fields.name',
  number: 'resources.products.fields.number',
  quantity: 'resources.surveys.review.fields.quantity',
  materialId: 'resources.products.fields.materialId',
  thickness: 'resources.products.fields.thickness',
  blankWidth: 'resources.products.fields.blankWidth',
  blankLength: 'resources.products.fields.blankLength',
  area: 'resources.surveys.review.fields.area',
  volume: 'resources.surveys.review.fields.volume',
  cutLength: 'resources.surveys.review.fields.cutLength',
  pierces: 'resources.surveys.review.fields.pierces',
  innerContours: 'resources.surveys.review.fields.innerContours',
  slots: 'resources.surveys.review.fields.slots',
  holes: 'resources.surveys.review.fields.holes',
  bends: 'resources.surveys.review.fields.bends',
  operations: 'resources.surveys.review.fields.operations',
};

/** One value read from the input, under its label; a marked one stands out (colour, icon and tooltip saying why). */
const ReviewValue = ({ field, mark, children }: { field: ReviewField; mark: string | null; children: ReactNode }) => {
  const translate = useTranslate();
  const marked = mark !== null;
  return (
    <Box sx={{ minWidth: 0 }} data-testid={`survey-product-${field}`} data-low-confidence={mark === LOW_CONFIDENCE ? 'true' : undefined} data-marked={marked ? 'true' : undefined}>
      <Typography variant="caption" color={marked ? 'warning.main' : 'text.secondary'} component="div">
        {translate(LABELS[field])}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, color: marked ? 'warning.main' : undefined, fontWeight: marked ? 600 : undefined }}>
        <Typography component="span" variant="body2" sx={{ color: 'inherit', fontWeight: 'inherit', overflowWrap: 'anywhere' }} data-testid="survey-product-value">
          {children}
        </Typography>
        {marked ? (
          <Tooltip title={translate(mark)}>
            <WarningAmberIcon fontSize="small" color="warning" aria-label={translate(mark)} role="img" />
          </Tooltip>
        ) : null}
      </Stack>
    </Box>
  );
};

/** The material: the organization's one it was matched to, or what was read and matched nothing. */
const MaterialValue = ({ row, product, reading }: { row: SurveyProduct; product: Product | undefined; reading: Reading }) => {
  const translate = useTranslate();
  if (product?.materialId) {
    return (
      <RecordContextProvider value={product}>
        <ReferenceName source="materialId" reference="materials" />
      </RecordContextProvider>
    );
  }
  const read = reading.kind === 'product' ? reading.material : null;
  if (read && isUnmatched(row, 'material')) {
    return (
      <Box component="span" data-testid="survey-product-unmatched">
        {translate('resources.surveys.review.material_unmatched', { material: read })}
      </Box>
    );
  }
  return <>{translate('resources.surveys.review.not_read')}</>;
};

/** The operations read; one that is none of the organization's says so (it got no production line). */
const OperationsValue = ({ row, reading }: { row: SurveyProduct; reading: ProductReading }) => {
  const translate = useTranslate();
  const unmatched = unmatchedOperations(row);
  if (reading.operations.length === 0) return <>{translate('resources.surveys.review.not_read')}</>;
  return (
    <>
      {reading.operations
        .map((name) => (unmatched.has(name) ? translate('resources.surveys.review.operation_unmatched', { operation: name }) : name))
        .join(', ')}
    </>
  );
};

/** The values the review shows, read only: those of the kind of reading (a drawing, a solid, a product the AI read). */
const ReviewValues = ({ row, product }: { row: SurveyProduct; product: Product | undefined }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (value: unknown, unit?: string) => formatQuantity(value, locale, unit);
  const figure = (value: number) => number(value);
  const reading = readingOf(row.extracted);
  const value = (field: ReviewField): ReactNode => {
    switch (field) {
      case 'name':
        return product?.name ?? row.productName;
      case 'number':
        return product?.number ?? row.productNumber;
      case 'quantity':
        return number(row.quantity);
      case 'materialId':
        return <MaterialValue row={row} product={product} reading={reading} />;
      case 'thickness':
        return number(product?.thickness);
      case 'blankWidth':
        return number(product?.blankWidth);
      case 'blankLength':
        return number(product?.blankLength);
      case 'area':
        return reading.kind === 'product' ? null : number(reading.area, 'mm²');
      case 'volume':
        return reading.kind === 'solid' ? number(reading.volume, 'mm³') : null;
      case 'cutLength':
        return reading.kind === 'drawing' ? number(reading.cutLength, 'mm') : null;
      case 'pierces':
        return reading.kind === 'drawing' ? number(reading.pierces) : null;
      case 'innerContours':
        return reading.kind === 'drawing' ? number(reading.innerContours) : null;
      case 'slots':
        return reading.kind === 'drawing' ? number(reading.slots) : null;
      case 'holes':
        return holesText(reading, figure) ?? translate('resources.surveys.review.none_read');
      case 'bends':
        return bendsText(reading, figure) ?? translate('resources.surveys.review.none_read');
      case 'operations':
        return reading.kind === 'product' ? <OperationsValue row={row} reading={reading} /> : null;
    }
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }} data-reading={reading.kind}>
      {REVIEW_LAYOUT[reading.kind].map((field) => (
        <ReviewValue key={field} field={field} mark={markOf(row, field)}>
          {value(field)}
        </ReviewValue>
      ))}
    </Box>
  );
};

/** Corrects the product in place: PUT /products/{id} with the fields shown; a 422 lands beside its field. */
const ReviewEditForm = ({ row, product, onDone }: { row: SurveyProduct; product: Product; onDone: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const helper = (field: ReviewField, otherwise?: string) => (isLowConfidence(row, field) ? LOW_CONFIDENCE : otherwise);
  const reading = readingOf(row.extracted);
  const read = reading.kind === 'product' ? reading.material : null;
  const materialHelper = isUnmatched(row, 'material') && read ? translate('resources.surveys.review.material_unmatched', { material: read }) : helper('materialId');

  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.update('products', { id: product.id, data: productChanges(values), previousData: product });
      notify(recordNoticeKey('products', 'updated'), { type: 'info', messageArgs: { smart_count: 1 } });
      onDone();
      refresh();
      return undefined;
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return submissionErrors(error);
    }
  };

  return (
    <Form record={product} resource="products" onSubmit={save} noValidate>
      <InputRow>
        <TextInput source="name" validate={textRules} helperText={helper('name')} />
        <TextInput source="number" validate={textRules} helperText={helper('number')} />
      </InputRow>
      <ReferenceInput source="materialId" reference="materials" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText={materialOption} helperText={materialHelper} fullWidth />
      </ReferenceInput>
      <InputRow>
        <NumberInput source="thickness" validate={dimension} helperText={helper('thickness')} />
        <NumberInput source="blankWidth" validate={dimension} helperText={helper('blankWidth')} />
        <NumberInput source="blankLength" validate={dimension} helperText={helper('blankLength')} />
      </InputRow>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button label="ra.action.cancel" onClick={onDone} />
        <SaveButton />
      </Stack>
    </Form>
  );
};

/**
 * One product made from an input: what was read, marked where the reader was unsure, corrected in
 * place, marked Ready (docs/api-surveys.md: staff set `ready` through PUT /products/{id}) and
 * calculated with the product area's own button, one click from its page.
 */
export const ProductReviewCard = ({ row, product }: { row: SurveyProduct; product: Product | undefined }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { canAccess: canEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  const { run, pending } = useApiAction();
  const [editing, setEditing] = useState(false);
  const status = product?.status ?? row.productStatus;
  const name = product?.name ?? row.productName;

  // Drops the part the review does not want: the survey product and the product it made (the API refuses one already in use),
  // after DELETE is typed, as every delete (docs/product.md §5).
  const [dropping, setDropping] = useState(false);
  const drop = () => {
    void run(() => dataProvider.delete('survey-products', { id: row.id, previousData: row }), 'resources.surveys.review.dropped', { name }).finally(() => setDropping(false));
  };

  const markReady = () => {
    if (!product) return;
    void run(() => dataProvider.update('products', { id: product.id, data: READY, previousData: product }), 'resources.surveys.review.marked_ready', { name });
  };

  return (
    <Card variant="outlined" data-testid="survey-product" data-product-id={row.productId}>
      <DeleteConfirmationDialog
        open={dropping}
        title={translate('resources.surveys.review.drop_title', { name })}
        pending={pending}
        onClose={() => setDropping(false)}
        onConfirm={drop}
      />
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <StatusChip kind="product" status={status} data-testid="survey-product-status" />
          {markedFields(row).length > 0 ? (
            <Typography variant="caption" color="warning.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <WarningAmberIcon fontSize="inherit" aria-hidden />
              {translate('resources.surveys.review.check_marked')}
            </Typography>
          ) : null}
        </Stack>
        {isNotPriced(row, product) ? (
          <Typography variant="body2" color="warning.main" data-testid="survey-product-not-priced" sx={{ mb: 1, fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <WarningAmberIcon fontSize="small" aria-hidden />
            {translate('resources.surveys.review.not_priced')}
          </Typography>
        ) : null}
        {row.warnings?.length ? (
          <Box data-testid="survey-product-warnings" sx={{ mb: 1.5 }}>
            <Typography variant="caption" color="warning.main" component="div" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <WarningAmberIcon fontSize="inherit" aria-hidden />
              {translate('resources.surveys.review.warnings')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {row.warnings.map((warning, index) => (
                <Typography key={index} component="li" variant="body2" data-testid="survey-product-warning">
                  {warning}
                </Typography>
              ))}
            </Box>
          </Box>
        ) : null}
        {editing && product ? <ReviewEditForm row={row} product={product} onDone={() => setEditing(false)} /> : <ReviewValues row={row} product={product} />}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        {canEdit && product && !editing ? (
          <Button label="ra.action.edit" onClick={() => setEditing(true)} data-testid="survey-product-edit">
            <EditIcon />
          </Button>
        ) : null}
        {canEdit && product && status !== 'ready' ? (
          <Button label="resources.surveys.review.mark_ready" onClick={markReady} disabled={pending} data-testid="survey-product-ready">
            <CheckCircleIcon />
          </Button>
        ) : null}
        {canEdit && status !== 'ready' ? (
          <Button label="resources.surveys.review.drop" onClick={() => setDropping(true)} disabled={pending} data-testid="survey-product-drop">
            <DeleteOutlineIcon />
          </Button>
        ) : null}
        {product ? (
          <RecordContextProvider value={product}>
            <CalculateButton variant="outlined" />
          </RecordContextProvider>
        ) : null}
        <Button component={Link} to={recordPath.view('products', row.productId)} label="resources.surveys.review.open_product" data-testid="survey-product-link">
          <OpenInNewIcon />
        </Button>
      </CardActions>
    </Card>
  );
};
