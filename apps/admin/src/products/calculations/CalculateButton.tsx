import CalculateIcon from '@mui/icons-material/Calculate';
import { useState } from 'react';
import { Button, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../api/http-client';
import { useNotifyError } from '../../shared/useErrorNotice';
import type { CalculationDetail } from './calculation-record';

/**
 * "Calculate": prices the product now at the organization's quantity tiers and stores the
 * snapshot. A product that can not be priced yet (no material price, an asset without a
 * band) is answered with a 422 whose message says why; it is shown as the notice.
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
      notify('resources.calculations.calculated', { type: 'success', messageArgs: { index: calculation.index } });
      refresh();
      onCalculated?.(calculation);
    } catch (error) {
      notifyError(error, 'resources.calculations.calculate_failed');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label="resources.calculations.calculate" onClick={calculate} disabled={pending} variant={variant}>
      <CalculateIcon />
    </Button>
  );
};
