import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import {
  Box,
  Card,
  CardContent,
  Collapse,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ReactNode, useState } from 'react';
import { Button, useCanAccess, useGetList, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { SectionHeading } from '../shared/SectionHeading';
import { TextDialog } from '../shared/TextDialog';
import { useNotifyError } from '../shared/useErrorNotice';
import { DateText, MoneyText, QuantityText } from '../shared/values';
import { PurchaseRequestPage } from './PurchaseRequestPage';
import {
  PurchaseRequestRecord,
  QuestionRecord,
  RequestOperationRecord,
  RequestPartRecord,
  SupplierOfferPriceRecord,
  SupplierOfferRecord,
} from './purchase-request-record';

const ALL = { page: 1, perPage: 1000 };

/** What each line asked is called on an offer: "Bracket 90 – Powder coating". */
function useLineNames(requestId: string | undefined): Map<string, string> {
  const enabled = Boolean(requestId);
  const { data: operations } = useGetList<RequestOperationRecord & { id: string }>('purchase-request-operations', { filter: { purchaseRequestId: requestId }, pagination: ALL }, { enabled });
  const { data: parts } = useGetList<RequestPartRecord & { id: string }>('purchase-request-parts', { filter: { purchaseRequestId: requestId }, pagination: ALL }, { enabled });
  const names = new Map<string, string>();
  for (const line of operations ?? []) names.set(line.id, `${line.productName} – ${line.operationName ?? '--'}`);
  for (const line of parts ?? []) names.set(line.id, `${line.productName} – ${line.partName ?? '--'}${line.partNumber ? ` (${line.partNumber})` : ''}`);
  return names;
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

const OfferCard = ({ offer, lineNames }: { offer: SupplierOfferRecord; lineNames: Map<string, string> }) => {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  return (
    <Card variant="outlined" component="article" aria-label={offer.supplierName} data-testid="supplier-offer">
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

const Offers = () => {
  const request = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const lineNames = useLineNames(request?.id);
  const { data: offers } = useGetList<SupplierOfferRecord>(
    'supplier-offers',
    { filter: { purchaseRequestId: request?.id, latest: true }, pagination: ALL, sort: { field: 'submittedAt', order: 'DESC' } },
    { enabled: Boolean(request?.id) },
  );
  if (!request) return null;
  return (
    <Box sx={{ p: 2 }}>
      <SectionHeading title={translate('resources.supplier-offers.name', { smart_count: 2 })} description={translate('resources.supplier-offers.description')} />
      {offers && offers.length > 0 ? (
        <Stack spacing={2}>
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} lineNames={lineNames} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.supplier-offers.none')}
        </Typography>
      )}
      <Questions requestId={String(request.id)} />
    </Box>
  );
};

/** /purchase-requests/:id/offers: each supplier's latest offer, its older revisions, and the suppliers' questions. */
export const PurchaseRequestOffers = () => (
  <PurchaseRequestPage>
    <Offers />
  </PurchaseRequestPage>
);
