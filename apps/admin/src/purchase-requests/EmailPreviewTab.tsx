import { Alert, Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { errorMessage } from '../api/http-client';
import { LANGUAGE_NAMES } from '../shared/choices';
import { useApiGet } from '../products/useApiGet';
import { PurchaseRequestPage } from './PurchaseRequestPage';
import { EmailPreview, PurchaseRequestRecord, RequestSupplierRecord } from './purchase-request-record';

type Format = 'html' | 'text';

/**
 * Exactly the mail a supplier gets (the API renders it with the invite job's own function, the
 * link's token shown as …), for one supplier or in general: in that supplier's own language (else the
 * organization's) until staff pick a language, which a change of supplier forgets again. The HTML is
 * shown in a sandboxed frame: no script of it runs, and no style of it reaches the console.
 */
const Preview = () => {
  const request = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  // null: the API's choice, the supplier's language as the invite job mails it (a German supplier's preview is German).
  const [language, setLanguage] = useState<'en' | 'de' | null>(null);
  const [format, setFormat] = useState<Format>('html');
  const [supplierId, setSupplierId] = useState('');
  const { data: suppliers } = useGetList<RequestSupplierRecord & { id: string }>(
    'purchase-request-suppliers',
    { filter: { purchaseRequestId: request?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' } },
    { enabled: Boolean(request?.id) },
  );
  const query = new URLSearchParams({ ...(language ? { language } : {}), ...(supplierId ? { supplierId } : {}) });
  const path = request ? `/purchase-requests/${encodeURIComponent(String(request.id))}/email-preview?${query}` : null;
  const { data: preview, error, isPending } = useApiGet<EmailPreview>(path, String(request?.updatedAt ?? ''));
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={language ?? preview?.language ?? null}
          onChange={(_, value: 'en' | 'de' | null) => value && setLanguage(value)}
          aria-label={translate('resources.purchase-requests.preview.language')}
        >
          {(['en', 'de'] as const).map((option) => (
            <ToggleButton key={option} value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={format} onChange={(_, value: Format | null) => value && setFormat(value)} aria-label={translate('resources.purchase-requests.preview.format')}>
          <ToggleButton value="html">{translate('resources.purchase-requests.preview.html')}</ToggleButton>
          <ToggleButton value="text">{translate('resources.purchase-requests.preview.text')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          sx={{ minWidth: 240 }}
          label={translate('resources.purchase-requests.preview.supplier')}
          value={supplierId}
          onChange={(event) => {
            setSupplierId(event.target.value);
            setLanguage(null);
          }}
        >
          <MenuItem value="">{translate('resources.purchase-requests.preview.any_supplier')}</MenuItem>
          {(suppliers ?? []).map((supplier) => (
            <MenuItem key={supplier.id} value={supplier.supplierId}>
              {supplier.supplierName}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error ? <Alert severity="error">{errorMessage(error, translate('fabquote.errors.request_failed'))}</Alert> : null}
      {preview && !isPending ? (
        <Box data-testid="email-preview" lang={preview.language}>
          <Typography variant="caption" color="text.secondary">
            {translate('resources.purchase-requests.preview.subject')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="email-preview-subject">
            {preview.subject}
          </Typography>
          {format === 'html' ? (
            <Box
              component="iframe"
              title={translate('resources.purchase-requests.preview.frame')}
              sandbox=""
              srcDoc={preview.html}
              sx={{ width: '100%', minHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
            />
          ) : (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 14, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="email-preview-text">
              {preview.text}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
};

/** /purchase-requests/:id/email-preview */
export const PurchaseRequestEmailPreview = () => (
  <PurchaseRequestPage>
    <Preview />
  </PurchaseRequestPage>
);
