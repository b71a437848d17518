import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Collapse,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ReactNode, useEffect, useMemo, useState } from 'react';
import { Button, RaRecord, SortPayload, useCanAccess, useGetList, useInfiniteGetList, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { PurchaseRequestAward, PurchaseRequestProduct, SupplierOfferRating } from '../api/contracts';
import { formatDateTime, formatQuantity } from '../shared/format';
import { useTimeZone } from '../shared/useTimeZone';
import { SectionHeading } from '../shared/SectionHeading';
import { TextDialog } from '../shared/TextDialog';
import { useNotifyError } from '../shared/useErrorNotice';
import { ExactMoney } from '../shared/ExactMoney';
import { useCurrency } from '../shared/useCurrency';
import { DateText, MoneyText, QuantityText, StatusChip } from '../shared/values';
import { AwardList, useCanAward } from './OfferAwards';
import { OfferMatrix } from './OfferMatrix';
import { askedLines, AskedLine, columnGroups, MatrixRow, matrixRows, ProductColumn, productColumns, productKey, sortRows } from './offer-matrix';
import { PurchaseRequestPage } from './PurchaseRequestPage';
import {
  PurchaseRequestRecord,
  QuestionRecord,
  REMINDER_PREFIX,
  RequestOperationRecord,
  RequestPartRecord,
  SupplierOfferPriceRecord,
  SupplierOfferRecord,
} from './purchase-request-record';
import { RatingLegend } from './RatingLegend';

const ALL = { page: 1, perPage: 1000 };
/** While an offer waits for its rating (the job runs after each submit), the tab asks again this often. */
const RATING_POLL_MS = 5000;

/**
 * Every row of a list, a page of 1000 (the API's most) at a time: a request of many suppliers, lines
 * and quantities has more ratings than one page holds.
 */
function useAllRows<T extends RaRecord>(resource: string, filter: object, sort: SortPayload, options: { enabled: boolean; refetchInterval?: number | false }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending } = useInfiniteGetList<T>(resource, { filter, sort, pagination: ALL }, options);
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  return { rows, isPending: isPending || Boolean(hasNextPage) };
}

/**
 * The request's lines (operations and parts) at the pieces asked, in the order the supplier's page lists
 * them, and the requested products with their lines (the landed totals per product).
 */
function useAskedLines(requestId: string | undefined): { lines: AskedLine[]; products: ProductColumn[]; isPending: boolean } {
  const enabled = Boolean(requestId);
  const filter = { filter: { purchaseRequestId: requestId }, pagination: ALL };
  const products = useGetList<PurchaseRequestProduct & { id: string }>('purchase-request-products', filter, { enabled });
  const operations = useGetList<RequestOperationRecord & { id: string }>('purchase-request-operations', filter, { enabled });
  const parts = useGetList<RequestPartRecord & { id: string }>('purchase-request-parts', filter, { enabled });
  const lines = useMemo(() => askedLines(products.data ?? [], operations.data ?? [], parts.data ?? []), [products.data, operations.data, parts.data]);
  const columns = useMemo(() => productColumns(products.data ?? [], lines), [products.data, lines]);
  return { lines, products: columns, isPending: products.isPending || operations.isPending || parts.isPending };
}

const Figure = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(label)}
      </Typography>
      {children}
    </Box>
  );
};

/** The unit price per line and tier of one offer, with what the tier costs in total. */
const OfferPrices = ({ offer, lineNames }: { offer: SupplierOfferRecord; lineNames: Map<string, string> }) => {
  const translate = useTranslate();
  const { data: prices } = useGetList<SupplierOfferPriceRecord>('supplier-offer-prices', { filter: { supplierOfferId: offer.id }, pagination: ALL, sort: { field: 'quantity', order: 'ASC' } });
  if (!prices) return null;
  const lineOf = (price: SupplierOfferPriceRecord) => String(price.purchaseRequestOperationId ?? price.purchaseRequestPartId ?? '');
  const sorted = [...prices].sort((a, b) => (lineNames.get(lineOf(a)) ?? '').localeCompare(lineNames.get(lineOf(b)) ?? '') || Number(a.quantity) - Number(b.quantity));
  const field = (name: string) => translate(`resources.supplier-offer-prices.fields.${name}`);
  return (
    <Table size="small" aria-label={translate('resources.supplier-offer-prices.name', { smart_count: 2 })}>
      <TableHead>
        <TableRow>
          <TableCell>{field('line')}</TableCell>
          <TableCell align="right">{field('quantity')}</TableCell>
          <TableCell align="right">{field('unitPrice')}</TableCell>
          <TableCell align="right">{field('total')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sorted.map((price) => (
          <TableRow key={price.id}>
            <TableCell>{lineNames.get(lineOf(price)) ?? '--'}</TableCell>
            <TableCell align="right">
              <QuantityText value={price.quantity} />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={price.unitPrice} unitPrice />
            </TableCell>
            <TableCell align="right">
              <MoneyText value={Number(price.unitPrice) * Number(price.quantity)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Shipping, costs and lead time of one revision. */
const OfferFigures = ({ offer }: { offer: SupplierOfferRecord }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, my: 1 }}>
      <Figure label="resources.supplier-offers.fields.submittedAt">
        <DateText value={offer.submittedAt} withTime />
      </Figure>
      <Figure label="resources.supplier-offers.fields.shippingDate">
        <DateText value={offer.shippingDate} />
      </Figure>
      <Figure label="resources.supplier-offers.fields.leadTimeDays">
        <Typography variant="body2">{offer.leadTimeDays === null || offer.leadTimeDays === undefined ? '--' : translate('resources.supplier-offers.days', { smart_count: offer.leadTimeDays })}</Typography>
      </Figure>
      <Figure label="resources.supplier-offers.fields.packagingCost">
        <MoneyText value={offer.packagingCost} />
      </Figure>
      <Figure label="resources.supplier-offers.fields.shippingCost">
        <MoneyText value={offer.shippingCost} />
      </Figure>
      <Figure label="resources.supplier-offers.fields.customsCost">
        <MoneyText value={offer.customsCost} />
      </Figure>
      {offer.additionalInformation ? (
        <Figure label="resources.supplier-offers.fields.additionalInformation">
          <Typography variant="body2">{offer.additionalInformation}</Typography>
        </Figure>
      ) : null}
    </Stack>
  );
};

/** The revisions before the latest, newest first; loaded when opened. */
const OlderRevisions = ({ offer, lineNames }: { offer: SupplierOfferRecord; lineNames: Map<string, string> }) => {
  const translate = useTranslate();
  const { data } = useGetList<SupplierOfferRecord>('supplier-offers', {
    filter: { purchaseRequestId: offer.purchaseRequestId, supplierId: offer.supplierId },
    pagination: ALL,
    sort: { field: 'revision', order: 'DESC' },
  });
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {(data ?? [])
        .filter((revision) => revision.id !== offer.id)
        .map((revision) => (
          <Box key={revision.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }} data-testid="older-revision">
            <Typography variant="subtitle2">{translate('resources.supplier-offers.revision', { revision: revision.revision })}</Typography>
            <OfferFigures offer={revision} />
            <OfferPrices offer={revision} lineNames={lineNames} />
          </Box>
        ))}
    </Stack>
  );
};

/**
 * The supplier's landed total per requested product and quantity, as the matrix
 * shows it, the lowest of all offers marked.
 */
const OfferProductTotals = ({ row, products }: { row: MatrixRow; products: readonly ProductColumn[] }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (products.length === 0) return null;
  const matrix = 'resources.supplier-offers.matrix';
  return (
    <Table size="small" aria-label={translate(`${matrix}.products_title`)} data-testid="offer-product-totals" sx={{ mb: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(`${matrix}.products_title`)}</TableCell>
          <TableCell align="right">{translate('resources.supplier-offer-prices.fields.quantity')}</TableCell>
          <TableCell align="right">{translate('resources.supplier-offer-prices.fields.total')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {products.flatMap((product) =>
          product.quantities.map((quantity) => {
            const total = row.totals[productKey(product.productId, quantity)];
            return (
              <TableRow key={productKey(product.productId, quantity)} data-testid="offer-product-total" data-best={total?.best ? 'true' : 'false'}>
                <TableCell>{product.name}</TableCell>
                <TableCell align="right">{translate(`${matrix}.pieces`, { quantity: formatQuantity(quantity, locale) })}</TableCell>
                <TableCell align="right" sx={{ fontWeight: total?.best ? 700 : 400, whiteSpace: 'nowrap' }}>
                  {total && total.total !== null ? (
                    <>
                      <ExactMoney value={total.total} />
                      {total.best ? ` · ${translate(`${matrix}.best`)}` : ''}
                    </>
                  ) : total && total.linesPriced > 0 ? (
                    translate(`${matrix}.product_total_lines`, { priced: total.linesPriced, asked: total.linesAsked })
                  ) : (
                    '--'
                  )}
                </TableCell>
              </TableRow>
            );
          }),
        )}
      </TableBody>
    </Table>
  );
};

/** The offer's details: figures, landed totals per product, prices and revisions; a trophy offer has a green border, as its matrix row. */
const OfferCard = ({ offer, lineNames, row, products }: { offer: SupplierOfferRecord; lineNames: Map<string, string>; row: MatrixRow | undefined; products: readonly ProductColumn[] }) => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={offer.supplierName}
      data-testid="supplier-offer"
      data-trophy={offer.trophy ? 'true' : 'false'}
      id={offerAnchor(offer.id)}
      tabIndex={-1}
      sx={offer.trophy ? { borderWidth: 2, borderColor: 'success.main' } : undefined}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {offer.supplierName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.supplier-offers.revision_of', { revision: offer.revision, smart_count: offer.revisions })}
          </Typography>
        </Stack>
        <OfferFigures offer={offer} />
        {row ? <OfferProductTotals row={row} products={products} /> : null}
        <OfferPrices offer={offer} lineNames={lineNames} />
        {offer.revisions > 1 ? (
          <>
            <Button
              label={expanded ? 'resources.supplier-offers.hide_revisions' : 'resources.supplier-offers.show_revisions'}
              onClick={() => setExpanded(!expanded)}
              aria-expanded={expanded}
              sx={{ mt: 1 }}
            >
              {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </Button>
            <Collapse in={expanded} unmountOnExit>
              <OlderRevisions offer={offer} lineNames={lineNames} />
            </Collapse>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};

/** Answering mails the supplier and shows the answer on its page. */
const AnswerButton = ({ question }: { question: QuestionRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'purchase-request-questions', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState(question.answer ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate();
  if (!canAccess) return null;
  const save = () => {
    if (!answer.trim()) {
      setProblem(translate('resources.purchase-request-questions.answer_required'));
      return;
    }
    update(
      'purchase-request-questions',
      { id: question.id, data: { answer: answer.trim() }, previousData: question },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.purchase-request-questions.answered', { type: 'success' });
          refresh();
        },
        onError: (error) => notifyError(error, 'fabquote.errors.save_failed'),
      },
    );
  };
  return (
    <>
      <Button label={question.answer ? 'resources.purchase-request-questions.change_answer' : 'resources.purchase-request-questions.answer'} onClick={() => setOpen(true)}>
        <QuestionAnswerIcon />
      </Button>
      <TextDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate('resources.purchase-request-questions.answer_title', { name: question.supplierName })}
        intro={<Typography sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>{question.question}</Typography>}
        label={translate('resources.purchase-request-questions.fields.answer')}
        value={answer}
        onChange={(value) => {
          setAnswer(value);
          setProblem(null);
        }}
        problem={problem}
        actions={
          <>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <Button label="resources.purchase-request-questions.send_answer" variant="contained" disabled={isPending} onClick={save} />
          </>
        }
      />
    </>
  );
};

const Questions = ({ requestId }: { requestId: string }) => {
  const translate = useTranslate();
  const { data } = useGetList<QuestionRecord>('purchase-request-questions', { filter: { purchaseRequestId: requestId }, pagination: ALL, sort: { field: 'askedAt', order: 'DESC' } });
  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate('resources.purchase-request-questions.name', { smart_count: 2 })} data-testid="request-questions">
      <SectionHeading title={translate('resources.purchase-request-questions.name', { smart_count: 2 })} description={translate('resources.purchase-request-questions.description')} />
      {data && data.length > 0 ? (
        <Stack spacing={1}>
          {data.map((question) => (
            <Card key={question.id} variant="outlined" data-testid="request-question">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2">
                    {question.supplierName} · <DateText value={question.askedAt} withTime />
                  </Typography>
                  <AnswerButton question={question} />
                </Stack>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{question.question}</Typography>
                {question.answer ? (
                  <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                    {translate('resources.purchase-request-questions.fields.answer')} (<DateText value={question.answeredAt} withTime />): {question.answer}
                  </Typography>
                ) : (
                  <Typography color="warning.main" variant="body2" sx={{ mt: 1 }}>
                    {translate('resources.purchase-request-questions.unanswered')}
                  </Typography>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.purchase-request-questions.none')}
        </Typography>
      )}
    </Box>
  );
};

/** The id of an offer's card, which the matrix's supplier names scroll to. */
const offerAnchor = (offerId: string) => `offer-${offerId}`;

const showDetails = (offerId: string) => {
  const card = document.getElementById(offerAnchor(offerId));
  card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card?.focus({ preventScroll: true });
};

/** The deadline and the reminders at a glance; a closed request says it is "Closed" and how to reopen it. */
const Schedule = ({ request }: { request: PurchaseRequestRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  const reminders = translate(`${REMINDER_PREFIX}.${request.reminderFrequency ?? 'none'}`);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="request-schedule">
      <StatusChip kind="purchase_request" status={request.status} />
      <Typography variant="body2" color="text.secondary">
        {translate('resources.purchase-requests.schedule', { deadline: formatDateTime(request.closeSubmissionDeadline, locale, timeZone), reminders })}
      </Typography>
    </Stack>
  );
};

const BY_POSITION: SortPayload = { field: 'position', order: 'ASC' };
const BY_QUANTITY: SortPayload = { field: 'quantity', order: 'ASC' };

const Offers = () => {
  const request = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const canAward = useCanAward();
  const requestId = request?.id ? String(request.id) : undefined;
  const enabled = Boolean(requestId);
  const { lines, products, isPending: linesPending } = useAskedLines(requestId);
  const currency = useCurrency();
  const lineNames = useMemo(() => new Map(lines.map((line) => [line.id, line.name])), [lines]);
  const [waiting, setWaiting] = useState(false);
  const poll = waiting ? RATING_POLL_MS : false;
  const { data: offers, isPending: offersPending } = useGetList<SupplierOfferRecord>(
    'supplier-offers',
    { filter: { purchaseRequestId: requestId, latest: true }, pagination: ALL, sort: { field: 'submittedAt', order: 'DESC' } },
    { enabled, refetchInterval: poll },
  );
  const ratings = useAllRows<SupplierOfferRating>('supplier-offer-ratings', { purchaseRequestId: requestId }, BY_POSITION, { enabled, refetchInterval: poll });
  const prices = useAllRows<SupplierOfferPriceRecord>('supplier-offer-prices', { purchaseRequestId: requestId }, BY_QUANTITY, { enabled, refetchInterval: poll });
  const { data: awards } = useGetList<PurchaseRequestAward>(
    'purchase-request-awards',
    { filter: { purchaseRequestId: requestId, active: true }, pagination: ALL, sort: { field: 'awardedAt', order: 'ASC' } },
    { enabled },
  );
  const unrated = (offers ?? []).some((offer) => offer.stars === null || offer.stars === undefined);
  useEffect(() => setWaiting(unrated), [unrated]);
  const rows = useMemo(() => matrixRows(offers ?? [], lines, ratings.rows, prices.rows, awards ?? [], products), [offers, lines, ratings.rows, prices.rows, awards, products]);
  // The cards in the matrix's first order (the rating's rank), not by arrival.
  const ranked = useMemo(() => sortRows(rows, { key: 'rank', order: 'asc' }), [rows]);
  const groups = useMemo(() => columnGroups(lines), [lines]);
  if (!request) return null;
  const loading = offersPending || linesPending || ratings.isPending || prices.isPending;
  const weights = offers?.find((offer) => offer.rating)?.rating?.weights;
  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <Schedule request={request} />
      <SectionHeading title={translate('resources.supplier-offers.matrix.title')} description={translate('resources.supplier-offers.matrix.description')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="offers-currency">
        {translate('resources.supplier-offers.matrix.currency', { currency })}
      </Typography>
      <RatingLegend weights={weights} />
      {loading ? (
        <Box role="status" aria-live="polite" data-testid="offers-loading" sx={{ py: 2 }}>
          <LinearProgress aria-label={translate('resources.supplier-offers.matrix.loading')} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('resources.supplier-offers.matrix.loading')}
          </Typography>
        </Box>
      ) : offers && offers.length > 0 ? (
        <>
          {unrated ? (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('resources.supplier-offers.matrix.rating_pending')}
            </Alert>
          ) : null}
          <OfferMatrix rows={rows} groups={groups} products={products} allAwards={awards ?? []} canAward={canAward} onDetails={showDetails} />
          <AwardList awards={awards ?? []} />
          <Box component="section" sx={{ mt: 3 }} aria-label={translate('resources.supplier-offers.name', { smart_count: 2 })}>
            <SectionHeading title={translate('resources.supplier-offers.name', { smart_count: 2 })} description={translate('resources.supplier-offers.description')} />
            <Stack spacing={2}>
              {ranked.map((row) => (
                <OfferCard key={row.offer.id} offer={row.offer as SupplierOfferRecord} lineNames={lineNames} row={row} products={products} />
              ))}
            </Stack>
          </Box>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="offers-empty">
          {translate('resources.supplier-offers.none')}
        </Typography>
      )}
      <Questions requestId={String(request.id)} />
    </Box>
  );
};

/** /purchase-requests/:id/offers: the comparison matrix with the legend and the awards, each supplier's latest offer with its older revisions, and the suppliers' questions. */
export const PurchaseRequestOffers = () => (
  <PurchaseRequestPage>
    <Offers />
  </PurchaseRequestPage>
);
