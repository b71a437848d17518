import { RefObject, useCallback, useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** Tells the dialog around a form whether it holds changes not saved yet (react-admin's rule: a field was changed, and not saved). */
const DirtyTracker = ({ dirty }: { dirty: RefObject<boolean> }) => {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const changed = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    dirty.current = changed;
  }, [dirty, changed]);
  return null;
};

/**
 * Leaving a form with unsaved changes asks first. Pages get this from react-admin
 * (`warnWhenUnsavedChanges`, which only sees navigation); a dialog that closes without
 * navigating (a price row, an invitation) asks here, with react-admin's words: put `tracker`
 * inside the form and close the dialog with `guardedClose`.
 */
export function useGuardedClose(close: () => void) {
  const translate = useTranslate();
  const dirty = useRef(false);
  const guardedClose = useCallback(() => {
    if (dirty.current && !window.confirm(translate('ra.message.unsaved_changes'))) return;
    dirty.current = false;
    close();
  }, [close, translate]);
  return { tracker: <DirtyTracker dirty={dirty} />, guardedClose };
}
