import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, Step as MuiStep, StepLabel, Stepper, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  Button,
  CheckboxGroupInput,
  Form,
  ReferenceArrayInput,
  SimpleFormIterator,
  useDataProvider,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { submissionErrors } from '../api/http-client';
import { recordPath } from '../routing/route-table';
import { useNotifyError } from '../shared/useErrorNotice';
import { useGuardedClose } from '../shared/useGuardedClose';
import { chosenProductIds, createPayload, preTickedOperations, Step, STEP_FIELDS, stepRefusal, StepperValues, STEPS } from './purchase-request-record';
import { PurchaseRequestInputs, RequestProductInputs } from './PurchaseRequestInputs';
import { PurchaseRequestList } from './PurchaseRequestList';
import { ProductLine, useProductLines } from './useProductLines';

const RESOURCE = 'purchase-requests';

const DEFAULTS: StepperValues = { products: [{ productId: null, quantities: '' }], includeProductPreview: false, reminderFrequency: null, supplierIds: [] };

/** "Bracket 90 – Laser cutting": a line as a checkbox names its product first. */
const lineChoices = (lines: readonly ProductLine[]) =>
  lines.map((line) => ({ id: line.id, name: `${line.productName} – ${line.name}${line.number ? ` (${line.number})` : ''}` }));

const NoLines = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {translate(text)}
    </Typography>
  );
};

const ProductsStep = () => (
  <ArrayInput source="products" label={false}>
    <SimpleFormIterator inline disableReordering fullWidth>
      <RequestProductInputs />
    </SimpleFormIterator>
  </ArrayInput>
);

const SuppliersStep = () => (
  <ReferenceArrayInput source="supplierIds" reference="suppliers" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
    <AutocompleteArrayInput fullWidth label="resources.purchase-requests.fields.supplierIds" />
  </ReferenceArrayInput>
);

/** The chosen products' operations; those bought in are ticked the first time the step opens. */
const OperationsStep = ({ lines, isPending }: { lines: ProductLine[]; isPending: boolean }) => {
  const { getValues, setValue } = useFormContext();
  const ticked = useRef(false);
  useEffect(() => {
    if (isPending || ticked.current) return;
    ticked.current = true;
    if (getValues('productOperationIds') === undefined) setValue('productOperationIds', preTickedOperations(lines));
  }, [isPending, lines, getValues, setValue]);
  if (!isPending && lines.length === 0) return <NoLines text="resources.purchase-requests.create.no_operations" />;
  return <CheckboxGroupInput source="productOperationIds" choices={lineChoices(lines)} row={false} label="resources.purchase-requests.fields.productOperationIds" />;
};

const PartsStep = ({ lines, isPending }: { lines: ProductLine[]; isPending: boolean }) => {
  if (!isPending && lines.length === 0) return <NoLines text="resources.purchase-requests.create.no_parts" />;
  return <CheckboxGroupInput source="productPartIds" choices={lineChoices(lines)} row={false} label="resources.purchase-requests.fields.productPartIds" />;
};

/** The fields react-hook-form checks before leaving `step`: a product row's fields are named by its index. */
function fieldsOf(step: Step, values: StepperValues): string[] {
  if (step !== 'products') return STEP_FIELDS[step];
  return (values.products ?? []).flatMap((_, index) => [`products.${index}.productId`, `products.${index}.quantities`]);
}

interface StepperBodyProps {
  active: number;
  setActive: (step: number) => void;
  refusal: string | null;
  setRefusal: (message: string | null) => void;
  onCancel: () => void;
}

const StepperBody = ({ active, setActive, refusal, setRefusal, onCancel }: StepperBodyProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const [saving, setSaving] = useState(false);
  const { trigger, getValues, handleSubmit, setError, reset } = useFormContext<StepperValues>();
  const products = useWatch<StepperValues, 'products'>({ name: 'products' });
  const lines = useProductLines(chosenProductIds({ products }));
  const step = STEPS[active];
  const last = active === STEPS.length - 1;

  const next = async () => {
    const values = getValues();
    const valid = await trigger(fieldsOf(step, values) as never);
    const refused = stepRefusal(step, values);
    setRefusal(refused);
    if (valid && !refused) setActive(active + 1);
  };

  const save = async (values: StepperValues) => {
    setSaving(true);
    try {
      const { data } = await dataProvider.create(RESOURCE, { data: createPayload(values, lines, locale) });
      notify('resources.purchase-requests.messages.created', { type: 'success' });
      // Saved: nothing is unsaved any more, so the form's guard lets the view open without asking.
      reset(values);
      navigate(recordPath.view(RESOURCE, data.id));
    } catch (error) {
      // The notice names the problem; a field of the open step also shows it beside the input.
      notifyError(error, 'fabquote.errors.save_failed');
      for (const [field, message] of Object.entries(submissionErrors(error) ?? {})) {
        if (field !== 'root' && typeof message === 'string') setError(field as never, { type: 'server', message });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogContent sx={{ pb: 0 }}>
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((name) => (
            <MuiStep key={name}>
              <StepLabel>{translate(`resources.purchase-requests.steps.${name}`)}</StepLabel>
            </MuiStep>
          ))}
        </Stepper>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`resources.purchase-requests.steps_help.${step}`)}
        </Typography>
        {refusal ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {translate(refusal)}
          </Alert>
        ) : null}
        <Box data-testid={`step-${step}`}>
          {step === 'products' ? <ProductsStep /> : null}
          {step === 'details' ? <PurchaseRequestInputs /> : null}
          {step === 'suppliers' ? <SuppliersStep /> : null}
          {step === 'product-operations' ? <OperationsStep lines={lines.operations} isPending={lines.isPending} /> : null}
          {step === 'product-parts' ? <PartsStep lines={lines.parts} isPending={lines.isPending} /> : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button label="ra.action.cancel" onClick={onCancel} />
        <Box sx={{ flex: 1 }} />
        <Button
          label="resources.purchase-requests.create.back"
          onClick={() => {
            setRefusal(null);
            setActive(active - 1);
          }}
          disabled={active === 0}
        />
        {last ? (
          <Button label="ra.action.save" variant="contained" disabled={saving} onClick={handleSubmit(save)} />
        ) : (
          <Button label="resources.purchase-requests.create.next" variant="contained" onClick={next} />
        )}
      </DialogActions>
    </>
  );
};

/**
 * /purchase-requests/create (docs/product.md §2): the stepper over the list — products with their
 * quantities, details, suppliers, product operations, product parts — saved in one POST at the end.
 */
const CreateStepperDialog = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const titleId = useId();
  const [active, setActive] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = useCallback(() => navigate(recordPath.list(RESOURCE)), [navigate]);
  // Escape, a click beside the dialog and Cancel ask before all five steps are thrown away;
  // any other navigation asks through the form's warnWhenUnsavedChanges.
  const { tracker, guardedClose } = useGuardedClose(close);
  return (
    <Dialog open onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('ra.page.create', { name: translate(`resources.${RESOURCE}.name`, { smart_count: 1 }) })}</DialogTitle>
      {/* Saving is the last step's button; Enter in a field does not send the request half-made. */}
      <Form defaultValues={DEFAULTS} onSubmit={() => undefined} noValidate warnWhenUnsavedChanges>
        {tracker}
        <StepperBody active={active} setActive={setActive} refusal={refusal} setRefusal={setRefusal} onCancel={guardedClose} />
      </Form>
    </Dialog>
  );
};

export const PurchaseRequestCreate = () => (
  <>
    <PurchaseRequestList />
    <CreateStepperDialog />
  </>
);
