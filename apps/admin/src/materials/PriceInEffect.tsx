import { Alert, AlertTitle, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { RaRecord, useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { api } from '../api/http-client';
import type { MaterialPriceInEffect } from '../api/contracts';
import { groupListCoverage, IN_EFFECT, inEffectHeadline } from './price-in-effect';
import type { MaterialRow } from './MaterialList';

/** GET /materials/:id/price-in-effect. */
export const fetchPriceInEffect = (id: RaRecord['id']) => api.get<MaterialPriceInEffect>(`/materials/${encodeURIComponent(String(id))}/price-in-effect`);

/**
 * The material's price in effect today, read again when the material or its price history changes (a price
 * added on the prices tab refreshes the history, which this follows); null while it is read.
 */
export function usePriceInEffect(material: MaterialRow | undefined): { answer: MaterialPriceInEffect | null; failed: boolean } {
  const id = material?.id;
  const { data: history } = useGetList('material-prices', { filter: { materialId: id }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 100 } }, { enabled: id !== undefined });
  const historyKey = (history ?? []).map((row) => `${row.id}:${row.price}:${row.validFrom}`).join(',');
  const [state, setState] = useState<{ answer: MaterialPriceInEffect | null; failed: boolean }>({ answer: null, failed: false });
  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    fetchPriceInEffect(id)
      .then((answer) => current && setState({ answer, failed: false }))
      .catch(() => current && setState({ answer: null, failed: true }));
    return () => {
      current = false;
    };
  }, [id, material?.updatedAt, historyKey]);
  return state;
}

/**
 * Which price the engine takes for the material today and why: its own dated price, its
 * group's list at its thickness or its price per unit, what the group's list covers, and whether the price per
 * unit is used at all. `editedPricePerUnit`: on the form, the price being typed, warned about when it will not be used.
 */
export const PriceInEffect = ({ editedPricePerUnit }: { editedPricePerUnit?: unknown }) => {
  const material = useRecordContext<MaterialRow>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { answer, failed } = usePriceInEffect(material);
  if (!material) return null;
  if (failed) return <Alert severity="warning">{translate(`${IN_EFFECT}.failed`)}</Alert>;
  if (!answer) return null;
  const coverage = groupListCoverage(answer, locale, translate);
  const edited = editedPricePerUnit !== undefined && Number(editedPricePerUnit ?? 0) !== Number(material.pricePerUnit ?? 0);
  const notUsed = !answer.pricePerUnitUsed;
  return (
    <Alert severity={notUsed && edited ? 'warning' : 'info'} data-testid="price-in-effect" data-source={answer.source} sx={{ my: 1, maxWidth: 720 }}>
      <AlertTitle>{translate(`${IN_EFFECT}.title`)}</AlertTitle>
      <Box component="strong" sx={{ display: 'block' }}>
        {inEffectHeadline(answer, locale, translate)}
      </Box>
      <Box>{answer.reason}</Box>
      {coverage ? <Box sx={{ mt: 0.5 }}>{coverage}</Box> : null}
      {notUsed ? <Box sx={{ mt: 0.5 }}>{translate(`${IN_EFFECT}.${edited ? 'not_used_editing' : 'not_used'}`)}</Box> : null}
    </Alert>
  );
};
