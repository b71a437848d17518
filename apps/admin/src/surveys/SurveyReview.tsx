import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import type { Product } from '../api/contracts';
import { SectionHeading } from '../shared/SectionHeading';
import { StatusChip } from '../shared/values';
import { InputKindIcon, InputName } from './InputsTable';
import { ProductReviewCard } from './ProductReviewCard';
import { SourcePane } from './SourcePane';
import { groupByInput, SurveyInput, SurveyProduct } from './survey-record';

/**
 * docs/api-surveys.md "Products made", reviewed: per input, the source on the left
 * (the drawing, the document, the text) and what was read from it on the right, fields read with low
 * confidence marked, each product corrected in place, marked Ready and calculated from here.
 * Only the first input is open at first; each source loads when its input is opened.
 */
export const SurveyReview = ({ inputs, rows }: { inputs: SurveyInput[]; rows: SurveyProduct[] }) => {
  const translate = useTranslate();
  const { data: products } = useGetMany<Product>('products', { ids: rows.map((row) => row.productId) }, { enabled: rows.length > 0 });
  const byId = new Map((products ?? []).map((product) => [product.id, product]));
  const groups = groupByInput(rows, inputs);
  const title = translate('resources.surveys.review.title');
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="survey-review">
      <SectionHeading title={title} description={translate('resources.surveys.review.description')} />
      {groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="survey-review-empty">
          {translate('resources.surveys.review.none')}
        </Typography>
      ) : (
        groups.map((group, index) => (
          <Accordion key={group.input?.id ?? 'deleted'} defaultExpanded={index === 0} slotProps={{ transition: { unmountOnExit: true } }} disableGutters data-testid="survey-review-group">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
                {group.input ? <InputKindIcon input={group.input} /> : null}
                <Box sx={{ minWidth: 0 }}>
                  {group.input ? (
                    <InputName input={group.input} />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {translate('resources.surveys.review.deleted_input')}
                    </Typography>
                  )}
                </Box>
                {group.input ? <StatusChip kind="processing" status={group.input.status} /> : null}
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.survey-inputs.products_made', { smart_count: group.products.length })}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
                {group.input ? (
                  <Box sx={{ flex: '1 1 0', minWidth: 0, width: '100%' }}>
                    <SourcePane input={group.input} />
                  </Box>
                ) : null}
                <Stack sx={{ flex: '1 1 0', minWidth: 0, width: '100%', gap: 2 }}>
                  {group.products.map((row) => (
                    <ProductReviewCard key={row.id} row={row} product={byId.get(row.productId)} />
                  ))}
                </Stack>
              </Stack>
            </AccordionDetails>
          </Accordion>
        ))
      )}
    </Box>
  );
};
