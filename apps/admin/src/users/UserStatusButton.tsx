import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { useNotifyError } from '../shared/useErrorNotice';
import type { UserRecord } from './user-record';

/** Deactivating keeps the user and their history but ends their sign-ins; reactivating undoes it. */
export const UserStatusButton = () => {
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit', record });
  const [update, { isPending }] = useUpdate<UserRecord>();
  const [confirming, setConfirming] = useState(false);
  if (!record || !canAccess) return null;

  const setActive = (active: boolean) =>
    update(
      'users',
      { id: record.id, data: { active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(active ? 'resources.users.status.reactivated' : 'resources.users.status.deactivated', { type: 'success' });
        },
        onError: (error) => {
          setConfirming(false);
          notifyError(error, 'fabquote.errors.save_failed');
        },
      },
    );

  if (!record.active) {
    return (
      <Button label="resources.users.status.reactivate" onClick={() => setActive(true)} disabled={isPending}>
        <CheckCircleIcon />
      </Button>
    );
  }
  return (
    <>
      <Button label="resources.users.status.deactivate" color="error" onClick={() => setConfirming(true)} disabled={isPending}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="resources.users.status.deactivate_title"
        content="resources.users.status.deactivate_content"
        translateOptions={{ name: record.name }}
        onConfirm={() => setActive(false)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
