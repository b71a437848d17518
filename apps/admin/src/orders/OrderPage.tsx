import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton, MenuItem, TextField } from '@mui/material';
import { ReactNode, useCallback, useId, useState } from 'react';
import { Button, Form, Show, TextInput, TopToolbar, useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { api, API_URL, requestHeaders } from '../api/http-client';
import { LANGUAGE_NAMES } from '../shared/choices';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { downloadFile } from '../shared/download';
import { EditRecordButton } from '../shared/RecordButtons';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { useGuardedClose } from '../shared/useGuardedClose';
import { maxText } from '../shared/validators';
import { OrderRecord, OrderStatus, pdfFileName } from './order-record';

const orderPath = (order: OrderRecord, action: string) => `/orders/${encodeURIComponent(order.id)}/${action}`;

/**
 * "Mark as ordered" asks first: the customer said yes, which is final; the customer's order number
 * (their purchase order) may be noted on the way, stored on the order. A typed number is not thrown away
 * without asking (useGuardedClose).
 */
const MarkOrderedDialog = ({ order, onClose }: { order: OrderRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const { submit, pending } = useApiAction();
  const { tracker, guardedClose } = useGuardedClose(onClose);
  const confirm = (values: Record<string, unknown>) => {
    const typed = typeof values.customerOrderNumber === 'string' ? values.customerOrderNumber.trim() : '';
    return submit(() => api.post(orderPath(order, 'status'), { status: 'ordered', customerOrderNumber: typed || null }), 'resources.orders.messages.status_changed', onClose, {
      status: translate('fabquote.status.order.ordered'),
    });
  };
  return (
    <Dialog open onClose={guardedClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Form record={{ customerOrderNumber: order.customerOrderNumber ?? '' }} onSubmit={confirm} noValidate>
        {tracker}
        <DialogTitle id={titleId}>{translate('resources.orders.ordered_dialog.title', { number: order.number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('resources.orders.ordered_dialog.content')}</DialogContentText>
          <TextInput
            source="customerOrderNumber"
            label="resources.orders.fields.customerOrderNumber"
            helperText="resources.orders.helpers.customerOrderNumber"
            validate={maxText()}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={guardedClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" type="submit" disabled={pending} data-testid="order-ordered-confirm">
            {translate('resources.orders.transitions.ordered')}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/**
 * The statuses the order may go to from here (the API's `nextStatuses`, docs/api-orders.md's table), one
 * button each, so an illegal change is never a click away; labelled with
 * words on every screen (react-admin's buttons shrink to an icon on phones, and these have none). If the API
 * still refuses (someone else moved it) its 422 message is the notice.
 */
const StatusButtons = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'edit' });
  const { run, pending } = useApiAction();
  const [ordering, setOrdering] = useState(false);
  const closeOrdering = useCallback(() => setOrdering(false), []);
  if (!order || !canAccess) return null;
  const move = (status: OrderStatus) =>
    run(() => api.post(orderPath(order, 'status'), { status }), 'resources.orders.messages.status_changed', {
      status: translate(`fabquote.status.order.${status}`),
    });
  return (
    <>
      {order.nextStatuses.map((status) => (
        <MuiButton
          key={status}
          size="small"
          variant={status === 'ordered' || (status === 'offered' && order.status === 'draft') ? 'contained' : 'outlined'}
          disabled={pending}
          onClick={() => (status === 'ordered' ? setOrdering(true) : void move(status))}
          data-testid={`order-to-${status}`}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate(`resources.orders.transitions.${status}`)}
        </MuiButton>
      ))}
      {ordering ? <MarkOrderedDialog order={order} onClose={closeOrdering} /> : null}
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

/** Delete only where the API allows it (`deletable`: Draft or Declined), so it is never refused after typing DELETE. */
const DeleteOrderButton = () => {
  const order = useRecordContext<OrderRecord>();
  return order?.deletable ? <ConfirmDeleteButton /> : null;
};

/**
 * The order's actions: the status changes, the PDF, edit and delete where it applies. They wrap onto a
 * further row rather than overlap when the labels are long (German) or the screen narrow (a phone).
 */
const OrderToolbar = () => (
  <TopToolbar data-testid="order-toolbar" sx={{ flexWrap: 'wrap', alignItems: 'center', whiteSpace: 'normal', rowGap: 1, '& > *': { flexShrink: 0 }, px: { xs: 1, sm: 0.5 } }}>
    <StatusButtons />
    <DownloadPdfButton />
    <SendPdfButton />
    <EditRecordButton />
    <DeleteOrderButton />
  </TopToolbar>
);

/** An order's page: its actions on top, then `children` (the document). */
export const OrderPage = ({ children }: { children: ReactNode }) => <Show actions={<OrderToolbar />}>{children}</Show>;
