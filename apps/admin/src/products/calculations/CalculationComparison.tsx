import CloseIcon from '@mui/icons-material/Close';
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatMoney, formatQuantity } from '../../shared/format';
import { CalculationSummary } from './calculation-record';
import { useColumnLabel } from './BreakdownTable';
import { COMPARED_COLUMNS, compareTiers, ComparedValue, direction } from './tier-comparison';

const DIRECTION_COLOR = { up: 'error.main', down: 'success.main', same: 'text.secondary' } as const;

const ComparedCell = ({ value, currency }: { value: ComparedValue; currency: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = (amount: string | null) => (amount === null ? translate('resources.calculations.comparison.not_priced') : formatMoney(amount, locale, currency));
  const moved = direction(value);
  const sign = moved === 'up' ? '+' : '';
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      {moved === 'same' ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', textDecoration: value.after === null ? undefined : 'line-through' }}>
          {money(value.before)}
        </Typography>
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {money(value.after)}
      </Typography>
      {moved ? (
        <Typography variant="caption" sx={{ color: DIRECTION_COLOR[moved], whiteSpace: 'nowrap', fontWeight: 600 }}>
          {moved === 'same'
            ? '±0'
            : `${sign}${formatMoney(value.difference, locale, currency)}${value.percent === null ? '' : ` (${sign}${formatQuantity(value.percent, locale, '%', 2)})`}`}
        </Typography>
      ) : null}
    </Stack>
  );
};

export interface CalculationComparisonProps {
  /** The two calculations, in any order: the older one is shown as before. */
  first: CalculationSummary;
  second: CalculationSummary;
  currency: string;
  onClose: () => void;
}

/** Two calculations side by side, tier by tier: each figure before, after, and how far it moved. */
export const CalculationComparison = ({ first, second, currency, onClose }: CalculationComparisonProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = useColumnLabel();
  const [before, after] = first.index <= second.index ? [first, second] : [second, first];
  const rows = compareTiers(before.tiers, after.tiers);
  const name = (calculation: CalculationSummary) => translate('resources.calculations.name_of', { index: calculation.index, date: formatDate(calculation.createdOn, locale) });
  const title = translate('resources.calculations.comparison.title', { before: name(before), after: name(after) });
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.calculations.comparison.legend')}
          </Typography>
        </Box>
        <Button label="resources.calculations.comparison.close" onClick={onClose}>
          <CloseIcon />
        </Button>
      </Stack>
      {before.id === after.id ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('resources.calculations.comparison.same')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell align="right">{translate('resources.calculations.fields.quantity')}</TableCell>
                {COMPARED_COLUMNS.map((column) => (
                  <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {label(column)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.quantity}>
                  <TableCell component="th" scope="row" align="right" sx={{ verticalAlign: 'top' }}>
                    {formatQuantity(row.quantity, locale)}
                  </TableCell>
                  {COMPARED_COLUMNS.map((column) => (
                    <TableCell key={column} align="right" sx={{ verticalAlign: 'top' }}>
                      <ComparedCell value={row.values[column]} currency={currency} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
