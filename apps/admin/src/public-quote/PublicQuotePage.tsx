import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Container, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ChangeEvent, FormEvent, ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { QuotePage, QuoteProgress } from '../api/contracts';
import { LANGUAGE_NAMES } from '../shared/choices';
import { formatMoney } from '../shared/format';
import { formatNumber, formatNumberList } from '../shared/numbers';
import { PublicApiError, publicCall } from '../shared/public-api';
import { EMPTY_FORM, pageLanguage, PageLanguage, QuoteForm, quoteFormData, quoteText, QuoteTextKey, readQuoteForm } from './quote-page';

/** A call of the quote page (shared/public-api.ts): failures the API did not word are said in the page's language. */
function quoteCall<T>(language: PageLanguage, method: 'GET' | 'POST', path: string, body?: FormData): Promise<T> {
  return publicCall<T>(language, method, path, body, (status) => quoteText(language, status >= 500 ? 'server_error' : 'request_failed'));
}

type Load<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

const LanguageSwitch = ({ language, onChange }: { language: PageLanguage; onChange: (language: PageLanguage) => void }) => (
  <ToggleButtonGroup size="small" exclusive value={language} onChange={(_, value: PageLanguage | null) => value && onChange(value)} aria-label={quoteText(language, 'language')}>
    {(['en', 'de'] as const).map((option) => (
      <ToggleButton key={option} value={option} lang={option} data-testid={`page-language-${option}`}>
        {LANGUAGE_NAMES[option]}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);

const Frame = ({ language, onLanguage, title, children }: { language: PageLanguage; onLanguage: (language: PageLanguage) => void; title: string; children: ReactNode }) => (
  <Container maxWidth="md" sx={{ py: 4 }} lang={language}>
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <LanguageSwitch language={language} onChange={onLanguage} />
    </Stack>
    {children}
  </Container>
);

const NotAvailable = ({ language }: { language: PageLanguage }) => (
  <Container maxWidth="sm" sx={{ py: 6 }} data-testid="quote-page-not-found">
    <Typography variant="h5" component="h1" gutterBottom>
      {quoteText(language, 'not_found_title')}
    </Typography>
    <Typography color="text.secondary">{quoteText(language, 'not_found_help')}</Typography>
  </Container>
);

const Loading = ({ language }: { language: PageLanguage }) => (
  <Stack sx={{ alignItems: 'center', py: 6 }} aria-label={quoteText(language, 'loading')}>
    <CircularProgress />
  </Stack>
);

/** The language: `?lang=`, else the organization's once the page is read, else English; a switch writes `?lang=`. */
function usePageLanguage(organizationLanguage: string | null | undefined): [PageLanguage, (language: PageLanguage) => void] {
  const [params, setParams] = useSearchParams();
  const language = pageLanguage(params.get('lang'), organizationLanguage);
  const change = useCallback(
    (next: PageLanguage) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('lang', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [language, change];
}

/** The form: who asks, the quantities, material and thickness wishes, a note, the drawings. */
const RequestForm = ({ page, language, onSent }: { page: QuotePage; language: PageLanguage; onSent: (id: string, token: string) => void }) => {
  const t = (key: QuoteTextKey, values?: Record<string, string | number>) => quoteText(language, key, values);
  const [form, setForm] = useState<QuoteForm>(EMPTY_FORM);
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = (name: keyof QuoteForm) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(problems[name]),
    helperText: problems[name],
    name,
    id: `quote-${name}`,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const read = readQuoteForm(form, files, page.limits, language);
    setProblems(read.problems);
    if (!read.payload) return;
    setSending(true);
    try {
      const answer = await quoteCall<{ id: string; token: string }>(language, 'POST', '/pub/quote', quoteFormData(read.payload, files));
      onSent(answer.id, answer.token);
    } catch (error) {
      if (error instanceof PublicApiError) {
        setProblems(error.fields);
        setFailure(error.message);
      } else setFailure(t('request_failed'));
    } finally {
      setSending(false);
    }
  };

  const size = `${formatNumber(page.limits.maxFileBytes / (1024 * 1024), language)} MB`;
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="quote-form">
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('company')} required fullWidth {...field('company')} />
          <TextField label={t('name')} required fullWidth {...field('name')} />
        </Stack>
        <TextField label={t('email')} required type="email" fullWidth {...field('email')} />
        <TextField label={t('quantities')} required fullWidth {...field('quantities')} helperText={problems.quantities ?? t('quantities_help', { example: formatNumberList([10, 50, 1000], language) })} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={t('material')} fullWidth {...field('materialId')}>
            {page.materials.map((material) => (
              <MenuItem key={material.id} value={material.id}>
                {material.name}
                {material.thicknesses.length > 0 ? ` (${material.thicknesses.map((value) => formatNumber(value, language)).join(' / ')} mm)` : ''}
              </MenuItem>
            ))}
            <MenuItem value="other">{t('material_other')}</MenuItem>
          </TextField>
          <TextField label={t('thickness')} fullWidth {...field('thickness')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </Stack>
        {form.materialId === 'other' || form.materialId === '' ? <TextField label={t('material_text')} fullWidth {...field('materialText')} /> : null}
        <TextField label={t('note')} fullWidth multiline minRows={3} {...field('note')} />
        {/* A honeypot: hidden from people (and from assistive technology), filled only by robots. */}
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            {t('website')}
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={form.website} onChange={(event) => setForm((current) => ({ ...current, website: event.target.value }))} />
          </label>
        </Box>
        <Box>
          <Typography variant="subtitle2">{t('files')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('files_help', { count: page.limits.maxFiles, size })}
          </Typography>
          <Button component="label" variant="outlined" sx={{ mt: 1 }}>
            {t('choose_files')}
            <input
              hidden
              type="file"
              multiple
              accept={page.limits.accept.join(',')}
              data-testid="quote-files"
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                setFiles((current) => [...current, ...chosen]);
                event.target.value = '';
              }}
            />
          </Button>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {files.map((file, index) => (
              <Chip key={`${file.name}-${index}`} label={file.name} onDelete={() => setFiles((current) => current.filter((_, at) => at !== index))} aria-label={t('remove_file', { name: file.name })} />
            ))}
          </Stack>
          {problems.files ? (
            <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid="quote-files-problem">
              {problems.files}
            </Typography>
          ) : null}
        </Box>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={sending} data-testid="quote-send">
            {sending ? t('sending') : t('send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

/** Each drawing as it is read: its indicative prices at the stated quantities, or why staff will price it. */
const Progress = ({ progress, language }: { progress: QuoteProgress; language: PageLanguage }) => {
  const t = (key: QuoteTextKey, values?: Record<string, string | number>) => quoteText(language, key, values);
  const money = (value: string) => formatMoney(value, language, progress.currency);
  return (
    <Stack spacing={2}>
      <Alert severity="success" data-testid="quote-received">
        <Typography sx={{ fontWeight: 600 }}>{t('received_title')}</Typography>
        {t('received_help')}
      </Alert>
      <Typography variant="h6" component="h2">
        {t('drawings')}
      </Typography>
      {progress.drawings.map((drawing) => (
        <Card key={drawing.id} variant="outlined" data-testid="quote-drawing" data-state={drawing.state}>
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {drawing.fileName}
              </Typography>
              <Chip size="small" color={drawing.state === 'priced' ? 'success' : drawing.state === 'staff' ? 'default' : 'info'} label={t(drawing.state === 'priced' ? 'state_priced' : drawing.state === 'staff' ? 'state_staff' : 'state_reading')} />
            </Stack>
            {drawing.state !== 'priced' && drawing.reason ? (
              <Typography variant="body2" color="text.secondary" data-testid="quote-drawing-reason">
                {drawing.reason}
              </Typography>
            ) : null}
            {drawing.parts.map((part, index) => (
              <Box key={index} sx={{ mt: 1 }} data-testid="quote-part">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {part.name}
                  {part.count && part.count > 1 ? ` · ${t('part_count', { count: formatNumber(part.count, language) })}` : ''}
                </Typography>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('quantity')}</TableCell>
                      <TableCell align="right">{t('unit_price')}</TableCell>
                      <TableCell align="right">{t('total_price')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {part.tiers.map((tier) => (
                      <TableRow key={tier.quantity}>
                        <TableCell>{t('pieces', { count: formatNumber(tier.quantity, language) })}</TableCell>
                        <TableCell align="right" data-testid="quote-unit-price">
                          {money(tier.unitPrice)}
                        </TableCell>
                        <TableCell align="right">{money(tier.totalPrice)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ))}
            {drawing.state === 'priced' ? (
              <Typography variant="caption" color="text.secondary" data-testid="quote-indicative-note">
                {t('indicative_note')}
              </Typography>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

/** `/pub/quote`: the form; `/pub/quote/:id?token=`: the request's progress (docs/api-surveys.md "The quote-request page"). */
export const PublicQuotePage = () => {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [page, setPage] = useState<Load<QuotePage>>({ state: 'loading' });
  const [progress, setProgress] = useState<Load<QuoteProgress>>({ state: 'loading' });
  const organizationLanguage = page.state === 'ready' ? page.value.organization.language : null;
  const [language, setLanguage] = usePageLanguage(organizationLanguage);

  useEffect(() => {
    let current = true;
    quoteCall<QuotePage>(language, 'GET', '/pub/quote')
      .then((value) => current && setPage({ state: 'ready', value }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof PublicApiError && error.status === 404) setPage({ state: 'missing' });
        else setPage({ state: 'failed', message: error instanceof Error ? error.message : quoteText(language, 'request_failed') });
      });
    return () => {
      current = false;
    };
  }, [language]);

  // The progress is read again every two seconds while a drawing is still being read.
  const reading = progress.state === 'ready' && progress.value.drawings.some((drawing) => drawing.state === 'reading');
  useEffect(() => {
    if (!id) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      quoteCall<QuoteProgress>(language, 'GET', `/pub/quote/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`)
        .then((value) => {
          if (!current) return;
          setProgress({ state: 'ready', value });
          if (value.drawings.some((drawing) => drawing.state === 'reading')) timer = setTimeout(read, 2000);
        })
        .catch((error: unknown) => {
          if (!current) return;
          if (error instanceof PublicApiError && error.status === 404) setProgress({ state: 'missing' });
          else setProgress({ state: 'failed', message: error instanceof Error ? error.message : quoteText(language, 'request_failed') });
        });
    void read();
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
    };
  }, [id, token, language, reading]);

  const title = page.state === 'ready' ? `${quoteText(language, 'title')} – ${page.value.organization.name}` : quoteText(language, 'title');
  if (page.state === 'missing' || (id && progress.state === 'missing')) return <NotAvailable language={language} />;
  if (page.state === 'loading') return <Loading language={language} />;
  if (page.state === 'failed') return <Alert severity="error">{page.message}</Alert>;
  return (
    <Frame language={language} onLanguage={setLanguage} title={title}>
      {id ? (
        progress.state === 'ready' ? (
          <Progress progress={progress.value} language={language} />
        ) : progress.state === 'failed' ? (
          <Alert severity="error">{progress.message}</Alert>
        ) : (
          <Loading language={language} />
        )
      ) : (
        <RequestForm page={page.value} language={language} onSent={(sentId, sentToken) => navigate(`/pub/quote/${encodeURIComponent(sentId)}?token=${encodeURIComponent(sentToken)}&lang=${language}`)} />
      )}
    </Frame>
  );
};
