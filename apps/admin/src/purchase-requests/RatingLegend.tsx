import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { Box, Collapse, Grid, List, ListItem, ListItemIcon, ListItemText, Paper, Rating, Stack, Typography } from '@mui/material';
import { ReactNode, useId, useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import { BAND_COLORS, BAND_SCORES, BAND_TEXT, COMPLETENESS_POINTS, STAR_THRESHOLDS, TROPHY_PERCENT, weightShares } from './offer-matrix';

const LEGEND = 'resources.supplier-offers.legend';
const BANDS = [1, 2, 3, 4, 5] as const;

const Swatch = ({ band }: { band: number }) => (
  <Box
    aria-hidden
    sx={{ width: 28, height: 20, borderRadius: 0.5, bgcolor: BAND_COLORS[band], color: BAND_TEXT, border: 1, borderColor: 'divider', fontSize: 12, textAlign: 'center', lineHeight: '20px' }}
  >
    {band}
  </Box>
);

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="subtitle2" component="h4">
      {title}
    </Typography>
    {children}
  </Box>
);

/** Five bands, each its colour, its words and its score (100 … 20). */
const Bands = ({ kind }: { kind: 'price' | 'delivery' }) => {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {BANDS.map((band) => (
        <ListItem key={band} disableGutters>
          <ListItemIcon sx={{ minWidth: 40 }}>{kind === 'price' ? <Swatch band={band} /> : <Typography variant="body2">{band}</Typography>}</ListItemIcon>
          <ListItemText primary={translate(`${LEGEND}.${kind}.${band}`)} secondary={translate(`${LEGEND}.score`, { score: BAND_SCORES[band - 1] })} />
        </ListItem>
      ))}
    </List>
  );
};

/**
 * docs/product.md §2, "A rating legend explains how offers are scored", with §9's bands: the landed price, the
 * price and delivery bands, completeness, the stars with the organization's weights, and the trophy,
 * in the reader's language. Its figures are libs/rating's (offer-matrix.ts repeats them).
 */
export const RatingLegend = ({ weights }: { weights: Parameters<typeof weightShares>[0] }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const shares = weightShares(weights);
  const lowest = STAR_THRESHOLDS[STAR_THRESHOLDS.length - 1];
  return (
    <Box sx={{ mb: 2 }}>
      <Button label={open ? `${LEGEND}.hide` : `${LEGEND}.show`} onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={panelId} data-testid="rating-legend-toggle">
        {open ? <ExpandLessIcon /> : <HelpOutlineIcon />}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Paper variant="outlined" sx={{ p: 2, mt: 1 }} id={panelId} component="section" aria-label={translate(`${LEGEND}.title`)} data-testid="rating-legend">
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {translate(`${LEGEND}.title`)}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(`${LEGEND}.landed`)}
          </Typography>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6, lg: 3 }}>
              <Part title={translate(`${LEGEND}.price_title`)}>
                <Bands kind="price" />
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="legend-costs">
                  {translate(`${LEGEND}.price_costs`)}
                </Typography>
              </Part>
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 3 }}>
              <Part title={translate(`${LEGEND}.delivery_title`)}>
                <Bands kind="delivery" />
              </Part>
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 3 }}>
              <Part title={translate(`${LEGEND}.completeness_title`)}>
                <List dense disablePadding>
                  <ListItem disableGutters>
                    <ListItemText primary={translate(`${LEGEND}.completeness_tiers`, { points: COMPLETENESS_POINTS.multipleTiers })} />
                  </ListItem>
                  <ListItem disableGutters>
                    <ListItemText primary={translate(`${LEGEND}.completeness_breakdown`, { points: COMPLETENESS_POINTS.perCostGiven })} />
                  </ListItem>
                  <ListItem disableGutters>
                    <ListItemText primary={translate(`${LEGEND}.completeness_coverage`, { points: COMPLETENESS_POINTS.coverage })} />
                  </ListItem>
                </List>
              </Part>
              <Box sx={{ mt: 2 }}>
                <Part title={translate(`${LEGEND}.trophy_title`)}>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                    <EmojiEventsIcon sx={{ color: '#8a6d00' }} aria-hidden />
                    <Typography variant="body2">{translate(`${LEGEND}.trophy`, { percent: TROPHY_PERCENT })}</Typography>
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 1 }} data-testid="legend-trophy-two">
                    {translate(`${LEGEND}.trophy_two`)}
                  </Typography>
                </Part>
              </Box>
            </Grid>
            <Grid size={{ xs: 12, md: 6, lg: 3 }}>
              <Part title={translate(`${LEGEND}.stars_title`)}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {translate(`${LEGEND}.stars_formula`, { ...shares, setting: translate('resources.settings.names.offer-rating-weights') })}
                </Typography>
                <List dense disablePadding>
                  {STAR_THRESHOLDS.map((threshold) => (
                    <ListItem key={threshold.stars} disableGutters>
                      <ListItemIcon sx={{ minWidth: 96 }}>
                        <Rating value={threshold.stars} readOnly size="small" getLabelText={(value) => translate('resources.supplier-offers.matrix.stars', { smart_count: value })} />
                      </ListItemIcon>
                      <ListItemText
                        primary={translate(`resources.supplier-offers.labels.${threshold.label}`)}
                        secondary={translate(`${LEGEND}.stars_from`, { from: threshold.from })}
                      />
                    </ListItem>
                  ))}
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 96 }}>
                      <Rating value={1} readOnly size="small" getLabelText={(value) => translate('resources.supplier-offers.matrix.stars', { smart_count: value })} />
                    </ListItemIcon>
                    <ListItemText primary={translate('resources.supplier-offers.labels.poor')} secondary={translate(`${LEGEND}.stars_below`, { from: lowest.from })} />
                  </ListItem>
                </List>
              </Part>
            </Grid>
          </Grid>
        </Paper>
      </Collapse>
    </Box>
  );
};
