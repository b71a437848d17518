import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocaleState, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { SurveyQuoteRequest } from '../api/contracts';
import { formatMoney } from '../shared/format';
import { formatNumber, formatNumberList } from '../shared/numbers';
import type { Survey } from './survey-record';

/**
 * A survey from the public quote page (docs/api-surveys.md "The quote-request page"): what the customer asked
 * (company, contact, quantities, material and thickness wishes, note) and, per drawing, the indicative prices given on
 * the page at the stated quantities or why staff price it.
 */
export const QuoteRequestPanel = () => {
  const survey = useRecordContext<Survey & { quoteRequest?: SurveyQuoteRequest | null }>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const request = survey?.quoteRequest;
  // The indicative prices are decided by a job after the drawing is read: the survey is read again until none is pending.
  const pending = request?.indicativePrices.some((drawing) => drawing.state === 'reading') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(refresh, 2000);
    return () => clearTimeout(timer);
  }, [pending, refresh, survey]);
  if (!request) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.surveys.quote.${key}`, options);
  const facts: Array<[string, string | null]> = [
    ['company', request.company],
    ['contact', `${request.name} <${request.email}>`],
    ['quantities', formatNumberList(request.quantities, locale)],
    ['material', request.material],
    ['thickness', request.thickness === null ? null : `${formatNumber(request.thickness, locale)} mm`],
    ['note', request.note],
  ];
  return (
    <Box component="section" aria-label={t('title')} data-testid="survey-quote-request" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, mb: 2 }}>
        {facts
          .filter((fact): fact is [string, string] => !!fact[1])
          .map(([key, value]) => [
            <Typography key={`${key}-label`} variant="body2" color="text.secondary">
              {t(key)}
            </Typography>,
            <Typography key={`${key}-value`} variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {value}
            </Typography>,
          ])}
      </Box>
      <Typography variant="subtitle2" gutterBottom>
        {t('prices')}
      </Typography>
      <Stack spacing={1.5}>
        {request.indicativePrices.map((drawing) => (
          <Box key={drawing.id} data-testid="survey-quote-drawing">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {drawing.fileName}
              </Typography>
              <Chip size="small" label={t(`state.${drawing.state}`)} color={drawing.state === 'priced' ? 'success' : 'default'} />
            </Stack>
            {drawing.reason ? (
              <Typography variant="body2" color="text.secondary">
                {drawing.reason}
              </Typography>
            ) : null}
            {drawing.parts.map((part, index) => (
              <Table key={index} size="small" aria-label={part.name}>
                <TableHead>
                  <TableRow>
                    <TableCell>
                      {part.name}: {t('quantity')}
                    </TableCell>
                    <TableCell align="right">{t('unit_price')}</TableCell>
                    <TableCell align="right">{t('total_price')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {part.tiers.map((tier) => (
                    <TableRow key={tier.quantity}>
                      <TableCell>{formatNumber(tier.quantity, locale)}</TableCell>
                      <TableCell align="right">{formatMoney(tier.unitPrice, locale, request.currency)}</TableCell>
                      <TableCell align="right">{formatMoney(tier.totalPrice, locale, request.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
};
