import { RefObject, useCallback, useEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** Tells the dialog around a form whether it holds changes not saved yet (react-admin's rule: a field was changed, and not saved). */
const DirtyTracker = ({ dirty, discard }: { dirty: RefObject<boolean>; discard: RefObject<(() => void) | null> }) => {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const { reset } = useFormContext();
  const changed = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    dirty.current = changed;
  }, [dirty, changed]);
  useEffect(() => {
    discard.current = () => reset();
  }, [discard, reset]);
  return null;
};

/**
 * Leaving a form with unsaved changes asks first: the one guard of every dialog with a form.
 * Put `tracker` inside the form and close the dialog with `guardedClose` — its `onClose` (Escape, a click
 * beside it) and its Cancel button alike. Asked once, with react-admin's words. A dialog that closes by
 * navigating (a create dialog over its list, the purchase-request stepper) also keeps its form's
 * `warnWhenUnsavedChanges`, which asks on any other navigation (the browser's Back); once discarding is
 * confirmed here the form is reset before closing, so that blocker lets the navigation through without
 * asking a second time (react-admin proceeds by itself once the form is clean).
 */
export function useGuardedClose(close: () => void) {
  const translate = useTranslate();
  const dirty = useRef(false);
  const discard = useRef<(() => void) | null>(null);
  const guardedClose = useCallback(() => {
    if (dirty.current) {
      if (!window.confirm(translate('ra.message.unsaved_changes'))) return;
      discard.current?.();
    }
    dirty.current = false;
    close();
  }, [close, translate]);
  return { tracker: <DirtyTracker dirty={dirty} discard={discard} />, guardedClose };
}
