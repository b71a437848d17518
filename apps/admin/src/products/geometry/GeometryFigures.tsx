import { Box, ButtonBase, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetManyReference, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { PER_PAGE } from '../../shared/ChildRecords';
import { GeometryFigures as Figures } from '../calculations/calculation-record';
import { ExplainedFigure, FigureExplanationDialog } from '../calculations/FigureExplanation';
import { formatQuantity } from '../../shared/format';
import { useApiGet } from '../useApiGet';

const FIGURES = [
  { key: 'cutLength', label: 'resources.products.geometry_figures.cut_length', unit: 'mm' },
  { key: 'pierceCount', label: 'resources.products.geometry_figures.pierce_count', unit: undefined },
  { key: 'bendCount', label: 'resources.products.geometry_figures.bend_count', unit: undefined },
] as const;

const GEOMETRY_PAGE = { pagination: { page: 1, perPage: PER_PAGE }, sort: { field: 'createdAt', order: 'ASC' as const } };

/** The fingerprint of one geometry list as its table holds it. */
function useRowsVersion(reference: string, productId: string | undefined): string {
  const { data } = useGetManyReference(reference, { target: 'productId', id: productId, ...GEOMETRY_PAGE }, { enabled: Boolean(productId) });
  return data ? data.map((row) => `${row.id}@${row.updatedAt}`).join(',') : '?';
}

/**
 * What changes the derived figures: the contours, holes and bends. A row added, changed or
 * removed on a geometry page changes this, and the figures are asked for again. Null until
 * all three are known, so the figures are not asked for twice on opening the page.
 */
function useGeometryVersion(productId: string | undefined): string | null {
  const versions = [useRowsVersion('product-contours', productId), useRowsVersion('product-holes', productId), useRowsVersion('product-bends', productId)];
  return versions.includes('?') ? null : versions.join('|');
}

/**
 * Spec issue §2: the figures derived from the geometry, shown beside it — cut length (contour
 * lengths plus hole circumferences), pierce count (inner contours + holes + 1) and bend count —
 * each opening the engine's explanation.
 */
export const GeometryFigures = () => {
  const product = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const id = product ? String(product.id) : undefined;
  const version = useGeometryVersion(id);
  const { data, error } = useApiGet<Figures>(id && version !== null ? `/products/${encodeURIComponent(id)}/geometry-figures` : null, version ?? '');
  const [explained, setExplained] = useState<ExplainedFigure | null>(null);
  const title = translate('resources.products.geometry_figures.title');
  return (
    <Box component="section" aria-label={title} sx={{ px: 2, pt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {error ? (
        <Typography variant="body2" color="error">
          {translate('resources.products.geometry_figures.failed')}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mt: 1 }}>
          {FIGURES.map(({ key, label, unit }) => {
            const figure = data?.[key];
            return (
              <Paper key={key} variant="outlined" sx={{ flex: 1 }}>
                <ButtonBase
                  sx={{ width: '100%', p: 1.5, display: 'block', textAlign: 'left' }}
                  disabled={!figure}
                  onClick={() => figure && setExplained({ title: translate(label), figure })}
                  aria-label={translate('resources.products.geometry_figures.explain', { name: translate(label) })}
                >
                  <Typography variant="caption" color="text.secondary" component="p">
                    {translate(label)}
                  </Typography>
                  <Typography variant="h6" component="p">
                    {figure ? formatQuantity(figure.value, locale, unit, unit ? 1 : 0) : '…'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {figure?.formula ?? ' '}
                  </Typography>
                </ButtonBase>
              </Paper>
            );
          })}
        </Stack>
      )}
      <FigureExplanationDialog explained={explained} onClose={() => setExplained(null)} />
    </Box>
  );
};
