import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';

/**
 * The honest page of a screen not built yet: it names the page and what it
 * will hold, and shows no data (never a made-up list).
 */
export const PlannedPage = ({ area, page }: { area: string; page: string }) => {
  const translate = useTranslate();
  const { id } = useParams();
  const areaName = translate(`resources.${area}.name`, { smart_count: 2 });
  const pageName = translate(`fabquote.pages.${page}`);
  const title = page === 'list' ? areaName : `${areaName} – ${pageName}`;
  return (
    <Card sx={{ mt: 2 }} data-testid="planned-page">
      <Title title={title} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ConstructionIcon color="action" fontSize="large" />
          <Stack spacing={1}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {id ? (
              <Typography variant="body2" color="text.secondary">
                {translate('fabquote.planned.record', { id })}
              </Typography>
            ) : null}
            <Typography>{translate('fabquote.planned.not_built')}</Typography>
            <Typography color="text.secondary">{translate(`resources.${area}.planned`)}</Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
