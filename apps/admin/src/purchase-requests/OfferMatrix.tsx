import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box, Chip, Link, Rating, Stack, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Tooltip, Typography } from '@mui/material';
import { ReactNode, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PurchaseRequestAward } from '../api/contracts';
import { moneyShown } from '../shared/exact-money';
import { ExactMoney } from '../shared/ExactMoney';
import { EMPTY_VALUE, formatDate, formatQuantity } from '../shared/format';
import { useCurrency } from '../shared/useCurrency';
import { AwardButtons } from './OfferAwards';
import { BAND_COLORS, BAND_TEXT, cellKey, ColumnGroup, MatrixCell, MatrixRow, MatrixSort, nextSort, ProductColumn, ProductTotal, productKey, SortKey, sortRows } from './offer-matrix';

const MATRIX = 'resources.supplier-offers.matrix';

/** The supplier column stays in view while the quantities scroll sideways (on a phone, inside the card). */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** A trophy offer's row: a green border around it (its cells, since a table row draws no border of its own). */
const TROPHY_BORDER = '2px solid';
const TROPHY_ROW = {
  '& > td': { borderTop: TROPHY_BORDER, borderBottom: TROPHY_BORDER, borderTopColor: 'success.main', borderBottomColor: 'success.main' },
  '& > td:first-of-type': { borderLeft: TROPHY_BORDER, borderLeftColor: 'success.main' },
  '& > td:last-of-type': { borderRight: TROPHY_BORDER, borderRightColor: 'success.main' },
} as const;

/** Several texts in a tooltip, one a line. */
const Lines = ({ texts }: { texts: readonly string[] }) => (
  <>
    {texts.map((text, index) => (
      <Box key={index} component="span" sx={{ display: 'block' }}>
        {text}
      </Box>
    ))}
  </>
);

interface HeaderProps {
  sortKey: SortKey;
  sort: MatrixSort;
  onSort: (key: SortKey) => void;
  children: ReactNode;
  align?: 'left' | 'right' | 'center';
  rowSpan?: number;
  sticky?: boolean;
}

/** A header that sorts the rows by its column; aria-sort says how. */
const SortHeader = ({ sortKey, sort, onSort, children, align, rowSpan, sticky }: HeaderProps) => {
  const active = sort.key === sortKey;
  return (
    <TableCell align={align} rowSpan={rowSpan} sortDirection={active ? sort.order : false} data-sort={sortKey} sx={{ whiteSpace: 'nowrap', ...(sticky ? { ...STICKY, zIndex: 2 } : {}) }}>
      <TableSortLabel active={active} direction={active ? sort.order : 'asc'} onClick={() => onSort(sortKey)}>
        {children}
      </TableSortLabel>
    </TableCell>
  );
};

/**
 * One line at one quantity: the landed unit price to the cent on its band's colour, the best bold with
 * a tick; the band in words for screen readers, the exact price and the rating's explanations in the
 * tooltip. An awarded line's chip sits below the price, never over it.
 */
const PriceCell = ({ cell }: { cell: MatrixCell | undefined }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  if (!cell) {
    return (
      <TableCell align="right" data-testid="matrix-cell" aria-label={translate(`${MATRIX}.not_priced`)} sx={{ color: 'text.secondary' }}>
        {EMPTY_VALUE}
      </TableCell>
    );
  }
  const rated = cell.landed !== null && cell.band !== null;
  const { shown: price, exact } = moneyShown(rated ? (cell.landedExact ?? cell.landed) : cell.unitPrice, locale, currency);
  const bandText = rated ? translate(`resources.supplier-offers.bands.price.${cell.band}`) : '';
  const label = !rated
    ? translate(`${MATRIX}.cell_unrated`, { price })
    : translate(cell.best ? `${MATRIX}.cell_best` : `${MATRIX}.cell`, { price, band: cell.band, bandText });
  const explanations = [...(exact ? [translate('fabquote.numbers.exact', { value: exact })] : []), ...(rated ? cell.explanations : [translate(`${MATRIX}.not_rated`)])];
  return (
    <TableCell
      align="right"
      data-testid="matrix-cell"
      data-band={cell.band ?? ''}
      data-best={cell.best}
      sx={{
        whiteSpace: 'nowrap',
        bgcolor: rated ? BAND_COLORS[cell.band as number] : undefined,
        color: rated ? BAND_TEXT : 'text.secondary',
        fontWeight: cell.best ? 700 : 400,
      }}
    >
      <Tooltip title={<Lines texts={explanations} />} describeChild>
        <Box component="span" tabIndex={0} aria-label={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {cell.best ? <CheckCircleIcon fontSize="inherit" aria-hidden data-testid="best-mark" /> : null}
          {price}
        </Box>
      </Tooltip>
      {cell.awarded ? (
        <Box sx={{ mt: 0.5 }}>
          <Chip size="small" color="success" label={translate(`${MATRIX}.awarded`)} data-testid="awarded-chip" />
        </Box>
      ) : null}
    </TableCell>
  );
};

/**
 * One supplier's landed total for one product at one quantity: to the cent with the
 * exact value on hover, the lowest bold with a tick; an offer leaving a line open says how many it prices.
 */
export const ProductTotalCell = ({ total, label }: { total: ProductTotal | undefined; label: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  if (!total || total.total === null) {
    const lines = total && total.linesPriced > 0 ? translate(`${MATRIX}.product_total_lines`, { priced: total.linesPriced, asked: total.linesAsked }) : EMPTY_VALUE;
    return (
      <TableCell align="right" data-testid="product-total" data-total="" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', borderLeft: 1, borderColor: 'divider' }}>
        <span aria-label={`${label}: ${total && total.linesPriced > 0 ? lines : translate(`${MATRIX}.not_priced`)}`}>{lines}</span>
      </TableCell>
    );
  }
  const shown = moneyShown(total.total, locale, currency).shown;
  return (
    <TableCell
      align="right"
      data-testid="product-total"
      data-total={total.total}
      data-best={total.best}
      sx={{ whiteSpace: 'nowrap', fontWeight: total.best ? 700 : 400, borderLeft: 1, borderColor: 'divider' }}
    >
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {total.best ? <CheckCircleIcon fontSize="inherit" aria-hidden data-testid="best-mark" /> : null}
        <ExactMoney value={total.total} label={`${label}: ${total.best ? translate(`${MATRIX}.product_total_best`, { total: shown }) : shown}`} />
      </Box>
    </TableCell>
  );
};

/** Stars with their label, the trophy, and the rating's explanations in the tooltip. */
const RatingCell = ({ row }: { row: MatrixRow }) => {
  const translate = useTranslate();
  const { offer } = row;
  if (offer.stars === null || offer.stars === undefined || !offer.rating) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate(`${MATRIX}.not_rated`)}
      </Typography>
    );
  }
  const { explanations } = offer.rating;
  const texts = [explanations?.stars, explanations?.price, explanations?.delivery, explanations?.completeness].filter((text): text is string => Boolean(text));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Tooltip title={<Lines texts={texts} />} describeChild>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }} tabIndex={0} data-testid="offer-stars" data-stars={offer.stars}>
          <Rating value={offer.stars} readOnly size="small" getLabelText={(value) => translate(`${MATRIX}.stars`, { smart_count: value })} />
          <Typography variant="body2" component="span">
            {offer.rating.labelText}
          </Typography>
        </Stack>
      </Tooltip>
      {offer.trophy ? (
        <Tooltip title={explanations?.trophy ?? translate(`${MATRIX}.trophy`)} describeChild>
          <EmojiEventsIcon role="img" aria-label={translate(`${MATRIX}.trophy`)} sx={{ color: '#8a6d00' }} fontSize="small" data-testid="trophy" />
        </Tooltip>
      ) : null}
    </Stack>
  );
};

export interface OfferMatrixProps {
  rows: readonly MatrixRow[];
  groups: readonly ColumnGroup[];
  /** The requested products, each supplier's landed total per product and quantity. */
  products: readonly ProductColumn[];
  allAwards: readonly PurchaseRequestAward[];
  canAward: boolean;
  /** Opens the offer's details (its card with the revisions). */
  onDetails: (offerId: string) => void;
}

/**
 * The offers side by side. A row per supplier, a column per line and quantity, and
 * per requested product and quantity the supplier's landed total for it; sorted by rank
 * until a header is clicked.
 */
export const OfferMatrix = ({ rows, groups, products, allAwards, canAward, onDetails }: OfferMatrixProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  const [sort, setSort] = useState<MatrixSort>({ key: 'rank', order: 'asc' });
  const onSort = (key: SortKey) => setSort(nextSort(sort, key));
  const header = { sort, onSort };
  const sorted = sortRows(rows, sort);
  const money = (value: unknown) => moneyShown(value, locale, currency).shown;
  const totalLabel = (product: ProductColumn, quantity: number) => translate(`${MATRIX}.product_total`, { product: product.name, quantity: formatQuantity(quantity, locale) });
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="offer-matrix-scroll">
      <Table size="small" aria-label={translate(`${MATRIX}.label`)} data-testid="offer-matrix">
        <TableHead>
          <TableRow>
            <SortHeader sortKey="supplier" rowSpan={2} sticky {...header}>
              {translate(`${MATRIX}.supplier`)}
            </SortHeader>
            <SortHeader sortKey="stars" rowSpan={2} {...header}>
              {translate(`${MATRIX}.rating`)}
            </SortHeader>
            {groups.map((group) => (
              <TableCell key={group.id} colSpan={group.quantities.length} align="center" sx={{ borderLeft: 1, borderColor: 'divider', fontWeight: 600 }}>
                {group.line.name}
              </TableCell>
            ))}
            {products.map((product) => (
              <TableCell key={`product-${product.productId}`} colSpan={product.quantities.length} align="center" sx={{ borderLeft: 1, borderColor: 'divider', fontWeight: 600 }} data-testid="product-total-header">
                {product.name}
                <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 400 }}>
                  {translate(`${MATRIX}.products_title`)}
                </Typography>
              </TableCell>
            ))}
            <SortHeader sortKey="leadTime" rowSpan={2} {...header}>
              {translate('resources.supplier-offers.fields.leadTimeDays')}
            </SortHeader>
            <SortHeader sortKey="shippingDate" rowSpan={2} {...header}>
              {translate('resources.supplier-offers.fields.shippingDate')}
            </SortHeader>
            <SortHeader sortKey="costs" rowSpan={2} align="right" {...header}>
              {translate(`${MATRIX}.costs`)}
            </SortHeader>
            <TableCell rowSpan={2} align="right">
              {translate(`${MATRIX}.revisions`)}
            </TableCell>
            {canAward ? <TableCell rowSpan={2}>{translate(`${MATRIX}.actions`)}</TableCell> : null}
          </TableRow>
          <TableRow>
            {groups.flatMap((group) =>
              group.quantities.map((quantity) => (
                <SortHeader key={cellKey(group.id, quantity)} sortKey={`cell:${cellKey(group.id, quantity)}`} align="right" {...header}>
                  {translate(`${MATRIX}.pieces`, { quantity: formatQuantity(quantity, locale) })}
                </SortHeader>
              )),
            )}
            {products.flatMap((product) =>
              product.quantities.map((quantity) => (
                <SortHeader key={productKey(product.productId, quantity)} sortKey={`product:${productKey(product.productId, quantity)}`} align="right" {...header}>
                  {translate(`${MATRIX}.pieces`, { quantity: formatQuantity(quantity, locale) })}
                </SortHeader>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => {
            const { offer } = row;
            return (
              <TableRow key={offer.id} data-testid="offer-row" data-supplier={offer.supplierName} data-trophy={offer.trophy ? 'true' : 'false'} sx={offer.trophy ? TROPHY_ROW : undefined}>
                <TableCell sx={{ ...STICKY, minWidth: 160 }}>
                  <Tooltip title={translate(`${MATRIX}.details`)} describeChild>
                    <Link component="button" type="button" variant="body2" onClick={() => onDetails(offer.id)} sx={{ textAlign: 'left', fontWeight: 600 }}>
                      {offer.supplierName}
                    </Link>
                  </Tooltip>
                  {row.awards.length > 0 ? (
                    <Box>
                      <Chip size="small" color="success" variant="outlined" label={translate(`${MATRIX}.awarded_lines`, { smart_count: row.awards.length })} data-testid="row-awarded" />
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell>
                  <RatingCell row={row} />
                </TableCell>
                {groups.flatMap((group) => group.quantities.map((quantity) => <PriceCell key={cellKey(group.id, quantity)} cell={row.cells[cellKey(group.id, quantity)]} />))}
                {products.flatMap((product) =>
                  product.quantities.map((quantity) => (
                    <ProductTotalCell key={productKey(product.productId, quantity)} total={row.totals[productKey(product.productId, quantity)]} label={totalLabel(product, quantity)} />
                  )),
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {offer.leadTimeDays === null || offer.leadTimeDays === undefined ? EMPTY_VALUE : translate('resources.supplier-offers.days', { smart_count: offer.leadTimeDays })}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(offer.shippingDate, locale)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate(`${MATRIX}.costs_detail`, { packaging: money(offer.packagingCost), shipping: money(offer.shippingCost), customs: money(offer.customsCost) })} describeChild>
                    <span tabIndex={0}>{money(row.costs)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right">{offer.revisions}</TableCell>
                {canAward ? (
                  <TableCell>
                    <AwardButtons row={row} allAwards={allAwards} />
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
};
