import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
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
  return { run, pending };
}
