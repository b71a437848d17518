import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ReactElement, useId, useRef, useState } from 'react';
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import { api, submissionErrors } from '../api/http-client';
import { useNotifyError } from '../shared/useErrorNotice';
import { mustConfirmAiWarning, rememberAiWarningConfirmed } from './ai-warning';
import { inputFormFields, InputsAdded, InputSubmission, needsAi } from './survey-record';

export interface SubmitResult {
  sent: boolean;
  /** The API's 422 for this submission's field (errors.files, errors.text, errors.audio). */
  fieldError?: string;
}

const FIELD: Record<InputSubmission['kind'], string> = { files: 'files', text: 'text', audio: 'audio' };

/** A 422's message for `field`, also when the API names one file of several (`files.2`). */
function fieldError(error: unknown, field: string): string | undefined {
  const errors = submissionErrors(error) ?? {};
  const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`));
  const message = key ? errors[key] : undefined;
  return typeof message === 'string' ? message : undefined;
}

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Sends one submission of the Add input panel as multipart POST /surveys/{id}/inputs, through the
 * console's HTTP client (its notices, its 401 handling). What goes to the AI provider is first
 * confirmed against docs/product.md §1's warning, once per browser session; `dialog` is that question.
 */
export function useAddInput(surveyId: string, warning: string): { submit: (submission: InputSubmission) => Promise<SubmitResult>; sending: boolean; dialog: ReactElement } {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [asking, setAsking] = useState(false);
  const waiting = useRef<{ submission: InputSubmission; resolve: (result: SubmitResult) => void } | null>(null);

  const post = async (submission: InputSubmission): Promise<SubmitResult> => {
    setSending(true);
    try {
      const body = new FormData();
      for (const [name, value] of inputFormFields(submission)) body.append(name, value as string | Blob);
      const answer = await api.post<InputsAdded>(`/surveys/${encodeURIComponent(surveyId)}/inputs`, body);
      notify('resources.surveys.add.added', { type: 'success', messageArgs: { smart_count: answer?.data?.length ?? 1 } });
      refresh();
      return { sent: true };
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return { sent: false, fieldError: fieldError(error, FIELD[submission.kind]) };
    } finally {
      setSending(false);
    }
  };

  const submit = (submission: InputSubmission): Promise<SubmitResult> => {
    if (!mustConfirmAiWarning(needsAi(submission), sessionStore())) return post(submission);
    return new Promise((resolve) => {
      waiting.current = { submission, resolve };
      setAsking(true);
    });
  };

  const answer = async (confirmed: boolean) => {
    const pending = waiting.current;
    waiting.current = null;
    setAsking(false);
    if (!pending) return;
    if (!confirmed) {
      pending.resolve({ sent: false });
      return;
    }
    rememberAiWarningConfirmed(sessionStore());
    pending.resolve(await post(pending.submission));
  };

  const dialog = (
    <Dialog open={asking} onClose={() => void answer(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="survey-ai-confirmation">
      <DialogTitle id={titleId}>{translate('resources.surveys.ai.confirm_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <DialogContentText>{translate('resources.surveys.ai.confirm_content')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={() => void answer(false)} />
        <Button label="resources.surveys.ai.confirm" variant="contained" onClick={() => void answer(true)} data-testid="survey-ai-confirm" />
      </DialogActions>
    </Dialog>
  );

  return { submit, sending, dialog };
}
