import LockIcon from '@mui/icons-material/Lock';
import SendIcon from '@mui/icons-material/Send';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ReactElement, ReactNode, useId, useState } from 'react';
import { Button, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { api } from '../api/http-client';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { useApiAction } from '../shared/useApiAction';
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

interface PostActionProps {
  /** The button's label and icon. */
  label: string;
  icon: ReactElement;
  /** The permission on purchase-requests it needs (send, edit). */
  action: string;
  /** The question, already translated: "Send Brackets Q3?". */
  title: string;
  content: string;
  confirmLabel: string;
  /** The notice after it worked. */
  done: string;
  path: string;
  body?: object;
}

/**
 * An action that mails suppliers or ends submission (send, resend, close): a yes/no question, then a
 * POST of `path`; `done` is the notice and the page reloads its records.
 */
export const PostActionButton = ({ label, icon, action, title, content, confirmLabel, done, path, body }: PostActionProps) => {
  const titleId = useId();
  const { canAccess } = useCanAccess({ resource: 'purchase-requests', action });
  const [open, setOpen] = useState(false);
  const { run, pending } = useApiAction();
  if (!canAccess) return null;
  const confirm = async () => {
    if (await run(() => api.post(path, body), done)) setOpen(false);
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth onClick={(event) => event.stopPropagation()}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{content}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label={confirmLabel} variant="contained" disabled={pending} onClick={confirm} />
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The request's path for an action: /purchase-requests/:id/send. */
export const requestPath = (record: PurchaseRequestRecord, action: 'send' | 'close') => `/purchase-requests/${encodeURIComponent(record.id)}/${action}`;

interface RequestActionProps {
  /** Its texts are resources.purchase-requests.<action>.action, .title, .content and .confirm. */
  action: 'send' | 'close';
  icon: ReactElement;
  permission: string;
  done: string;
}

/**
 * Send (permission purchase-requests.send): one mail to each supplier, after saying how many. Close
 * (edit permission): suppliers can no longer submit; the request reads "Closed". Neither once closed.
 */
const RequestAction = ({ action, icon, permission, done }: RequestActionProps) => {
  const record = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  if (!record || record.status === 'closed') return null;
  const texts = `resources.purchase-requests.${action}`;
  return (
    <PostActionButton
      label={`${texts}.action`}
      icon={icon}
      action={permission}
      title={translate(`${texts}.title`, { name: record.name })}
      content={translate(`${texts}.content`, { smart_count: record.supplierCount ?? 0 })}
      confirmLabel={`${texts}.confirm`}
      done={done}
      path={requestPath(record, action)}
    />
  );
};

/** A purchase request's page: send, close, edit and delete on top, its tabs, then `children`. */
export const PurchaseRequestPage = ({ children }: { children: ReactNode }) => (
  <RecordShow
    tabs={PURCHASE_REQUEST_TABS}
    actions={
      <>
        <RequestAction action="send" icon={<SendIcon />} permission="send" done="resources.purchase-requests.messages.sent" />
        <RequestAction action="close" icon={<LockIcon />} permission="edit" done="resources.purchase-requests.close.done" />
      </>
    }
  >
    {children}
  </RecordShow>
);
