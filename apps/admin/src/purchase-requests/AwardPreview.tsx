import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Alert, Box, Checkbox, FormControlLabel, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { api, errorMessage } from '../api/http-client';
import { ExactMoney } from '../shared/ExactMoney';
import { formatQuantity } from '../shared/format';
import type { AwardPreview as AwardPreviewAnswer } from '../api/contracts';
import { awardBody, orderedSuppliables, productLabel, productRises, tierChange } from './award-preview';
import { AskedLine } from './offer-matrix';

const PREVIEW = 'resources.purchase-request-awards.preview';

/** The preview of one award: fetched again whenever the lines or the switch-off choice change. */
function useAwardPreview(offerId: string, lines: readonly AskedLine[] | null, switchOffOthers: boolean, open: boolean) {
  const translate = useTranslate();
  const [state, setState] = useState<{ data: AwardPreviewAnswer['data'] | null; error: string | null; pending: boolean }>({ data: null, error: null, pending: false });
  const lineIds = lines ? lines.map((line) => `${line.kind}:${line.id}`).join(',') : '*';
  useEffect(() => {
    if (!open) return;
    let current = true;
    setState((previous) => ({ ...previous, pending: true, error: null }));
    api
      .post<AwardPreviewAnswer>(`/supplier-offers/${encodeURIComponent(offerId)}/award-preview`, awardBody(lines, switchOffOthers))
      .then((answer) => current && setState({ data: answer.data, error: null, pending: false }))
      .catch((error: unknown) => current && setState({ data: null, error: errorMessage(error, translate('fabquote.errors.save_failed')), pending: false }));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines are compared by their ids
  }, [offerId, lineIds, switchOffOthers, open]);
  return state;
}

/**
 * Before an award is confirmed, per affected product the unit price at each tier
 * before and after (a rise marked), every existing suppliable of the lines the award switches off or
 * changes with its current price, and the choice to switch other suppliers' prices off (off by default:
 * the engine buys from the cheapest active one anyway).
 */
export const AwardPreview = ({
  offerId,
  lines,
  open,
  switchOffOthers,
  onSwitchOffOthers,
}: {
  offerId: string;
  /** The lines awarded; null for the whole offer. */
  lines: readonly AskedLine[] | null;
  open: boolean;
  switchOffOthers: boolean;
  onSwitchOffOthers: (value: boolean) => void;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, pending } = useAwardPreview(offerId, lines, switchOffOthers, open);
  const suppliables = data ? orderedSuppliables(data.suppliables) : [];
  return (
    <Box data-testid="award-preview" aria-busy={pending}>
      <FormControlLabel
        control={<Checkbox checked={switchOffOthers} onChange={(event) => onSwitchOffOthers(event.target.checked)} data-testid="switch-off-others" />}
        label={translate(`${PREVIEW}.switch_off_others`)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(switchOffOthers ? `${PREVIEW}.switch_off_on` : `${PREVIEW}.switch_off_off`)}
      </Typography>
      {pending ? <LinearProgress aria-label={translate(`${PREVIEW}.loading`)} sx={{ my: 1 }} /> : null}
      {error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="award-preview-currency">
            {translate(`${PREVIEW}.currency`, { currency: data.currency })}
          </Typography>
          <Typography variant="subtitle2" component="h3">
            {translate(`${PREVIEW}.products`)}
          </Typography>
          {data.products.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`${PREVIEW}.products_none`)}
            </Typography>
          ) : (
            <Table size="small" aria-label={translate(`${PREVIEW}.products`)} data-testid="award-preview-products">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${PREVIEW}.quantity`)}</TableCell>
                  <TableCell align="right">{translate(`${PREVIEW}.before`)}</TableCell>
                  <TableCell align="right">{translate(`${PREVIEW}.after`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.products.map((product) => (
                  <Fragment key={product.productId}>
                    <TableRow data-testid="award-preview-product" data-rises={productRises(product) ? 'true' : 'false'}>
                      <TableCell colSpan={3} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                        {productLabel(product)}
                        {productRises(product) ? (
                          <Typography component="span" variant="body2" color="error" sx={{ ml: 1, fontWeight: 600 }}>
                            {translate(`${PREVIEW}.product_rises`)}
                          </Typography>
                        ) : null}
                      </TableCell>
                    </TableRow>
                    {product.tiers.map((tier) => {
                      const rise = tierChange(tier) === 'rise';
                      return (
                        <TableRow key={String(tier.quantity)} data-testid="award-preview-tier" data-rise={rise ? 'true' : 'false'}>
                          <TableCell>{translate('resources.supplier-offers.matrix.pieces', { quantity: formatQuantity(tier.quantity, locale) })}</TableCell>
                          <TableCell align="right">
                            <ExactMoney value={tier.before} currency={data.currency} />
                          </TableCell>
                          <TableCell align="right" sx={rise ? { color: 'error.main', fontWeight: 600, whiteSpace: 'nowrap' } : { whiteSpace: 'nowrap' }}>
                            {rise ? <TrendingUpIcon fontSize="inherit" sx={{ mr: 0.5, verticalAlign: 'middle' }} aria-label={translate(`${PREVIEW}.rise`)} role="img" /> : null}
                            <ExactMoney value={tier.after} currency={data.currency} />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          )}
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {translate(`${PREVIEW}.suppliables`)}
          </Typography>
          {suppliables.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`${PREVIEW}.suppliables_none`)}
            </Typography>
          ) : (
            <Table size="small" aria-label={translate(`${PREVIEW}.suppliables`)} data-testid="award-preview-suppliables">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${PREVIEW}.supplier`)}</TableCell>
                  <TableCell>{translate(`${PREVIEW}.line`)}</TableCell>
                  <TableCell align="right">{translate(`${PREVIEW}.cost`)}</TableCell>
                  <TableCell>{translate(`${PREVIEW}.action`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {suppliables.map((suppliable, index) => (
                  <TableRow key={suppliable.suppliableId ?? `new-${index}`} data-testid="award-preview-suppliable" data-action={suppliable.action}>
                    <TableCell>{suppliable.supplierName ?? '--'}</TableCell>
                    <TableCell>
                      {suppliable.lineName ?? '--'}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                        ({translate(`${PREVIEW}.kinds.${suppliable.kind}`, { _: suppliable.kind })})
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      <ExactMoney value={suppliable.cost} currency={data.currency} />
                    </TableCell>
                    <TableCell sx={suppliable.action === 'switch-off' ? { color: 'warning.dark', fontWeight: 600 } : undefined}>
                      {translate(`${PREVIEW}.actions.${suppliable.suppliableId === null ? 'create' : suppliable.action}`, { _: suppliable.action })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      ) : null}
    </Box>
  );
};
