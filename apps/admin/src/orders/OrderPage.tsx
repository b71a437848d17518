import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { ReactNode, useId, useState } from 'react';
import { Button, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { api, API_URL, requestHeaders } from '../api/http-client';
import { LANGUAGE_NAMES } from '../shared/choices';
import { downloadFile } from '../shared/download';
import { RecordShow, RecordTab } from '../shared/RecordPages';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { nextStatuses, OrderRecord, OrderStatus, pdfFileName } from './order-record';

/** docs/product.md §2: the order's view and its items, each a route of its own shown as a tab. */
export const ORDER_TABS: readonly RecordTab[] = [
  { page: 'view', path: 'view' },
  { page: 'items', path: 'items' },
];

const orderPath = (order: OrderRecord, action: string) => `/orders/${encodeURIComponent(order.id)}/${action}`;

/**
 * The statuses the order may go to from here (docs/api-orders.md), one button each; an illegal change
 * is never offered, and if the API still refuses (someone else moved it) its 422 message is the notice.
 */
const StatusButtons = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const { run, pending } = useApiAction();
  if (!order || !canAccess) return null;
  const move = (status: OrderStatus) =>
    run(() => api.post(orderPath(order, 'status'), { status }), 'resources.orders.messages.status_changed', {
      status: translate(`fabquote.status.order.${status}`),
    });
  return (
    <>
      {nextStatuses(order.status).map((status) => (
        <Button key={status} label={`resources.orders.transitions.${status}`} disabled={pending} onClick={() => void move(status)} data-testid={`order-to-${status}`} />
      ))}
    </>
  );
};

/** The offer (or order confirmation) as a PDF, fetched with the session's and the organization's headers. */
const DownloadPdfButton = () => {
  const order = useRecordContext<OrderRecord>();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState(false);
  if (!order) return null;
  const download = async () => {
    setPending(true);
    try {
      await downloadFile(`${API_URL}${orderPath(order, 'pdf')}`, requestHeaders(), pdfFileName(order), (status) => new Error(String(status)));
    } catch (error) {
      notifyError(error, 'resources.orders.pdf.failed');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label="resources.orders.pdf.download" disabled={pending} onClick={() => void download()} data-testid="order-pdf">
      <DownloadIcon />
    </Button>
  );
};

/**
 * Mails the PDF to the order's contact in a language chosen here (the order's, from its customer, unless
 * changed), after asking. Without a contact email there is nobody to send to: the dialog says so and
 * offers no Send (the API refuses it too).
 */
const SendPdfButton = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const titleId = useId();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState(false);
  const [language, setLanguage] = useState<string | null>(null);
  if (!order || !canAccess) return null;
  const chosen = language ?? order.language;
  // The API's answer names the address and the language it goes in; it is mailed by a job.
  const confirm = async () => {
    setPending(true);
    try {
      const answer = await api.post<{ message?: string }>(`${orderPath(order, 'send-pdf')}?language=${encodeURIComponent(chosen)}`);
      notify(answer?.message || translate('resources.orders.pdf.sent', { email: order.contactEmail ?? '' }), { type: 'success' });
      setOpen(false);
    } catch (error) {
      notifyError(error, 'fabquote.errors.request_failed');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button label="resources.orders.pdf.send" onClick={() => setOpen(true)} data-testid="order-send-pdf">
        <EmailIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{translate('resources.orders.pdf.send_title', { number: order.number })}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="order-send-pdf-text">
            {order.contactEmail ? translate('resources.orders.pdf.send_content', { email: order.contactEmail }) : translate('resources.orders.pdf.no_contact')}
          </DialogContentText>
          {order.contactEmail ? (
            <TextField
              select
              size="small"
              margin="normal"
              label={translate('resources.orders.fields.language')}
              value={chosen}
              onChange={(event) => setLanguage(event.target.value)}
              data-testid="order-send-pdf-language"
            >
              {Object.entries(LANGUAGE_NAMES).map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button label={order.contactEmail ? 'ra.action.cancel' : 'ra.action.close'} onClick={() => setOpen(false)} />
          {order.contactEmail ? <Button label="resources.orders.pdf.send" variant="contained" disabled={pending} onClick={() => void confirm()} /> : null}
        </DialogActions>
      </Dialog>
    </>
  );
};

/** An order's page: its status changes, the PDF, edit and delete on top, its tabs, then `children`. */
export const OrderPage = ({ children }: { children: ReactNode }) => (
  <RecordShow
    tabs={ORDER_TABS}
    actions={
      <>
        <StatusButtons />
        <DownloadPdfButton />
        <SendPdfButton />
      </>
    }
  >
    {children}
  </RecordShow>
);
