import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../api/http-client';
import { useNotifyError } from '../../shared/useErrorNotice';
import { CalculationSummary } from './calculation-record';

/**
 * Replaces the product's bulk prices by one band per tier of `calculation`: each tier's unit
 * price from its quantity up to one below the next tier, the last band open-ended.
 */
export const FillBulkPricesButton = ({ calculation }: { calculation: CalculationSummary }) => {
  const product = useRecordContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'products', action: 'edit', record: product });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!product || !canAccess) return null;
  const fill = async () => {
    setPending(true);
    try {
      const bands = await api.post<unknown[]>(`/products/${encodeURIComponent(String(product.id))}/bulk-prices/from-calculation`, { calculationId: calculation.id });
      notify('resources.calculations.fill_bulk.done', { type: 'success', messageArgs: { smart_count: Array.isArray(bands) ? bands.length : calculation.tiers.length } });
      setOpen(false);
      refresh();
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="resources.calculations.fill_bulk.action" onClick={() => setOpen(true)}>
        <PriceChangeIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.calculations.fill_bulk.title"
        content="resources.calculations.fill_bulk.content"
        translateOptions={{ index: calculation.index, smart_count: calculation.tiers.length }}
        confirm="resources.calculations.fill_bulk.confirm"
        onConfirm={fill}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
