import { Alert, AlertColor, Box, Button, Snackbar } from '@mui/material';
import { PointerEvent, ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { NotificationPayload, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { noticeText } from './record-notice';

/** Toast rules of docs/product.md §4 and §9. */
export const NOTIFICATION_DURATION_MS = 5000;
const VIEWPORT_HOTKEY = 'F8';
/** A toast dragged this far to the right (touch, mouse or pen) closes when let go. */
export const SWIPE_CLOSE_PX = 50;
/** Below this a press is a click (the close button, Undo), not yet a swipe. */
const SWIPE_START_PX = 5;

const SEVERITY: Record<NotificationPayload['type'], AlertColor> = { success: 'success', info: 'info', warning: 'warning', error: 'error' };

let nextId = 0;

/**
 * A toast follows the pointer to the right and closes when let go past 50 px; short of that it
 * springs back. Pointer events, so touch and mouse alike; the pointer is captured only once it
 * moved, so a click on the close button or Undo stays a click.
 */
function useSwipeToClose(close: () => void) {
  const drag = useRef<{ pointerId: number; startX: number; captured: boolean } | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, captured: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = Math.max(0, event.clientX - current.startX);
    if (!current.captured && distance >= SWIPE_START_PX) {
      current.captured = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (current.captured) setOffset(distance);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    const distance = Math.max(0, event.clientX - current.startX);
    if (current.captured && event.type === 'pointerup' && distance > SWIPE_CLOSE_PX) close();
    else setOffset(0);
  };
  const reset = useCallback(() => setOffset(0), []);
  return { offset, reset, handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd } };
}

/**
 * react-admin's notifications, one at a time: a new one replaces the visible
 * one at once (react-admin's own queues them), and each closes after 5000 ms,
 * on its close button, on Escape or on a swipe to the right. F8 moves the focus to the
 * notification region (named "Notifications (F8)"), which is there even with no toast,
 * so the toast's buttons are the next Tab stops. The region is at most 420 px wide from
 * medium screens up. Error notices are the spec's "destructive" variant.
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
  const regionRef = useRef<HTMLElement>(null);

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
      if (event.key !== VIEWPORT_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', focusViewport);
    return () => window.removeEventListener('keydown', focusViewport);
  }, []);

  const close = useCallback(() => setOpen(false), []);
  const { offset, reset: resetSwipe, handlers: swipeHandlers } = useSwipeToClose(close);
  const currentId = current?.id;
  useEffect(() => resetSwipe(), [currentId, resetSwipe]);

  let toast: ReactNode = null;
  if (current) {
    const { message, type, notificationOptions = {} } = current.payload;
    const { autoHideDuration, messageArgs, undoable } = notificationOptions;
    const text = typeof message === 'string' ? noticeText(message, messageArgs ?? {}, translate) : message;
    toast = (
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
          severity={SEVERITY[type] ?? 'info'}
          variant="filled"
          onClose={close}
          closeText={translate('ra.action.close')}
          data-testid="notification"
          {...swipeHandlers}
          style={offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / (4 * SWIPE_CLOSE_PX)) } : undefined}
          // Horizontal drags reach the toast as pointer events; vertical ones still scroll the page.
          sx={{ width: '100%', whiteSpace: 'pre-line', touchAction: 'pan-y', userSelect: offset > 0 ? 'none' : undefined }}
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
  }

  return (
    <Box component="section" ref={regionRef} tabIndex={-1} aria-label={translate('fabquote.notifications.region')} data-testid="notification-region" sx={{ outline: 'none' }}>
      {toast}
    </Box>
  );
};
