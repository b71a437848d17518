import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { FormEvent, ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { API_URL } from '../api/http-client';
import { PublicApiError } from '../shared/public-api';
import { offerCall } from './offer-api';
import {
  hasDiscount,
  OfferLanguage,
  offerDate,
  offerDateTime,
  offerLanguage,
  offerMoney,
  OfferPage,
  offerPercent,
  offerQuantity,
  offerText,
  OfferTextKey,
  pdfLink,
} from './offer-page';

type Load = { state: 'loading' } | { state: 'missing'; message: string } | { state: 'failed'; message: string } | { state: 'ready'; page: OfferPage };
type Line = OfferPage['lines'][number];
type Question = OfferPage['questions'][number];

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Box component="section" aria-label={title} sx={{ mt: 3 }} data-testid={testId}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The neutral answer to any link that does not open an offer: it says nothing about why. */
const NotFound = ({ language }: { language: OfferLanguage }) => (
  <Container maxWidth="sm" sx={{ py: 6 }} data-testid="offer-page-not-found">
    <Typography variant="h5" component="h1" gutterBottom>
      {offerText(language, 'not_found_title')}
    </Typography>
    <Typography gutterBottom>{offerText(language, 'not_found')}</Typography>
    <Typography color="text.secondary">{offerText(language, 'not_found_help')}</Typography>
  </Container>
);

/**
 * A dialog with typed text asks before it closes (Escape, a click beside it, Cancel), in the page's language: the
 * console's `useGuardedClose` rule, for a page outside react-admin's forms and language.
 */
function useTypedGuard(language: OfferLanguage, typed: boolean, close: () => void) {
  return useCallback(() => {
    if (typed && !window.confirm(language === 'de' ? 'Ihre Eingaben gehen verloren. Trotzdem schließen?' : 'What you typed will be lost. Close anyway?')) return;
    close();
  }, [language, typed, close]);
}

const Letterhead = ({ page }: { page: OfferPage }) => {
  const { organization } = page;
  const reach = [organization.phone, organization.email, organization.website].filter(Boolean).join(' · ');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} data-testid="offer-letterhead">
      {organization.logo ? <Box component="img" src={organization.logo} alt={organization.name} sx={{ maxWidth: 170, maxHeight: 60, objectFit: 'contain' }} /> : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {organization.name}
        </Typography>
        {organization.addressLines.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {organization.addressLines.join(', ')}
          </Typography>
        ) : null}
        {reach ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {reach}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
};

const Lines = ({ page, language }: { page: OfferPage; language: OfferLanguage }) => {
  const t = (key: OfferTextKey) => offerText(language, key);
  const money = (value: string | null) => offerMoney(value, language, page.offer.currency);
  const described = (line: Line) => (line.productNumber ? `${line.name} (${line.productNumber})` : line.name);
  return (
    <Section title={t('lines')} testId="offer-lines">
      {/* From the medium breakpoint a table; a phone gets a card per line, so nothing scrolls sideways. */}
      <Table size="small" sx={{ display: { xs: 'none', md: 'table' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('position')}</TableCell>
            <TableCell>{t('description')}</TableCell>
            <TableCell align="right">{t('quantity')}</TableCell>
            <TableCell align="right">{t('unit_price')}</TableCell>
            <TableCell align="right">{t('discount')}</TableCell>
            <TableCell align="right">{t('line_total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {page.lines.map((line, index) =>
            line.kind === 'text' ? (
              <TableRow key={index}>
                <TableCell colSpan={6} sx={{ fontWeight: 600 }}>
                  {line.name}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={index} data-testid="offer-line">
                <TableCell>{line.position}</TableCell>
                <TableCell>{described(line)}</TableCell>
                <TableCell align="right">{offerQuantity(line.quantity, language, line.unit)}</TableCell>
                <TableCell align="right">{money(line.unitPrice)}</TableCell>
                <TableCell align="right">{hasDiscount(line.discountPercent) ? offerPercent(line.discountPercent, language) : ''}</TableCell>
                <TableCell align="right">{money(line.lineTotal)}</TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
      <Stack spacing={1} sx={{ display: { xs: 'flex', md: 'none' } }}>
        {page.lines.map((line, index) =>
          line.kind === 'text' ? (
            <Typography key={index} sx={{ fontWeight: 600, pt: 1 }}>
              {line.name}
            </Typography>
          ) : (
            <Card key={index} variant="outlined" data-testid="offer-line-card">
              <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {line.position}. {described(line)}
                </Typography>
                <Typography variant="body2">
                  {offerQuantity(line.quantity, language, line.unit)} × {money(line.unitPrice)}
                  {hasDiscount(line.discountPercent) ? ` − ${offerPercent(line.discountPercent, language)}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
                  {money(line.lineTotal)}
                </Typography>
              </CardContent>
            </Card>
          ),
        )}
      </Stack>
    </Section>
  );
};

const Totals = ({ page, language }: { page: OfferPage; language: OfferLanguage }) => {
  const money = (value: string | null) => offerMoney(value, language, page.offer.currency);
  const { totals } = page;
  const rows: Array<[string, string, boolean]> = [
    [offerText(language, 'value_of_goods'), money(totals.valueOfGoods), false],
    ...(hasDiscount(totals.commissionPercent)
      ? [[offerText(language, 'commission', { percent: offerPercent(totals.commissionPercent, language) }), money(totals.commission), false] as [string, string, boolean]]
      : []),
    [offerText(language, 'subtotal'), money(totals.subtotal), false],
    [offerText(language, 'vat', { percent: offerPercent(totals.vatRate, language) }), money(totals.vatAmount), false],
    [offerText(language, 'total_with_vat'), money(totals.totalWithVat), true],
  ];
  return (
    <Box sx={{ mt: 2, ml: { md: 'auto' }, maxWidth: { md: 420 } }} data-testid="offer-totals">
      {rows.map(([label, value, strong]) => (
        <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', py: 0.5, ...(strong ? { borderTop: 1, borderColor: 'divider', fontWeight: 700 } : {}) }}>
          <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
          <Typography sx={{ fontWeight: strong ? 700 : 400 }} data-testid={strong ? 'offer-total' : undefined}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Box>
  );
};

const Terms = ({ page, language }: { page: OfferPage; language: OfferLanguage }) => {
  const { terms } = page;
  const rows: Array<[OfferTextKey, string | null]> = [
    ['payment_terms', terms.paymentTerms],
    ['shipping_terms', terms.shippingTerms],
    ['shipping_method', terms.shippingMethod],
    ['shipping_date', terms.shippingDate ? offerDate(terms.shippingDate, language) : null],
    ['shipping_days', terms.shippingDays !== null ? offerText(language, 'shipping_days_value', { days: terms.shippingDays }) : null],
    ['validity', terms.validUntil ? offerText(language, 'valid_until', { date: offerDate(terms.validUntil, language) }) : null],
  ];
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <Section title={offerText(language, 'terms')} testId="offer-terms">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
        {shown.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {offerText(language, key)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
};

interface DialogProps {
  page: OfferPage;
  language: OfferLanguage;
  open: boolean;
  onClose: () => void;
  onDone: (page: OfferPage, message: string) => void;
  call: (path: string, body: object) => Promise<OfferPage & { message: string }>;
}

/** Accept: who accepts (required), their order number and a note. */
/** What the customer writes in their own words (a reason, a question): up to 2,000 characters, the problem under it. */
const WrittenText = ({ label, value, minRows, problem, testId, onChange }: { label: string; value: string; minRows: number; problem: string | null; testId: string; onChange: (text: string) => void }) => (
  <TextField
    fullWidth
    multiline
    minRows={minRows}
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    error={Boolean(problem)}
    helperText={problem ?? ' '}
    slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': testId } }}
  />
);

const AcceptDialog = ({ page, language, open, onClose, onDone, call }: DialogProps) => {
  const t = (key: OfferTextKey, values?: Record<string, string | number>) => offerText(language, key, values);
  const titleId = useId();
  const [form, setForm] = useState({ name: '', customerOrderNumber: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const typed = Boolean(form.name || form.customerOrderNumber || form.note);
  const close = useTypedGuard(language, typed && !sending, onClose);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return setErrors({ name: t('required') });
    setSending(true);
    try {
      const answer = await call('accept', { name: form.name, customerOrderNumber: form.customerOrderNumber || null, note: form.note || null });
      onDone(answer, answer.message);
    } catch (error) {
      if (error instanceof PublicApiError) {
        setErrors(error.fields);
        setProblem(Object.keys(error.fields).length > 0 ? null : error.message);
      } else setProblem(t('request_failed'));
    } finally {
      setSending(false);
    }
  };
  const field = (name: keyof typeof form, label: OfferTextKey, options: { required?: boolean; multiline?: boolean; maxLength: number }) => (
    <TextField
      fullWidth
      label={t(label)}
      value={form[name]}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      onChange={(event) => {
        setForm({ ...form, [name]: event.target.value });
        setErrors({ ...errors, [name]: '' });
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] || ' '}
      slotProps={{ htmlInput: { maxLength: options.maxLength, 'data-testid': `offer-accept-${name}` } }}
    />
  );
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('accept_title', { number: page.offer.number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('accept_text', { total: offerMoney(page.totals.totalWithVat, language, page.offer.currency) })}</DialogContentText>
          {problem ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          ) : null}
          {field('name', 'name', { required: true, maxLength: 255 })}
          {field('customerOrderNumber', 'order_number', { maxLength: 255 })}
          {field('note', 'note', { multiline: true, maxLength: 2000 })}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={sending} data-testid="offer-accept-confirm">
            {t('confirm_accept')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/** Decline, after a confirmation: the reason if the customer gives one. */
const DeclineDialog = ({ page, language, open, onClose, onDone, call }: DialogProps) => {
  const t = (key: OfferTextKey, values?: Record<string, string | number>) => offerText(language, key, values);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const close = useTypedGuard(language, Boolean(reason) && !sending, onClose);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await call('decline', { reason: reason || null });
      onDone(answer, answer.message);
    } catch (error) {
      setProblem(error instanceof PublicApiError ? (Object.values(error.fields)[0] ?? error.message) : t('request_failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('decline_title', { number: page.offer.number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('decline_text')}</DialogContentText>
          <WrittenText
            label={t('reason')}
            value={reason}
            minRows={3}
            problem={problem}
            testId="offer-decline-reason"
            onChange={(text) => {
              setReason(text);
              setProblem(null);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={sending} data-testid="offer-decline-confirm">
            {t('confirm_decline')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

const Questions = ({ page, language, ask }: { page: OfferPage; language: OfferLanguage; ask: ((question: string) => Promise<void>) | null }) => {
  const t = (key: OfferTextKey, values?: Record<string, string | number>) => offerText(language, key, values);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ask) return;
    if (!question.trim()) return setProblem(t('required'));
    setSending(true);
    try {
      await ask(question);
      setQuestion('');
    } catch (error) {
      setProblem(error instanceof PublicApiError ? (Object.values(error.fields)[0] ?? error.message) : t('request_failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Section title={t('questions')} testId="offer-questions">
      <Stack spacing={1}>
        {page.questions.length === 0 && ask ? <Typography color="text.secondary">{t('no_questions')}</Typography> : null}
        {page.questions.map((item: Question) => (
          <Card key={item.id} variant="outlined" data-testid="offer-question">
            <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
              <Typography variant="caption" color="text.secondary">
                {t('asked_at', { at: offerDateTime(item.askedAt, language, page) })}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.question}</Typography>
              {item.answer ? (
                <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('answer', { at: offerDateTime(item.answeredAt, language, page) })}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="offer-question-answer">
                    {item.answer}
                  </Typography>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('awaiting_answer')}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {ask ? (
        <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
          <WrittenText
            label={t('question')}
            value={question}
            minRows={2}
            problem={problem}
            testId="offer-question-input"
            onChange={(text) => {
              setQuestion(text);
              setProblem(null);
            }}
          />
          <Button type="submit" variant="outlined" disabled={sending} data-testid="offer-question-send">
            {t('ask')}
          </Button>
        </Box>
      ) : null}
    </Section>
  );
};

/**
 * /pub/offers/:id?token=… (public, no sign-in): the offer as its PDF shows it, in the offer's language, with the
 * customer's answer (accept, decline) and questions while it is open, read-only with the reason once it is not.
 * Any link that opens nothing gets the same neutral answer.
 */
export const PublicOfferPage = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  // The offer's language once known; before (and for the neutral "not found"), German for a German browser, else English.
  const language = load.state === 'ready' ? offerLanguage(load.page) : navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
  const path = useCallback((rest = '') => `/pub/offers/${encodeURIComponent(id)}${rest}?token=${encodeURIComponent(token)}`, [id, token]);

  useEffect(() => {
    let current = true;
    offerCall<OfferPage>(navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en', 'GET', path())
      .then((page) => current && setLoad({ state: 'ready', page }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof PublicApiError && error.status === 404) setLoad({ state: 'missing', message: error.message });
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
  }, [path]);

  useEffect(() => {
    if (load.state === 'ready') document.documentElement.lang = language;
  }, [load.state, language]);

  if (load.state === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} aria-label={offerText(language, 'loading')}>
        <CircularProgress />
      </Box>
    );
  }
  if (load.state === 'missing') return <NotFound language={language} />;
  if (load.state === 'failed') {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="error">{load.message}</Alert>
      </Container>
    );
  }
  const { page } = load;
  const t = (key: OfferTextKey, values?: Record<string, string | number>) => offerText(language, key, values);
  const open = page.state === 'open';
  const call = (action: string, body: object) => offerCall<OfferPage & { message: string }>(language, 'POST', path(`/${action}`), body);
  const done = (next: OfferPage, message: string) => {
    setDialog(null);
    setLoad({ state: 'ready', page: next });
    setNotice(message);
  };
  const ask = async (question: string) => {
    const answer = await offerCall<{ message: string }>(language, 'POST', path('/questions'), { question });
    setLoad({ state: 'ready', page: await offerCall<OfferPage>(language, 'GET', path()) });
    setNotice(answer.message);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }} lang={language} data-testid="offer-page">
      <Letterhead page={page} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {t('offer', { number: page.offer.number })}
        {page.offer.name ? `: ${page.offer.name}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          t('date', { date: offerDate(page.offer.date, language) }),
          page.offer.validUntil ? t('valid_until', { date: offerDate(page.offer.validUntil, language) }) : null,
          page.offer.requestNumber ? t('request_number', { number: page.offer.requestNumber }) : null,
          page.offer.customerOrderNumber ? t('customer_order_number', { number: page.offer.customerOrderNumber }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {[page.offer.customer.name, ...page.offer.customer.addressLines].join(', ')}
      </Typography>
      {page.offer.description ? <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{page.offer.description}</Typography> : null}

      {notice ? (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice(null)} data-testid="offer-notice">
          {notice}
        </Alert>
      ) : null}
      {!open ? (
        <Alert severity={page.state === 'accepted' ? 'success' : 'info'} sx={{ mt: 2 }} data-testid="offer-state">
          <Typography>{page.reason}</Typography>
          {page.acceptance ? (
            <Typography variant="body2" data-testid="offer-acceptance">
              {t('accepted_by', { name: page.acceptance.name, at: offerDateTime(page.acceptance.at, language, page) })}
              {page.acceptance.customerOrderNumber ? ` · ${t('customer_order_number', { number: page.acceptance.customerOrderNumber })}` : ''}
            </Typography>
          ) : null}
          {page.declineReason ? <Typography variant="body2">{t('declined_reason', { reason: page.declineReason })}</Typography> : null}
        </Alert>
      ) : null}

      <Lines page={page} language={language} />
      <Totals page={page} language={language} />
      <Terms page={page} language={language} />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
        {open ? (
          <>
            <Button variant="contained" size="large" onClick={() => setDialog('accept')} data-testid="offer-accept">
              {t('accept')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog('decline')} data-testid="offer-decline">
              {t('decline')}
            </Button>
          </>
        ) : null}
        <Button component="a" href={pdfLink(API_URL, page.offer.id, search)} startIcon={<DownloadIcon />} data-testid="offer-pdf">
          {t('download_pdf')}
        </Button>
      </Stack>

      <Questions page={page} language={language} ask={open ? ask : null} />

      {dialog === 'accept' ? <AcceptDialog page={page} language={language} open onClose={() => setDialog(null)} onDone={done} call={call} /> : null}
      {dialog === 'decline' ? <DeclineDialog page={page} language={language} open onClose={() => setDialog(null)} onDone={done} call={call} /> : null}
    </Container>
  );
};
