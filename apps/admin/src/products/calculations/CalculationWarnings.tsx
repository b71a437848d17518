import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { ProductRecord } from '../product-record';
import type { CalculationSummary } from './calculation-record';

/**
 * What a calculation found missing or zero (libs/pricing `warnings`: no material, an operation
 * without time or rate, a part that costs nothing), as the API says them in the reader's language:
 * the product is priced, but its price may be too low.
 */
export const CalculationWarnings = ({ warnings }: { warnings: readonly string[] | undefined }) => {
  const translate = useTranslate();
  if (!warnings || warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1, maxWidth: 960 }} role="status">
      <AlertTitle>{translate('resources.calculations.warnings.title', { smart_count: warnings.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </Box>
    </Alert>
  );
};

/** The product's latest calculation's warnings (its details page); read only when the product says it has some. */
export const LatestCalculationWarnings = ({ product }: { product: ProductRecord }) => {
  const count = product.latestWarningCount ?? 0;
  const { data } = useGetList<CalculationSummary>(
    'calculations',
    { filter: { productId: product.id }, sort: { field: 'index', order: 'DESC' }, pagination: { page: 1, perPage: 1 } },
    { enabled: count > 0 },
  );
  if (count === 0) return null;
  return <CalculationWarnings warnings={data?.[0]?.warnings} />;
};

/** A warning sign beside a listed product's price when its latest calculation has warnings. */
export const WarningMarker = ({ count }: { count: number | null | undefined }) => {
  const translate = useTranslate();
  if (!count) return null;
  return (
    <Typography component="span" variant="caption" color="warning.main" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
      <WarningAmberIcon fontSize="inherit" aria-hidden />
      {translate('resources.calculations.warnings.latest', { smart_count: count })}
    </Typography>
  );
};
