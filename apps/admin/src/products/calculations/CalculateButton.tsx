import CalculateIcon from '@mui/icons-material/Calculate';
import TuneIcon from '@mui/icons-material/Tune';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { Button, useCanAccess, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api, submissionErrors } from '../../api/http-client';
import { useNotifyError } from '../../shared/useErrorNotice';
import type { CalculationDetail } from './calculation-record';
import { calculatedNotice } from './calculation-notice';
import { parseQuantities, quantitiesText } from './quantities';

/**
 * "Calculate": prices the product now at the organization's quantity tiers and stores the
 * snapshot. A product that can not be priced yet (no material price, an asset without a
 * band) is answered with a 422 whose message says why; it is shown as the notice. Beside it,
 * "Quantities…" prices at quantities of the person's own (an offer's, an order's), starting
 * from the organization's tiers.
 */
export const CalculateButton = ({ onCalculated, variant = 'contained' }: { onCalculated?: (calculation: CalculationDetail) => void; variant?: 'contained' | 'outlined' | 'text' }) => {
  const product = useRecordContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'products', action: 'edit', record: product });
  const [pending, setPending] = useState(false);
  if (!product || !canAccess) return null;
  const calculate = async () => {
    setPending(true);
    try {
      const calculation = await api.post<CalculationDetail>(`/products/${encodeURIComponent(String(product.id))}/calculations`);
      notify(...calculatedNotice(calculation));
      refresh();
      onCalculated?.(calculation);
    } catch (error) {
      notifyError(error, 'resources.calculations.calculate_failed');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="resources.calculations.calculate" onClick={calculate} disabled={pending} variant={variant}>
        <CalculateIcon />
      </Button>
      <CalculateAtQuantities productId={String(product.id)} onCalculated={onCalculated} />
    </>
  );
};

/** "Quantities…": a small form with the organization's tiers filled in; the API's objection is shown under the field. */
const CalculateAtQuantities = ({ productId, onCalculated }: { productId: string; onCalculated?: (calculation: CalculationDetail) => void }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = async () => {
    setError(null);
    setOpen(true);
    try {
      const { quantities } = await api.get<{ quantities: number[] }>('/quantity-tiers');
      setText((current) => current || quantitiesText(quantities, locale));
    } catch {
      // Nothing to start from: the person types the quantities.
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the chosen language cannot read is refused here, with the notation expected.
    const typed = parseQuantities(text, locale);
    if (typed.error) {
      setError(translate(typed.error.message, typed.error.args));
      return;
    }
    setPending(true);
    try {
      const calculation = await api.post<CalculationDetail>(`/products/${encodeURIComponent(productId)}/calculations`, { quantities: typed.quantities });
      notify(...calculatedNotice(calculation));
      setOpen(false);
      refresh();
      onCalculated?.(calculation);
    } catch (failure) {
      const fieldError = submissionErrors(failure)?.quantities;
      if (typeof fieldError === 'string') setError(fieldError);
      else notifyError(failure, 'resources.calculations.calculate_failed');
    } finally {
      setPending(false);
    }
  };
  const title = translate('resources.calculations.quantities.title');
  return (
    <>
      <Button label="resources.calculations.quantities.open" onClick={start} variant="text">
        <TuneIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-label={title} maxWidth="xs" fullWidth>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('resources.calculations.quantities.description')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              name="quantities"
              label={translate('resources.calculations.quantities.label')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              error={error !== null}
              helperText={error ?? translate('resources.calculations.quantities.helper')}
            />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <Button label="resources.calculations.quantities.submit" type="submit" variant="contained" disabled={pending}>
              <CalculateIcon />
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
