import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { submissionErrors } from '../api/http-client';
import { useNotifyError } from './useErrorNotice';

/**
 * A call the person started (send, upload): `pending` while it runs, so its button waits; the API's
 * message as the notice when it fails; `done` as the notice and the page's records reloaded when it worked.
 */
export function useApiAction() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string, doneArgs?: Record<string, unknown>): Promise<boolean> => {
    setPending(true);
    try {
      await call();
      notify(done, { type: 'success', messageArgs: doneArgs });
      refresh();
      return true;
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return false;
    } finally {
      setPending(false);
    }
  };
  /**
   * The same around a form's submit: resolves to nothing when it worked (after `then`, e.g. closing the dialog), else
   * to the API's field errors, which react-admin's form shows beside their fields.
   */
  const submit = async (call: () => Promise<unknown>, done: string, then?: () => void, doneArgs?: Record<string, unknown>): Promise<Record<string, unknown> | undefined> => {
    setPending(true);
    try {
      await call();
      notify(done, { type: 'success', messageArgs: doneArgs });
      then?.();
      refresh();
      return undefined;
    } catch (error) {
      notifyError(error, 'fabquote.errors.save_failed');
      return submissionErrors(error);
    } finally {
      setPending(false);
    }
  };
  return { run, submit, pending };
}
