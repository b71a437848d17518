import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { inputLabel, sourceView, SurveyInput } from './survey-record';
import { useObjectUrl } from './useObjectUrl';

const FRAME = { width: '100%', height: { xs: 320, md: 480 }, border: 1, borderColor: 'divider', borderRadius: 1 } as const;

const TextSource = ({ text, empty }: { text: string | null; empty: string }) => (
  <Box
    sx={{ ...FRAME, height: 'auto', maxHeight: { xs: 320, md: 480 }, overflow: 'auto', p: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2', bgcolor: 'action.hover' }}
    data-testid="survey-source-text"
  >
    {text?.trim() ? text : <Typography color="text.secondary" variant="body2">{empty}</Typography>}
  </Box>
);

/**
 * An input's source beside what was read from it: a DXF as the SVG drawing the CAD reader made, a
 * PDF or a picture as uploaded, a text as written, a recording to listen to with its transcript.
 * Files come through the API with the session's headers (useObjectUrl), never by a bare link.
 */
export const SourcePane = ({ input }: { input: SurveyInput }) => {
  const translate = useTranslate();
  const view = sourceView(input);
  const base = `/survey-inputs/${encodeURIComponent(input.id)}`;
  const path = view === 'drawing' ? `${base}/preview` : view === 'pdf' || view === 'image' || view === 'audio' ? `${base}/content` : null;
  const { url, pending, failed } = useObjectUrl(path);
  const name = inputLabel(input);

  if (view === 'text') return <TextSource text={input.text} empty={translate('resources.survey-inputs.no_text')} />;
  if (view === 'none') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="survey-source-none">
        {translate('resources.surveys.review.no_preview')}
      </Typography>
    );
  }
  if (pending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (failed || !url) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="survey-source-failed">
        {translate('resources.surveys.review.source_failed')}
      </Typography>
    );
  }
  if (view === 'pdf') return <Box component="iframe" src={url} title={name} sx={FRAME} data-testid="survey-source-pdf" />;
  if (view === 'audio') {
    return (
      <Box>
        <Box component="audio" controls src={url} sx={{ width: '100%', mb: 1 }} data-testid="survey-source-audio" />
        <Typography variant="subtitle2" component="h3">
          {translate('resources.surveys.review.transcript')}
        </Typography>
        <TextSource text={input.text} empty={translate('resources.survey-inputs.not_transcribed')} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={translate(view === 'drawing' ? 'resources.surveys.review.drawing_of' : 'resources.surveys.review.picture_of', { name })}
      sx={{ ...FRAME, height: 'auto', maxHeight: { xs: 320, md: 480 }, objectFit: 'contain', bgcolor: '#fff', display: 'block' }}
      data-testid={view === 'drawing' ? 'survey-source-drawing' : 'survey-source-image'}
    />
  );
};
