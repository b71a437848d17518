import ArchitectureIcon from '@mui/icons-material/Architecture';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import MicIcon from '@mui/icons-material/Mic';
import NotesIcon from '@mui/icons-material/Notes';
import ReplayIcon from '@mui/icons-material/Replay';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Theme,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useCanAccess, useTranslate } from 'react-admin';
import { api, API_URL, requestHeaders } from '../api/http-client';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { downloadFile } from '../shared/download';
import { SectionHeading } from '../shared/SectionHeading';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { DateText, StatusChip } from '../shared/values';
import { canRetry, canStop, firstLine, hasContent, inputLabel, SurveyInput } from './survey-record';

const inputPath = (input: SurveyInput, action: string) => `/survey-inputs/${encodeURIComponent(input.id)}/${action}`;

/** A drawing read without AI, a document or picture, a text, a recording. */
export const InputKindIcon = ({ input }: { input: SurveyInput }) => {
  const translate = useTranslate();
  const kind = input.kind === 'file' && input.reader === 'cad' ? 'drawing' : input.kind;
  const label = translate(`resources.survey-inputs.kinds.${kind}`);
  const Icon = kind === 'drawing' ? ArchitectureIcon : kind === 'text' ? NotesIcon : kind === 'audio' ? MicIcon : DescriptionIcon;
  return (
    <Tooltip title={label}>
      <Icon color="action" aria-label={label} role="img" fontSize="small" />
    </Tooltip>
  );
};

/**
 * The file's name, else the text's first line. A recording shows its transcript's first line under
 * its name once it is made, or that it is not yet.
 */
export const InputName = ({ input }: { input: SurveyInput }) => {
  const translate = useTranslate();
  const label = inputLabel(input);
  const transcript = input.kind === 'audio' && input.fileName?.trim() ? firstLine(input.text) : null;
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} color={label ? undefined : 'text.secondary'}>
        {label || translate(input.kind === 'audio' ? 'resources.survey-inputs.not_transcribed' : 'resources.survey-inputs.no_text')}
      </Typography>
      {transcript !== null ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="survey-input-transcript">
          {transcript || translate('resources.survey-inputs.not_transcribed')}
        </Typography>
      ) : null}
    </>
  );
};

/** Stop (after asking), retry, download and delete (after typing DELETE) for one input. */
const InputActions = ({ input }: { input: SurveyInput }) => {
  const translate = useTranslate();
  const titleId = useId();
  const notifyError = useNotifyError();
  const { canAccess: canChange } = useCanAccess({ resource: 'survey-inputs', action: 'edit', record: input });
  const { run, pending } = useApiAction();
  const [asking, setAsking] = useState(false);
  const name = inputLabel(input) || translate(`resources.survey-inputs.kinds.${input.kind}`);

  const stop = async () => {
    if (await run(() => api.post(inputPath(input, 'stop')), 'resources.survey-inputs.messages.stopped', { name })) setAsking(false);
  };
  const retry = () => void run(() => api.post(inputPath(input, 'retry')), 'resources.survey-inputs.messages.retried', { name });
  const download = () =>
    downloadFile(`${API_URL}${inputPath(input, 'content')}`, requestHeaders(), input.fileName || name, (status) => new Error(String(status))).catch((error: unknown) =>
      notifyError(error, 'resources.survey-inputs.download_failed'),
    );

  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {canChange && canStop(input) ? (
        <Button label="resources.survey-inputs.actions.stop" onClick={() => setAsking(true)} disabled={pending} data-testid="survey-input-stop">
          <StopCircleIcon />
        </Button>
      ) : null}
      {canChange && canRetry(input) ? (
        <Button label="resources.survey-inputs.actions.retry" onClick={retry} disabled={pending} data-testid="survey-input-retry">
          <ReplayIcon />
        </Button>
      ) : null}
      {hasContent(input) ? (
        <Button label="resources.survey-inputs.actions.download" onClick={() => void download()} data-testid="survey-input-download">
          <DownloadIcon />
        </Button>
      ) : null}
      <ConfirmDeleteButton record={input} resource="survey-inputs" redirectTo={false} name={name} />
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate('resources.survey-inputs.stop.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.survey-inputs.stop.content')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setAsking(false)} />
          <Button label="resources.survey-inputs.actions.stop" color="error" variant="contained" disabled={pending} onClick={() => void stop()} data-testid="survey-input-stop-confirm" />
        </DialogActions>
      </Dialog>
    </Stack>
  );
};

/** The error's message in the reader's language; what went wrong technically (English, for support) on hover. */
const ErrorText = ({ input }: { input: SurveyInput }) => {
  if (input.status !== 'error' || !input.error) return null;
  const text = (
    <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="survey-input-error">
      {input.error}
    </Typography>
  );
  return input.errorDetail && input.errorDetail !== input.error ? (
    <Tooltip title={input.errorDetail} describeChild>
      {text}
    </Tooltip>
  ) : (
    text
  );
};

const WideTable = ({ inputs }: { inputs: SurveyInput[] }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.survey-inputs.fields.${name}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('resources.survey-inputs.name', { smart_count: 2 })}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {field('kind')}
              </Box>
            </TableCell>
            <TableCell>{field('name')}</TableCell>
            <TableCell>{field('status')}</TableCell>
            <TableCell>{field('error')}</TableCell>
            <TableCell align="right">{field('productCount')}</TableCell>
            <TableCell>{field('createdAt')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {translate('resources.survey-inputs.fields.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inputs.map((input) => (
            <TableRow key={input.id} data-testid="survey-input-row" data-status={input.status}>
              <TableCell padding="checkbox">
                <InputKindIcon input={input} />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <InputName input={input} />
              </TableCell>
              <TableCell>
                <StatusChip kind="processing" status={input.status} data-testid="survey-input-status" />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <ErrorText input={input} />
              </TableCell>
              <TableCell align="right">{input.productCount ?? 0}</TableCell>
              <TableCell>
                <DateText value={input.createdAt} withTime />
              </TableCell>
              <TableCell align="right">
                <InputActions input={input} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** Phones: each input a block of its own, nothing to scroll sideways. */
const NarrowList = ({ inputs }: { inputs: SurveyInput[] }) => {
  const translate = useTranslate();
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('resources.survey-inputs.name', { smart_count: 2 })}>
      {inputs.map((input) => (
        <Box component="li" key={input.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="survey-input-row" data-status={input.status}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <InputKindIcon input={input} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <InputName input={input} />
            </Box>
            <StatusChip kind="processing" status={input.status} data-testid="survey-input-status" />
          </Stack>
          <ErrorText input={input} />
          <Typography variant="caption" color="text.secondary">
            {translate('resources.survey-inputs.products_made', { smart_count: input.productCount ?? 0 })}
          </Typography>
          <InputActions input={input} />
        </Box>
      ))}
    </Stack>
  );
};

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The survey's inputs with their processing results (docs/product.md §4: Created, Processing,
 * Success, Error) and the error's message. The view reads them again every 2 s while one is
 * unfinished (`polling`), so a result shows without reloading.
 */
export const InputsTable = ({ inputs, isPending, polling }: { inputs: SurveyInput[] | undefined; isPending: boolean; polling: boolean }) => {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const title = translate('resources.survey-inputs.name', { smart_count: 2 });
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="survey-inputs">
      <SectionHeading title={title} description={translate(polling ? 'resources.survey-inputs.polling' : 'resources.survey-inputs.description')} />
      {polling ? <LinearProgress sx={{ mb: 1 }} aria-label={translate('resources.survey-inputs.polling')} /> : null}
      {isPending ? null : !inputs || inputs.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="survey-inputs-empty">
          {translate('resources.survey-inputs.none')}
        </Typography>
      ) : narrow ? (
        <NarrowList inputs={inputs} />
      ) : (
        <WideTable inputs={inputs} />
      )}
    </Box>
  );
};
