import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import {
  Alert,
  Box,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { KeyboardEvent, useState } from 'react';
import { Button, useGetList, useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatMoney, formatQuantity } from '../../shared/format';
import { DEFAULT_CURRENCY } from '../../shared/useCurrency';
import { SectionHeading } from '../../shared/SectionHeading';
import { ProductPage } from '../ProductPage';
import { Basis, BreakdownTable, useColumnLabel } from './BreakdownTable';
import { CalculateButton } from './CalculateButton';
import { BreakdownColumn, CalculationDetail, CalculationSummary, figureOf } from './calculation-record';
import { CalculationComparison } from './CalculationComparison';
import { CalculationWarnings } from './CalculationWarnings';
import { ExplainedFigure, FigureExplanationDialog } from './FigureExplanation';
import { FillBulkPricesButton } from './FillBulkPricesButton';
import { StackedBarChart } from './StackedBarChart';

/** Where the choice of calculation lives, so a calculation (and a comparison) can be linked and reloaded. */
const SELECTED = 'calculation';
const COMPARED = 'compare';
const PAGE = 25;

interface CalculationListProps {
  calculations: readonly CalculationSummary[];
  selectedId: string | undefined;
  comparedId: string | null;
  onSelect: (id: string) => void;
  onCompare: (id: string) => void;
}

/** The product's calculations, newest first: the row opens it, "Compare" sets it beside the opened one. */
const CalculationList = ({ calculations, selectedId, comparedId, onSelect, onCompare }: CalculationListProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const open = (id: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('resources.calculations.name', { smart_count: 2 })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.calculations.fields.index')}</TableCell>
            <TableCell>{translate('resources.calculations.fields.createdOn')}</TableCell>
            <TableCell>{translate('resources.calculations.fields.reason')}</TableCell>
            <TableCell align="right">{translate('resources.calculations.fields.unitPrice')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {calculations.map((calculation) => {
            const first = calculation.tiers[0];
            const selected = calculation.id === selectedId;
            return (
              <TableRow
                key={calculation.id}
                hover
                selected={selected}
                onClick={() => onSelect(calculation.id)}
                onKeyDown={open(calculation.id)}
                tabIndex={0}
                aria-selected={selected}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>#{calculation.index}</TableCell>
                <TableCell>{formatDate(calculation.createdOn, locale)}</TableCell>
                <TableCell>
                  {calculation.reason ?? '--'}
                  {calculation.whatIf ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      sx={{ ml: 1 }}
                      label={translate('resources.calculations.what_if')}
                      title={translate('resources.calculations.what_if_hint')}
                      data-testid="calculation-what-if"
                    />
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {first
                    ? `${formatMoney(first.unitPrice, locale, calculation.currency ?? DEFAULT_CURRENCY)} · ${translate('resources.calculations.at_quantity', { quantity: formatQuantity(first.quantity, locale), smart_count: first.quantity })}`
                    : '--'}
                </TableCell>
                <TableCell align="right">
                  {selected ? null : (
                    <Button
                      label={comparedId === calculation.id ? 'resources.calculations.comparison.compared' : 'resources.calculations.comparison.action'}
                      disabled={comparedId === calculation.id}
                      onClick={(event) => {
                        event.stopPropagation();
                        onCompare(calculation.id);
                      }}
                    >
                      <CompareArrowsIcon />
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** One calculation: its tiers broken down, as a table and as a chart, every figure explained on a click. */
const CalculationView = ({ summary }: { summary: CalculationSummary }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = useColumnLabel();
  const { data: detail, error } = useGetOne<CalculationDetail>('calculations', { id: summary.id });
  const [basis, setBasis] = useState<Basis>('unit');
  const [explained, setExplained] = useState<ExplainedFigure | null>(null);
  const currency = summary.currency ?? DEFAULT_CURRENCY;
  const results = detail?.result?.tiers;
  const explain = (tierIndex: number, column: BreakdownColumn, on: Basis) => {
    const tier = results?.[tierIndex];
    if (!tier) return;
    const per = column === 'unitPrice' || column === 'totalPrice' ? '' : ` ${translate(`resources.calculations.explanation.basis.${on}`)}`;
    setExplained({
      title: translate('resources.calculations.explanation.title', { figure: `${label(column)}${per}`, quantity: formatQuantity(tier.quantity, locale), smart_count: tier.quantity }),
      figure: figureOf(tier, column, on),
    });
  };
  const heading = translate('resources.calculations.name_of', { index: summary.index, date: formatDate(summary.createdOn, locale) });
  return (
    <Box component="section" aria-label={heading} sx={{ mt: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 1, mb: 1 }}>
        <Box>
          <Typography variant="h6" component="h3">
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[summary.reason, detail?.result?.date ? translate('resources.calculations.priced_on', { date: formatDate(detail.result.date, locale) }) : null].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup size="small" exclusive value={basis} onChange={(_event, value: Basis | null) => value && setBasis(value)} aria-label={translate('resources.calculations.breakdown.basis')}>
            <ToggleButton value="unit">{translate('resources.calculations.per_piece')}</ToggleButton>
            <ToggleButton value="total">{translate('resources.calculations.per_order')}</ToggleButton>
          </ToggleButtonGroup>
          <FillBulkPricesButton calculation={summary} />
        </Stack>
      </Stack>
      {error ? (
        <Typography variant="body2" color="error">
          {translate('resources.calculations.load_failed')}
        </Typography>
      ) : null}
      <CalculationWarnings warnings={detail?.warnings ?? summary.warnings} />
      {detail && detail.result === null ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('resources.calculations.not_explainable')}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.calculations.breakdown.hint')}
        </Typography>
      )}
      <BreakdownTable tiers={summary.tiers} results={results} currency={currency} basis={basis} onExplain={(tierIndex, column) => explain(tierIndex, column, basis)} />
      <Box sx={{ mt: 3 }}>
        <StackedBarChart tiers={summary.tiers} currency={currency} onSelect={results ? (tierIndex, component) => explain(tierIndex, component, 'unit') : undefined} />
      </Box>
      <FigureExplanationDialog explained={explained} onClose={() => setExplained(null)} />
    </Box>
  );
};

const Calculations = () => {
  const product = useRecordContext();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const [perPage, setPerPage] = useState(PAGE);
  const productId = product ? String(product.id) : undefined;
  const { data: calculations = [], total = 0, isPending } = useGetList<CalculationSummary>(
    'calculations',
    { filter: { productId }, sort: { field: 'index', order: 'DESC' }, pagination: { page: 1, perPage } },
    { enabled: Boolean(productId) },
  );
  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const selected = calculations.find((calculation) => calculation.id === params.get(SELECTED)) ?? calculations[0];
  const compared = calculations.find((calculation) => calculation.id === params.get(COMPARED) && calculation.id !== selected?.id) ?? null;
  const title = translate('resources.calculations.name', { smart_count: 2 });
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }}>
      <SectionHeading
        title={title}
        description={translate('resources.calculations.description')}
        actions={<CalculateButton onCalculated={(calculation) => choose({ [SELECTED]: calculation.id, [COMPARED]: null })} />}
      />
      {!isPending && calculations.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {translate('resources.calculations.none')}
        </Typography>
      ) : (
        <CalculationList
          calculations={calculations}
          selectedId={selected?.id}
          comparedId={compared?.id ?? null}
          onSelect={(id) => choose({ [SELECTED]: id, [COMPARED]: params.get(COMPARED) === id ? null : params.get(COMPARED) })}
          onCompare={(id) => choose({ [SELECTED]: selected?.id ?? null, [COMPARED]: id })}
        />
      )}
      {total > calculations.length ? <Button label="resources.calculations.more" onClick={() => setPerPage(perPage + PAGE)} /> : null}
      {compared && selected ? (
        <CalculationComparison first={selected} second={compared} currency={selected.currency ?? DEFAULT_CURRENCY} onClose={() => choose({ [COMPARED]: null })} />
      ) : null}
      {selected ? (
        <>
          <Divider sx={{ mt: 3 }} />
          <CalculationView key={selected.id} summary={selected} />
        </>
      ) : null}
    </Box>
  );
};

/** /products/:id/calculations */
export const ProductCalculations = () => (
  <ProductPage>
    <Calculations />
  </ProductPage>
);
