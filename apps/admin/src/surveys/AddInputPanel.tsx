import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, FormHelperText, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { ChangeEvent, DragEvent, ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { SectionHeading } from '../shared/SectionHeading';
import { AudioRecorder } from './AudioRecorder';
import { audioRefusal, CAD_FILE_ACCEPT, checkFiles, filesRefusal, SURVEY_FILE_ACCEPT, textRefusal } from './survey-record';
import { SubmitResult, useAddInput } from './useAddInput';

type InputTab = 'files' | 'text' | 'audio';
type Submit = ReturnType<typeof useAddInput>['submit'];

interface TabProps {
  submit: Submit;
  sending: boolean;
  /** Why nothing may go to the AI provider from here (a translation key), or null when it may. */
  aiRefused: string | null;
}

/** A problem under a field: a translation key of the checks, or the API's own words. */
const Problem = ({ text, testId }: { text: string | null; testId: string }) => {
  const translate = useTranslate();
  return text ? (
    <FormHelperText error role="alert" data-testid={testId}>
      {translate(text, { _: text })}
    </FormHelperText>
  ) : null;
};

const SendButton = ({ label, onClick, disabled, testId }: { label: string; onClick: () => void; disabled: boolean; testId: string }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Button variant="contained" startIcon={<SendIcon />} onClick={onClick} disabled={disabled} data-testid={testId}>
        {translate(label)}
      </Button>
    </Box>
  );
};

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Drawings and documents: picked or dropped, checked here as a first net (the API checks the content), sent together. */
const FilesTab = ({ submit, sending, aiRefused }: TabProps) => {
  const translate = useTranslate();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const add = (picked: File[]) => {
    if (picked.length === 0) return;
    const { accepted, problem: refused } = checkFiles(picked, aiRefused);
    setProblem(refused);
    setFiles((current) => [...current, ...accepted.filter((file) => !current.some((chosen) => sameFile(chosen, file)))]);
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    event.target.value = '';
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!sending) add(Array.from(event.dataTransfer.files ?? []));
  };
  const send = async () => {
    const refused = filesRefusal(files);
    setProblem(refused);
    if (refused) return;
    const result: SubmitResult = await submit({ kind: 'files', files });
    if (result.sent) setFiles([]);
    else if (result.fieldError) setProblem(result.fieldError);
  };

  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: problem ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
        }}
        data-testid="survey-files-drop"
      >
        <Typography sx={{ mb: 1 }}>{translate('resources.surveys.add.drop_here')}</Typography>
        <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={sending}>
          {translate('fabquote.files.choose_several')}
          <input hidden type="file" multiple accept={(aiRefused === null ? SURVEY_FILE_ACCEPT : CAD_FILE_ACCEPT).join(',')} onChange={pick} data-testid="survey-files-input" />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(aiRefused === null ? 'resources.surveys.add.files_hint' : 'resources.surveys.add.files_hint_cad')}
        </Typography>
      </Box>
      {files.length > 0 ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="survey-files-chosen">
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${file.size}-${file.lastModified}`}
              label={file.name}
              onDelete={sending ? undefined : () => setFiles((current) => current.filter((_, position) => position !== index))}
              deleteIcon={<CloseIcon />}
              size="small"
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      ) : null}
      <Problem text={problem} testId="survey-files-error" />
      <SendButton label="resources.surveys.add.send_files" onClick={() => void send()} disabled={sending} testId="survey-files-send" />
    </Stack>
  );
};

/** An email's or a note's text, read by the AI provider. */
const TextTab = ({ submit, sending, aiRefused }: TabProps) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const refused = textRefusal(text);
    setProblem(refused);
    if (refused) return;
    const result = await submit({ kind: 'text', text });
    if (result.sent) setText('');
    else if (result.fieldError) setProblem(result.fieldError);
  };
  return (
    <Stack spacing={2}>
      <TextField
        multiline
        minRows={6}
        maxRows={20}
        fullWidth
        label={translate('resources.surveys.add.text_label')}
        placeholder={translate('resources.surveys.add.text_placeholder')}
        value={text}
        disabled={aiRefused !== null || sending}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ? translate(problem, { _: problem }) : translate('resources.surveys.add.text_hint')}
        slotProps={{ htmlInput: { 'data-testid': 'survey-text-input' } }}
      />
      <SendButton label="resources.surveys.add.send_text" onClick={() => void send()} disabled={aiRefused !== null || sending} testId="survey-text-send" />
    </Stack>
  );
};

/** A phone call: recorded here or uploaded, transcribed and then read like a text. */
const AudioTab = ({ submit, sending, aiRefused }: TabProps) => {
  const [audio, setAudio] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const refused = audioRefusal(audio);
    setProblem(refused);
    if (refused || !audio) return;
    const result = await submit({ kind: 'audio', audio });
    if (result.sent) setAudio(null);
    else if (result.fieldError) setProblem(result.fieldError);
  };
  return (
    <Stack spacing={2}>
      <AudioRecorder
        audio={audio}
        onAudio={(chosen) => {
          setAudio(chosen);
          setProblem(chosen ? audioRefusal(chosen) : null);
        }}
        error={problem}
        onError={setProblem}
        disabled={aiRefused !== null || sending}
      />
      <SendButton label="resources.surveys.add.send_audio" onClick={() => void send()} disabled={aiRefused !== null || sending} testId="survey-audio-send" />
    </Stack>
  );
};

/** Every tab stays mounted, so a half-typed text or a recording survives a look at another tab. */
const TabPanel = ({ id, labelledBy, hidden, children }: { id: string; labelledBy: string; hidden: boolean; children: ReactNode }) => (
  <Box role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} sx={{ pt: 2 }}>
    {children}
  </Box>
);

/**
 * "Add input": files, a text or a recording, each its own tab, sent as multipart to
 * POST /surveys/{id}/inputs. docs/product.md §1's warning stands above whatever goes to the AI
 * provider; when nothing may go to it (none configured, or no `ai.use`: `aiRefused`), only drawings
 * in DXF or STEP can be added and the panel says why.
 */
export const AddInputPanel = ({ surveyId, aiRefused, warning }: { surveyId: string; aiRefused: string | null; warning: string }) => {
  const translate = useTranslate();
  const baseId = useId();
  const [tab, setTab] = useState<InputTab>('files');
  const { submit, sending, dialog } = useAddInput(surveyId, warning);
  const aiAvailable = aiRefused === null;
  const shown: InputTab = !aiAvailable && tab !== 'files' ? 'files' : tab;
  const tabId = (name: InputTab) => `${baseId}-tab-${name}`;
  const panelId = (name: InputTab) => `${baseId}-panel-${name}`;
  const props: TabProps = { submit, sending, aiRefused };
  const title = translate('resources.surveys.add.title');

  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }} data-testid="survey-add-input">
      <SectionHeading title={title} description={translate('resources.surveys.add.description')} />
      {aiAvailable ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="survey-ai-warning">
          {warning}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="survey-ai-unavailable">
          {translate(aiRefused)}
        </Alert>
      )}
      <Tabs value={shown} onChange={(_, value: InputTab) => setTab(value)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {(['files', 'text', 'audio'] as const).map((name) => (
          <Tab
            key={name}
            value={name}
            id={tabId(name)}
            aria-controls={panelId(name)}
            label={translate(`resources.surveys.add.tabs.${name}`)}
            disabled={!aiAvailable && name !== 'files'}
            data-testid={`survey-tab-${name}`}
          />
        ))}
      </Tabs>
      <TabPanel id={panelId('files')} labelledBy={tabId('files')} hidden={shown !== 'files'}>
        <FilesTab {...props} />
      </TabPanel>
      <TabPanel id={panelId('text')} labelledBy={tabId('text')} hidden={shown !== 'text'}>
        <TextTab {...props} />
      </TabPanel>
      <TabPanel id={panelId('audio')} labelledBy={tabId('audio')} hidden={shown !== 'audio'}>
        <AudioTab {...props} />
      </TabPanel>
      {dialog}
    </Box>
  );
};
