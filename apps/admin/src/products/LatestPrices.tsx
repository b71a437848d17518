import { Alert, AlertTitle, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatQuantity } from '../shared/format';
import { SectionHeading } from '../shared/SectionHeading';
import { MoneyText } from '../shared/values';
import { CalculateButton } from './calculations/CalculateButton';
import { LatestCalculationWarnings } from './calculations/CalculationWarnings';
import { PRICE_COMPONENT_PREFIX, PRICE_COMPONENTS, ProductRecord } from './product-record';

/** The product's prices from the first tier of its latest calculation (docs/product.md §3): per component, per piece and for the order. */
export const LatestPrices = () => {
  const product = useRecordContext<ProductRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!product) return null;
  const title = translate('resources.products.prices.title');
  const calculated = product.latestCalculationIndex !== null && product.latestCalculationIndex !== undefined;
  const stale = calculated && product.priceStale === true;
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }}>
      <SectionHeading
        title={title}
        description={
          calculated
            ? translate('resources.products.prices.from_calculation', {
                index: product.latestCalculationIndex,
                quantity: formatQuantity(product.priceQuantity, locale),
                smart_count: Number(product.priceQuantity),
              })
            : translate('resources.products.prices.none')
        }
        actions={
          <>
            {calculated ? (
              <Link to={`/products/${encodeURIComponent(String(product.id))}/calculations`} variant="body2">
                {translate('resources.products.prices.all_calculations')}
              </Link>
            ) : null}
            <CalculateButton variant={calculated && !stale ? 'outlined' : 'contained'} />
          </>
        }
      />
      {stale ? (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }}>
          <AlertTitle>{translate('resources.products.prices.stale')}</AlertTitle>
          {translate('resources.products.prices.stale_detail', { index: product.latestCalculationIndex })}
        </Alert>
      ) : null}
      {calculated ? <LatestCalculationWarnings product={product} /> : null}
      {calculated ? (
        <Table size="small" sx={{ maxWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right">{translate('resources.calculations.per_piece')}</TableCell>
              <TableCell align="right">
                {translate('resources.products.prices.for_quantity', { quantity: formatQuantity(product.priceQuantity, locale), smart_count: Number(product.priceQuantity) })}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {PRICE_COMPONENTS.map((component) => (
              <TableRow key={component}>
                <TableCell component="th" scope="row">
                  {translate(`${PRICE_COMPONENT_PREFIX}.${component}`)}
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={product[`${component}UnitPrice`]} />
                </TableCell>
                <TableCell align="right">
                  <MoneyText value={product[`${component}TotalPrice`]} />
                </TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& > *': { fontWeight: 600 } }}>
              <TableCell component="th" scope="row">
                {translate('resources.products.fields.unitPrice')} / {translate('resources.products.fields.totalPrice')}
              </TableCell>
              <TableCell align="right">
                <MoneyText value={product.unitPrice} />
              </TableCell>
              <TableCell align="right">
                <MoneyText value={product.totalPrice} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      ) : null}
      {calculated ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('resources.products.prices.factors_note')}
        </Typography>
      ) : null}
    </Box>
  );
};
