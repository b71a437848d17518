import EditIcon from '@mui/icons-material/Edit';
import { Box, Dialog, DialogContent, DialogTitle, Divider, Stack } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  Button,
  EditBase,
  Labeled,
  SaveButton,
  Show,
  SimpleForm,
  TextField,
  Toolbar,
  TopToolbar,
  useCanAccess,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { recordNoticeKey } from '../shared/record-notice';
import { ReferenceName } from '../shared/ReferenceName';
import { ShowSection } from '../shared/ShowSection';
import { QuoteRequestPanel } from './QuoteRequestPanel';
import { useGuardedClose } from '../shared/useGuardedClose';
import { DateValueField } from '../shared/values';
import { AddInputPanel } from './AddInputPanel';
import { InputsTable } from './InputsTable';
import { aiRefusal, pollInterval, Survey, SurveyInput, SurveyProduct } from './survey-record';
import { SurveyInputs } from './SurveyInputs';
import { SurveyReview } from './SurveyReview';
import { useAiStatus } from './useAiStatus';
import { changesOnly } from '../shared/changes-only';

const ALL = { page: 1, perPage: 1000 };
const OLDEST_FIRST = { field: 'createdAt', order: 'ASC' } as const;
const BY_POSITION = { field: 'position', order: 'ASC' } as const;

/**
 * docs/product.md §2 gives surveys a list and a view, no edit page: the title and the customer are
 * changed in a dialog here (PUT /surveys/{id}).
 */
const EditSurveyButton = () => {
  const survey = useRecordContext<Survey>();
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { canAccess } = useCanAccess({ resource: 'surveys', action: 'edit', record: survey });
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { tracker, guardedClose } = useGuardedClose(close);
  if (!survey || !canAccess) return null;
  return (
    <>
      <Button label="ra.action.edit" onClick={() => setOpen(true)} data-testid="survey-edit">
        <EditIcon />
      </Button>
      <Dialog open={open} onClose={guardedClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('fabquote.records.edit_title', { name: translate('resources.surveys.name', { smart_count: 1 }) })}</DialogTitle>
        <DialogContent sx={{ pb: 0 }}>
          <EditBase
            resource="surveys"
            id={survey.id}
            mutationMode="pessimistic"
            redirect={false}
            transform={changesOnly()}
            mutationOptions={{
              onSuccess: () => {
                close();
                notify(recordNoticeKey('surveys', 'updated'), { type: 'info', messageArgs: { smart_count: 1 } });
              },
            }}
          >
            <SimpleForm
              sx={{ px: 0 }}
              toolbar={
                <Toolbar sx={{ gap: 1, justifyContent: 'flex-end' }}>
                  <Button label="ra.action.cancel" onClick={guardedClose} />
                  <SaveButton />
                </Toolbar>
              }
            >
              {tracker}
              <SurveyInputs />
            </SimpleForm>
          </EditBase>
        </DialogContent>
      </Dialog>
    </>
  );
};

const SurveyActions = () => (
  <TopToolbar>
    <EditSurveyButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

/**
 * The inputs and what they made, read together so the review follows the inputs: both are read
 * again every 2 s while an input is Created or Processing, and once more (with the survey's counts)
 * when the last one finishes.
 */
const SurveyWork = () => {
  const survey = useRecordContext<Survey>();
  const ai = useAiStatus();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { canAccess: canAdd } = useCanAccess({ resource: 'survey-inputs', action: 'create' });
  // The special permission `ai.use` (docs/api-surveys.md): without it only drawings can be added.
  const { canAccess: canUseAi, isPending: aiPermissionPending } = useCanAccess({ resource: 'ai', action: 'use' });
  const [poll, setPoll] = useState<number | false>(false);
  const enabled = Boolean(survey?.id);
  const inputs = useGetList<SurveyInput>('survey-inputs', { filter: { surveyId: survey?.id }, pagination: ALL, sort: OLDEST_FIRST }, { enabled, refetchInterval: poll });
  const products = useGetList<SurveyProduct>('survey-products', { filter: { surveyId: survey?.id }, pagination: ALL, sort: BY_POSITION }, { enabled, refetchInterval: poll });

  const next = pollInterval(inputs.data);
  const polled = useRef(false);
  useEffect(() => {
    setPoll(next);
    // The last input just finished: its products, and the survey's counts, are new.
    if (polled.current && next === false) refresh();
    polled.current = next !== false;
  }, [next, refresh]);

  if (!survey) return null;
  const warning = ai?.warning || translate('resources.surveys.ai.warning');
  return (
    <>
      {canAdd ? (
        <>
          <AddInputPanel surveyId={String(survey.id)} aiRefused={aiRefusal(ai?.configured ?? true, aiPermissionPending || canUseAi === true)} warning={warning} />
          <Divider />
        </>
      ) : null}
      <InputsTable inputs={inputs.data} isPending={inputs.isPending} polling={poll !== false} />
      <Divider />
      <SurveyReview inputs={inputs.data ?? []} rows={products.data ?? []} />
    </>
  );
};

/** /surveys/:id/view: the survey's header, the Add input panel, its inputs with their results, and the review. */
export const SurveyShow = () => (
  <Show actions={<SurveyActions />}>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.surveys.sections.survey">
        <TextField source="number" />
        <TextField source="title" />
        <Labeled source="customerId">
          <ReferenceName source="customerId" reference="customers" />
        </Labeled>
      </ShowSection>
      <ShowSection title="resources.surveys.sections.created">
        <TextField source="createdByName" emptyText="--" />
        <Labeled source="createdAt">
          <DateValueField source="createdAt" withTime />
        </Labeled>
      </ShowSection>
    </Stack>
    <QuoteRequestPanel />
    <Divider />
    <Box>
      <SurveyWork />
    </Box>
  </Show>
);
