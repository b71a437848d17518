import { ButtonBase, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMoney, formatQuantity } from '../../shared/format';
import { PRICE_COMPONENT_PREFIX, PRICE_COMPONENTS } from '../product-record';
import { BreakdownColumn, figureOf, TierResult, TierSummary } from './calculation-record';
import { formatFigure } from './figure-explanation';
import { COMPONENT_COLORS, ComponentSwatch } from './StackedBarChart';

export const BREAKDOWN_COLUMNS: readonly BreakdownColumn[] = [...PRICE_COMPONENTS, 'unitPrice', 'totalPrice'];

export type Basis = 'unit' | 'total';

/** The column's name in the table and in an explanation's title. */
export function useColumnLabel() {
  const translate = useTranslate();
  return (column: BreakdownColumn) => translate(`${PRICE_COMPONENT_PREFIX}.${column}`);
}

export interface BreakdownTableProps {
  /** The list's summary, shown at once. */
  tiers: readonly TierSummary[];
  /** The explained result, once loaded: its figures can be opened, and give the amounts per order. */
  results?: readonly TierResult[];
  currency: string;
  basis: Basis;
  onExplain: (tierIndex: number, column: BreakdownColumn) => void;
}

/**
 * One row per quantity tier: material, labor, purchase, setup and program (per piece, or for
 * the whole order), the unit price and the total. Every amount opens its explanation.
 */
export const BreakdownTable = ({ tiers, results, currency, basis, onExplain }: BreakdownTableProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const colors = COMPONENT_COLORS;
  const label = useColumnLabel();
  const cell = (tierIndex: number, column: BreakdownColumn) => {
    const result = results?.[tierIndex];
    if (!result) {
      // Amounts per order come with the explained result; until then only those per piece are known.
      const value = basis === 'total' && column !== 'unitPrice' && column !== 'totalPrice' ? null : tiers[tierIndex][column];
      return <span>{value === null ? '…' : formatMoney(value, locale, currency)}</span>;
    }
    const figure = figureOf(result, column, basis);
    return (
      <ButtonBase
        onClick={() => onExplain(tierIndex, column)}
        sx={{ font: 'inherit', borderRadius: 0.5, px: 0.5, textDecoration: 'underline dotted', textUnderlineOffset: 3, '&:hover': { bgcolor: 'action.hover' } }}
        aria-label={translate('resources.calculations.breakdown.explain', {
          figure: label(column),
          quantity: formatQuantity(result.quantity, locale),
          smart_count: result.quantity,
          value: formatFigure(figure, locale),
        })}
      >
        {formatFigure(figure, locale)}
      </ButtonBase>
    );
  };
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.calculations.breakdown.title')}>
        <TableHead>
          <TableRow>
            <TableCell align="right">{translate('resources.calculations.fields.quantity')}</TableCell>
            {BREAKDOWN_COLUMNS.map((column) => (
              <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: column === 'unitPrice' || column === 'totalPrice' ? 600 : undefined }}>
                {column in colors ? <ComponentSwatch color={colors[column as keyof typeof colors]} /> : null}
                {label(column)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tiers.map((tier, tierIndex) => (
            <TableRow key={tier.quantity} hover>
              <TableCell component="th" scope="row" align="right">
                {formatQuantity(tier.quantity, locale)}
              </TableCell>
              {BREAKDOWN_COLUMNS.map((column) => (
                <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap', fontWeight: column === 'unitPrice' || column === 'totalPrice' ? 600 : undefined }}>
                  {cell(tierIndex, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {translate(basis === 'unit' ? 'resources.calculations.breakdown.note_unit' : 'resources.calculations.breakdown.note_total')}
      </Typography>
    </TableContainer>
  );
};
