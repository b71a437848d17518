import LockIcon from '@mui/icons-material/Lock';
import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ReactNode, useId, useState } from 'react';
import { Button, Show, TopToolbar, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api } from '../api/http-client';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { EditRecordButton } from '../shared/RecordButtons';
import { RecordTab, RecordTabs } from '../shared/RecordPages';
import { useNotifyError } from '../shared/useErrorNotice';
import { PurchaseRequestRecord } from './purchase-request-record';

/** docs/product.md §2: the request's view and its pages, each a route of its own shown as a tab. */
export const PURCHASE_REQUEST_TABS: readonly RecordTab[] = [
  { page: 'view', path: 'view' },
  { page: 'products', path: 'products' },
  { page: 'suppliers', path: 'suppliers' },
  { page: 'product-operations', path: 'product-operations' },
  { page: 'product-parts', path: 'product-parts' },
  { page: 'offers', path: 'offers' },
  { page: 'email-preview', path: 'email-preview' },
];

interface ConfirmProps {
  open: boolean;
  title: string;
  content: string;
  confirmLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** A yes/no question before an action that mails suppliers or ends submission. */
export const ConfirmDialog = ({ open, title, content, confirmLabel, pending, onClose, onConfirm }: ConfirmProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth onClick={(event) => event.stopPropagation()}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label={confirmLabel} variant="contained" disabled={pending} onClick={onConfirm} />
      </DialogActions>
    </Dialog>
  );
};

/**
 * POSTs `path` after a confirmation; the answer's `message` (the API's, in the reader's language)
 * or `successKey` is the notice, and the page reloads its records.
 */
export function usePostAction(successKey: string) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  const run = async (path: string, body?: object): Promise<boolean> => {
    setPending(true);
    try {
      await api.post<{ message?: string }>(path, body);
      notify(translate(successKey), { type: 'success' });
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

/** Send (permission purchase-requests.send): one mail to each supplier, after saying how many. */
const SendButton = () => {
  const record = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'purchase-requests', action: 'send' });
  const [open, setOpen] = useState(false);
  const { run, pending } = usePostAction('resources.purchase-requests.messages.sent');
  if (!record || !canAccess || record.status === 'closed') return null;
  const count = record.supplierCount ?? 0;
  return (
    <>
      <Button label="resources.purchase-requests.send.action" onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('resources.purchase-requests.send.title', { name: record.name })}
        content={translate('resources.purchase-requests.send.content', { smart_count: count })}
        confirmLabel="resources.purchase-requests.send.confirm"
        pending={pending}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          if (await run(`/purchase-requests/${encodeURIComponent(record.id)}/send`)) setOpen(false);
        }}
      />
    </>
  );
};

/** Close (edit permission): suppliers can no longer submit; the request reads "Posted". */
const CloseButton = () => {
  const record = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'purchase-requests', action: 'edit' });
  const [open, setOpen] = useState(false);
  const { run, pending } = usePostAction('resources.purchase-requests.close.done');
  if (!record || !canAccess || record.status === 'closed') return null;
  return (
    <>
      <Button label="resources.purchase-requests.close.action" onClick={() => setOpen(true)}>
        <LockIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('resources.purchase-requests.close.title', { name: record.name })}
        content={translate('resources.purchase-requests.close.content')}
        confirmLabel="resources.purchase-requests.close.confirm"
        pending={pending}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          if (await run(`/purchase-requests/${encodeURIComponent(record.id)}/close`)) setOpen(false);
        }}
      />
    </>
  );
};

const Actions = () => (
  <TopToolbar>
    <SendButton />
    <CloseButton />
    <EditRecordButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

/** A purchase request's page: send, close, edit and delete on top, its tabs, then `children`. */
export const PurchaseRequestPage = ({ children }: { children: ReactNode }) => (
  <Show actions={<Actions />}>
    <RecordTabs tabs={PURCHASE_REQUEST_TABS} />
    {children}
  </Show>
);
