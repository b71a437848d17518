import DownloadIcon from '@mui/icons-material/Download';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Divider,
  InputAdornment,
  Snackbar,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { FormEvent, ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { LANGUAGE_NAMES } from '../shared/choices';
import { formatDateTime, formatQuantity } from '../shared/format';
import { knownTimeZone } from '../shared/dates';
import { dateNotation, DateTextField, isStoredDate } from '../shared/DateTextField';
import { TextDialog } from '../shared/TextDialog';
import { dropDraft, keepDraft, pageStorage, readDraft } from './offer-draft';
import { PublicApiError } from '../shared/public-api';
import { downloadPageFile, pageCall, pageText, PageTextKey, statusText } from './page-api';
import { initialForm, OfferForm, offerPayload, offerProblems, offerProblemValues, pageLanguage, PageLanguage, relanguageForm, SupplierPage, tierKey, tierOfError } from './supplier-page';

type Load =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'replaced'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'ready'; page: SupplierPage };

/**
 * The organization's time zone: the page shows the deadline and times on its wall clock with the zone
 * named, whatever the supplier's browser says; UTC when the API names none.
 */
const pageTimeZone = (page: SupplierPage) => knownTimeZone(page.organization.timeZone);
/** The organization's currency (ISO 4217): every unit price and cost of the offer is in it. */
const pageCurrency = (page: SupplierPage) => page.organization.currency;

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Box component="section" aria-label={title} sx={{ mt: 3 }} data-testid={testId}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The neutral answer to any link that does not open a page: it says nothing about why. */
const NotAvailable = ({ language, message }: { language: PageLanguage; message: string }) => (
  <Container maxWidth="sm" sx={{ py: 6 }} data-testid="supplier-page-not-found">
    <Typography variant="h5" component="h1" gutterBottom>
      {pageText(language, 'not_found_title')}
    </Typography>
    <Typography gutterBottom>{message}</Typography>
    <Typography color="text.secondary">{pageText(language, 'not_found_help')}</Typography>
  </Container>
);

/** A link replaced by a newer mail, in plain words: where the newer link is, and that what was typed is kept. */
const LinkReplaced = ({ language }: { language: PageLanguage }) => (
  <Container maxWidth="sm" sx={{ py: 6 }} data-testid="supplier-link-replaced">
    <Typography variant="h5" component="h1" gutterBottom>
      {pageText(language, 'link_replaced_title')}
    </Typography>
    <Typography>{pageText(language, 'link_replaced_help')}</Typography>
  </Container>
);

const LanguageSwitch = ({ language, onChange }: { language: PageLanguage; onChange: (language: PageLanguage) => void }) => (
  <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, value: PageLanguage | null) => value && onChange(value)} aria-label={pageText(language, 'language')}>
    {(['en', 'de'] as const).map((option) => (
      <ToggleButton key={option} value={option} lang={option} data-testid={`page-language-${option}`}>
        {LANGUAGE_NAMES[option]}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);

/** An SVG as an image address. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const Products = ({ page, language }: { page: SupplierPage; language: PageLanguage }) => {
  const t = (key: PageTextKey, values?: Record<string, string | number>) => pageText(language, key, values);
  const quantity = (value: unknown, unit?: string, digits?: number) => formatQuantity(value, language, unit, digits);
  return (
    <Section title={t('products')}>
      <Stack spacing={1.5}>
        {page.products.map((product) => (
          <Card key={product.id} variant="outlined" data-testid="supplier-page-product">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {product.name}
                {product.number ? ` (${product.number})` : ''}
              </Typography>
              <Typography variant="body2">{t('quantities', { quantities: product.quantities.map((value) => quantity(value)).join(' / ') })}</Typography>
              {product.preview ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
                  {product.preview.drawing ? (
                    // The API writes the drawing again from numbers only (supplier-page-drawing.ts); as an image it runs and loads nothing.
                    <Box
                      component="img"
                      src={svgDataUrl(product.preview.drawing)}
                      alt={t('preview_drawing', { name: product.name })}
                      data-testid="product-drawing"
                      sx={{ width: { xs: '100%', sm: 200 }, maxHeight: 200, objectFit: 'contain', flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, p: 1, bgcolor: '#fff' }}
                    />
                  ) : null}
                  <Box sx={{ flex: 1, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1 }} data-testid="product-preview">
                    {(
                      [
                        ['preview_material', product.preview.materialName ?? '--'],
                        ['preview_thickness', quantity(product.preview.thickness, 'mm')],
                        ['preview_blank', `${quantity(product.preview.blankWidth)} × ${quantity(product.preview.blankLength, 'mm')}`],
                        ['preview_area', quantity(product.preview.area, 'm²', 4)],
                        ['preview_weight', quantity(product.preview.weightPerUnit, 'kg')],
                        ['preview_contours', quantity(product.preview.contours)],
                        ['preview_holes', quantity(product.preview.holes)],
                        ['preview_bends', quantity(product.preview.bends)],
                      ] as const
                    ).map(([key, value]) => (
                      <Box key={key}>
                        <Typography variant="caption" color="text.secondary" component="p">
                          {t(key)}
                        </Typography>
                        <Typography variant="body2">{value}</Typography>
                      </Box>
                    ))}
                  </Box>
                </Stack>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Section>
  );
};

const Files = ({ page, language, base, token, onError }: { page: SupplierPage; language: PageLanguage; base: string; token: string; onError: (message: string) => void }) => (
  <Section title={pageText(language, 'files')}>
    {page.files.length === 0 ? (
      <Typography color="text.secondary">{pageText(language, 'no_files')}</Typography>
    ) : (
      <Stack spacing={1}>
        {page.files.map((file) => (
          <Stack key={file.id} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.fileName}
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() =>
                downloadPageFile(language, `${base}/files/${encodeURIComponent(file.id)}?token=${encodeURIComponent(token)}`, file.fileName).catch((error: unknown) =>
                  onError(error instanceof Error ? error.message : pageText(language, 'request_failed')),
                )
              }
            >
              {pageText(language, 'download')}
            </Button>
          </Stack>
        ))}
      </Stack>
    )}
  </Section>
);

interface OfferFormProps {
  page: SupplierPage;
  language: PageLanguage;
  base: string;
  token: string;
  onSubmitted: (message: string) => void;
}

/**
 * The offer: a unit price per line and quantity (each tier a row of its own, so a phone shows
 * them one under the other), costs, lead time and the shipping date. Read-only once submission
 * is not allowed. A revision starts from the latest offer.
 */
const Offer = ({ page, language, base, token, onSubmitted }: OfferFormProps) => {
  const t = (key: PageTextKey, values?: Record<string, string | number>) => pageText(language, key, values);
  // What was typed in this browser and not submitted (a page left open over a resend or a reminder,
  // reloaded, or opened with the newer link) comes back; else the latest offer, else nothing (offer-draft.ts).
  const startForm = () => {
    const draft = page.submissionAllowed ? readDraft(pageStorage(), page.request.id, page.supplier.id, page.offer?.submittedAt) : null;
    return { form: draft ? relanguageForm(draft.form, draft.language, language) : initialForm(page.offer, language), restored: draft !== null };
  };
  const [form, setForm] = useState<OfferForm>(() => startForm().form);
  const [restored, setRestored] = useState(() => startForm().restored);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const readOnly = !page.submissionAllowed;
  useEffect(() => {
    const started = startForm();
    setForm(started.form);
    setRestored(started.restored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new offer resets the form; a language switch alone must not.
  }, [page.offer]);
  // Every change is kept in this browser until it is submitted.
  useEffect(() => {
    if (!readOnly) keepDraft(pageStorage(), page.request.id, page.supplier.id, { form, language }, initialForm(page.offer, language));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kept when the form changes; the rest changes with it
  }, [form]);
  // Switching the page's language writes the typed numbers the new way ("12,50" → "12.50"), never reads them differently.
  const formLanguage = useRef(language);
  useEffect(() => {
    setForm((current) => relanguageForm(current, formLanguage.current, language));
    formLanguage.current = language;
  }, [language]);

  const set = (field: keyof Omit<OfferForm, 'prices'>) => (value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
  };
  const setPrice = (key: string, value: string) => {
    setForm((previous) => ({ ...previous, prices: { ...previous.prices, [key]: value } }));
    setProblems(({ [key]: _gone, prices: _none, ...rest }) => rest);
  };
  const problemText = (field: string) => (problems[field] ? problems[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A shipping date typed another way than the page's language writes it is refused naming the notation, never guessed.
    if (form.shippingDate.trim() && !isStoredDate('date', form.shippingDate.trim())) {
      const message = t('date_invalid', { notation: dateNotation('date', language) });
      setProblems((previous) => ({ ...previous, shippingDate: message }));
      setNotice(message);
      return;
    }
    const found = offerProblems(form, language);
    if (Object.keys(found).length > 0) {
      setProblems(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key, offerProblemValues(form, field, language))])));
      const first = found.shippingDate ? 'shippingDate' : found.prices ? 'prices' : Object.keys(found)[0];
      setNotice(t(found[first], offerProblemValues(form, first, language)));
      return;
    }
    const payload = offerPayload(form, page.lines, language);
    setSending(true);
    setNotice(null);
    try {
      const answer = await pageCall<{ message?: string }>(language, 'POST', `${base}/offers?token=${encodeURIComponent(token)}`, payload);
      setProblems({});
      dropDraft(pageStorage(), page.request.id, page.supplier.id);
      setRestored(false);
      onSubmitted(answer?.message ?? t('submitted'));
    } catch (error) {
      if (error instanceof PublicApiError) {
        const mapped: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.fields)) mapped[tierOfError(field, payload) ?? field.split('.')[0]] = message;
        setProblems(mapped);
        // A link replaced since the page opened: the API's plain words, and where what was typed is.
        setNotice(error.status === 410 ? `${error.message}\n${t('link_replaced_help')}` : error.message);
      } else setNotice(t('request_failed'));
    } finally {
      setSending(false);
    }
  };

  const amountInput = (field: 'packagingCost' | 'shippingCost' | 'customsCost' | 'leadTimeDays', key: PageTextKey) => (
    <TextField
      label={t(key)}
      value={form[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={Boolean(problemText(field))}
      helperText={problemText(field) ?? ' '}
      slotProps={{
        htmlInput: { inputMode: field === 'leadTimeDays' ? 'numeric' : 'decimal', readOnly },
        input: field === 'leadTimeDays' ? undefined : { endAdornment: <InputAdornment position="end">{pageCurrency(page)}</InputAdornment> },
      }}
      fullWidth
    />
  );

  return (
    <Section title={t('offer')} testId="supplier-offer-form">
      {readOnly ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="submission-not-allowed">
          <strong>{t('not_allowed')}</strong> {t('not_allowed_help')}
        </Alert>
      ) : null}
      {page.offer ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="offer-revision">
          {t('revision_note', { revision: page.offer.revision, date: formatDateTime(page.offer.submittedAt, language, pageTimeZone(page)) })}
        </Alert>
      ) : null}
      {restored && !readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="offer-draft-restored">
          {t('draft_restored')}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('prices')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('prices_help')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }} data-testid="offer-currency">
          {t('currency_note', { currency: pageCurrency(page) })}
        </Typography>
        {problems.prices ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problems.prices}
          </Alert>
        ) : null}
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          {page.lines.map((line) => (
            <Card key={`${line.kind}:${line.id}`} variant="outlined" data-testid="offer-line">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                  <Chip size="small" variant="outlined" label={t(line.kind === 'operation' ? 'operation' : 'part')} />
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {line.productName} – {line.name}
                    {line.number ? ` (${line.number})` : ''}
                  </Typography>
                </Stack>
                <Stack spacing={1}>
                  {line.quantities.map((quantity) => {
                    const key = tierKey(line.kind, line.id, quantity);
                    const label = t('unit_price_for', { quantity: formatQuantity(quantity, language) });
                    return (
                      <TextField
                        key={key}
                        size="small"
                        label={label}
                        value={form.prices[key] ?? ''}
                        onChange={(event) => setPrice(key, event.target.value)}
                        error={Boolean(problemText(key))}
                        helperText={problemText(key)}
                        slotProps={{ htmlInput: { inputMode: 'decimal', readOnly, 'data-testid': `price-${key}` }, input: { endAdornment: <InputAdornment position="end">{t('per_piece_in', { currency: pageCurrency(page) })}</InputAdornment> } }}
                        fullWidth
                      />
                    );
                  })}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <DateTextField
            kind="date"
            language={language}
            timeZone={pageTimeZone(page)}
            size="medium"
            label={t('shipping_date')}
            required
            value={form.shippingDate}
            onChange={(value) => set('shippingDate')(value ?? '')}
            error={Boolean(problemText('shippingDate'))}
            helperText={problemText('shippingDate') ?? ' '}
            pickLabel={t('pick_date')}
            readOnly={readOnly}
            testId="shipping-date"
            fullWidth
          />
          {amountInput('leadTimeDays', 'lead_time_days')}
          {amountInput('packagingCost', 'packaging_cost')}
          {amountInput('shippingCost', 'shipping_cost')}
          {amountInput('customsCost', 'customs_cost')}
        </Box>
        <TextField
          label={t('additional_information')}
          value={form.additionalInformation}
          onChange={(event) => set('additionalInformation')(event.target.value)}
          error={Boolean(problemText('additionalInformation'))}
          helperText={problemText('additionalInformation') ?? ' '}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 255, readOnly } }}
          fullWidth
        />
        {notice ? (
          <Alert severity="error" sx={{ my: 1, whiteSpace: 'pre-line' }} role="alert">
            {notice}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}>
            {t(page.offer ? 'submit_revision' : 'submit')}
          </Button>
        )}
      </Box>
    </Section>
  );
};

/** Questions asked on this page, with the shop's answers; asking is possible while the page opens. */
const Questions = ({ page, language, base, token, onAsked }: { page: SupplierPage; language: PageLanguage; base: string; token: string; onAsked: (message: string) => void }) => {
  const t = (key: PageTextKey, values?: Record<string, string | number>) => pageText(language, key, values);
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ask = async () => {
    if (!question.trim()) {
      setProblem(t('question_required'));
      return;
    }
    setSending(true);
    try {
      await pageCall(language, 'POST', `${base}/questions?token=${encodeURIComponent(token)}`, { question: question.trim() });
      setOpen(false);
      setQuestion('');
      onAsked(t('question_sent'));
    } catch (error) {
      setProblem(error instanceof PublicApiError ? (error.fields.question ?? error.message) : t('request_failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Section title={t('questions')} testId="supplier-questions">
      <Button variant="outlined" startIcon={<HelpOutlineIcon />} onClick={() => setOpen(true)} sx={{ mb: 1 }}>
        {t('ask')}
      </Button>
      {page.questions.length === 0 ? (
        <Typography color="text.secondary">{t('no_questions')}</Typography>
      ) : (
        <Stack spacing={1}>
          {page.questions.map((item) => (
            <Card key={item.id} variant="outlined" data-testid="supplier-question">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography variant="caption" color="text.secondary">
                  {t('asked_at', { date: formatDateTime(item.askedAt, language, pageTimeZone(page)) })}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.question}</Typography>
                <Divider sx={{ my: 1 }} />
                {item.answer ? (
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <strong>{t('answer')}:</strong> {item.answer}
                  </Typography>
                ) : (
                  <Typography color="text.secondary">{t('waiting_answer')}</Typography>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <TextDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('ask_title')}
        label={t('question')}
        value={question}
        onChange={(value) => {
          setQuestion(value);
          setProblem(null);
        }}
        problem={problem}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
            <Button variant="contained" onClick={ask} disabled={sending}>
              {t('send_question')}
            </Button>
          </>
        }
      />
    </Section>
  );
};

/**
 * /pub/purchase-requests/:id/:supplierId?token=… (docs/product.md §2, public, no sign-in): the request as
 * the supplier sees it, its offer form and its questions, in the supplier's language. Any link that
 * does not open a page gets the same neutral answer.
 */
export const PublicPurchaseRequestPage = () => {
  const { id = '', supplierId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const requested = search.get('lang');
  const [chosen, setChosen] = useState<PageLanguage | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [replaced, setReplaced] = useState(false);
  const [toast, setToast] = useState<{ message: string; severity: 'success' | 'error' } | null>(null);
  const base = `/pub/purchase-requests/${encodeURIComponent(id)}/${encodeURIComponent(supplierId)}`;
  const language: PageLanguage = chosen ?? pageLanguage(requested, load.state === 'ready' ? load.page.supplier.language : null);

  const reload = useCallback(async () => {
    try {
      const page = await pageCall<SupplierPage>(pageLanguage(requested, null), 'GET', `${base}?token=${encodeURIComponent(token)}`);
      setLoad({ state: 'ready', page });
    } catch (error) {
      if (error instanceof PublicApiError && error.status === 410) {
        // The link was replaced by a newer mail and used up since: a page already shown stays, with what was typed, and says so.
        setLoad((current) => (current.state === 'ready' ? current : { state: 'replaced', message: error.message }));
        setReplaced(true);
      } else if (error instanceof PublicApiError && error.status === 404) setLoad({ state: 'missing', message: error.message });
      else setLoad({ state: 'failed', message: error instanceof Error ? error.message : '' });
    }
  }, [base, token, requested]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    document.documentElement.lang = language;
    if (load.state === 'ready') document.title = `${load.page.request.name} · ${load.page.organization.name}`;
  }, [language, load]);

  if (load.state === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={pageText(language, 'loading')} />
      </Box>
    );
  }
  if (load.state === 'missing') return <NotAvailable language={language} message={pageText(language, 'not_found')} />;
  if (load.state === 'replaced') return <LinkReplaced language={language} />;
  if (load.state === 'failed') return <NotAvailable language={language} message={load.message || pageText(language, 'request_failed')} />;

  const { page } = load;
  const t = (key: PageTextKey, values?: Record<string, string | number>) => pageText(language, key, values);
  const done = (message: string) => {
    setToast({ message, severity: 'success' });
    void reload();
  };
  return (
    <Box component="main" sx={{ bgcolor: 'grey.100', minHeight: '100vh', overflowX: 'hidden' }} lang={language} data-testid="supplier-page">
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="overline" color="primary" data-testid="organization-name">
                  {page.organization.name}
                </Typography>
                <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {page.request.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {page.request.number} · {t('for_supplier', { supplier: page.supplier.name })}
                </Typography>
              </Box>
              <LanguageSwitch language={language} onChange={setChosen} />
            </Stack>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
              <Chip size="small" color={page.request.status === 'open' ? 'success' : 'default'} label={statusText(language, page.request.status)} />
              <Typography variant="body2" data-testid="supplier-page-deadline">
                {t('deadline', { date: formatDateTime(page.request.closeSubmissionDeadline, language, pageTimeZone(page)) })}
              </Typography>
            </Stack>
            {replaced ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="link-replaced">
                <strong>{t('link_replaced_title')}.</strong> {t('link_replaced_help')}
              </Alert>
            ) : null}
            {page.request.additionalInformation ? (
              <Alert severity="info" icon={false} sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <strong>{t('notes_from', { organization: page.organization.name })}</strong> {page.request.additionalInformation}
              </Alert>
            ) : null}
            <Products page={page} language={language} />
            <Files page={page} language={language} base={base} token={token} onError={(message) => setToast({ message, severity: 'error' })} />
            <Offer page={page} language={language} base={base} token={token} onSubmitted={done} />
            <Questions page={page} language={language} base={base} token={token} onAsked={done} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
              {t('footer', { date: formatDateTime(page.request.closeSubmissionDeadline, language, pageTimeZone(page)) })}
            </Typography>
          </CardContent>
        </Card>
      </Container>
      <Snackbar open={Boolean(toast)} autoHideDuration={5000} onClose={() => setToast(null)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity={toast?.severity ?? 'success'} variant="filled" onClose={() => setToast(null)} data-testid="notification" sx={{ width: '100%' }}>
          {toast?.message}
        </Alert>
      </Snackbar>
    </Box>
  );
};
