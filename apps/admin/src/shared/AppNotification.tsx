import { Alert, AlertColor, Button, Snackbar } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NotificationPayload, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { noticeText } from './record-notice';

/** Toast rules of docs/product.md §4 and §9. */
export const NOTIFICATION_DURATION_MS = 5000;
const VIEWPORT_HOTKEY = 'F8';

const SEVERITY: Record<NotificationPayload['type'], AlertColor> = { success: 'success', info: 'info', warning: 'warning', error: 'error' };

let nextId = 0;

/**
 * react-admin's notifications, one at a time: a new one replaces the visible
 * one at once (react-admin's own queues them), and each closes after 5000 ms,
 * on its close button or on Escape. Error notices are the spec's "destructive" variant.
 * Signing in or out takes the visible notice away: what was said to one session (or on the
 * sign-in page) is not news to the next. A notice the change itself brings (the session expired,
 * the password was reset) comes after it and stays.
 */
export const AppNotification = () => {
  const { notifications, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ id: number; payload: NotificationPayload } | null>(null);
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const settleUndoable = useCallback(
    (payload: NotificationPayload | undefined, isUndo: boolean) => {
      if (payload?.notificationOptions?.undoable) takeMutation()?.({ isUndo });
    },
    [takeMutation],
  );

  const shown = useRef(current);
  const signedIn = useSession().stage === 'signed-in';
  const wasSignedIn = useRef(signedIn);
  // Before the effect below, so a notice arriving with the change is shown after the old one is gone.
  useEffect(() => {
    if (wasSignedIn.current === signedIn) return;
    wasSignedIn.current = signedIn;
    settleUndoable(shown.current?.payload, false);
    shown.current = null;
    setCurrent(null);
    setOpen(false);
  }, [signedIn, settleUndoable]);

  useEffect(() => {
    if (notifications.length === 0) return;
    const latest = notifications[notifications.length - 1];
    setNotifications([]);
    // A replaced notice that offered Undo is committed, as if it had timed out.
    settleUndoable(shown.current?.payload, false);
    nextId += 1;
    shown.current = { id: nextId, payload: latest };
    setCurrent(shown.current);
    setOpen(true);
  }, [notifications, setNotifications, settleUndoable]);

  useEffect(() => {
    const focusViewport = (event: KeyboardEvent) => {
      if (event.key === VIEWPORT_HOTKEY) alertRef.current?.focus();
    };
    window.addEventListener('keydown', focusViewport);
    return () => window.removeEventListener('keydown', focusViewport);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current.payload;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const text = typeof message === 'string' ? noticeText(message, messageArgs ?? {}, translate) : message;

  return (
    <Snackbar
      key={current.id}
      open={open}
      autoHideDuration={autoHideDuration === undefined ? NOTIFICATION_DURATION_MS : autoHideDuration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{
        transition: {
          onExited: () => {
            if (shown.current?.id !== current.id) return;
            if (undoable) settleUndoable(current.payload, false);
            shown.current = null;
            setCurrent(null);
          },
        },
      }}
      sx={{ maxWidth: { md: 420 } }}
    >
      <Alert
        ref={alertRef}
        tabIndex={-1}
        severity={SEVERITY[type] ?? 'info'}
        variant="filled"
        onClose={close}
        closeText={translate('ra.action.close')}
        data-testid="notification"
        sx={{ width: '100%', whiteSpace: 'pre-line' }}
        action={
          undoable ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                settleUndoable(current.payload, true);
                shown.current = { ...current, payload: { ...current.payload, notificationOptions: { ...notificationOptions, undoable: false } } };
                setCurrent(shown.current);
                close();
              }}
            >
              {translate('ra.action.undo')}
            </Button>
          ) : undefined
        }
      >
        {text}
      </Alert>
    </Snackbar>
  );
};
