import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, submissionErrors } from '../api/http-client';

/** Shows a failure as a destructive notice: the API's message, else the screen's own fallback text. */
export function useNotifyError() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, fallbackKey: string) => notify(errorMessage(error, translate(fallbackKey)), { type: 'error' }),
    [notify, translate],
  );
}

/**
 * For a react-admin <Form onSubmit>: a 422's field errors are returned so the
 * form shows them beside the inputs (and its root error as the notice); any
 * other failure is notified here.
 */
export function useSubmitErrors() {
  const notifyError = useNotifyError();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const errors = submissionErrors(error);
      if (errors) return errors;
      notifyError(error, fallbackKey);
      return undefined;
    },
    [notifyError],
  );
}
