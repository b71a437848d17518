import { useEffect, useMemo, useRef } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DerivedValues, derivationState, derivedUpdates } from './derived-values';
import { formatQuantity } from './format';

/**
 * Keeps derived fields of the form around it following their inputs as the person edits: a field
 * that is empty or still holds what was derived before takes the new value; a typed value stays
 * (derived-values.ts). Nothing is set when the form opens, only on a change, so opening a record
 * never leaves unsaved changes behind. `ready` is false while something a derivation needs is still
 * loading (a material's density), so its arrival is not mistaken for the person's change.
 */
export function useDerivedValues<K extends string>(derived: DerivedValues<K>, ready = true): void {
  const { getValues, setValue } = useFormContext();
  const before = useRef<DerivedValues<K> | null>(null);
  // One object per distinct set of values, so a render that changes nothing sets nothing.
  const key = JSON.stringify(derived);
  const current = useMemo(() => JSON.parse(key) as DerivedValues<K>, [key]);
  useEffect(() => {
    if (!ready) return;
    const previous = before.current;
    before.current = current;
    if (previous === null) return;
    const updates = derivedUpdates(getValues() as Partial<Record<K, unknown>>, previous, current);
    for (const [field, value] of Object.entries(updates)) setValue(field, value, { shouldDirty: true, shouldValidate: true });
  }, [current, ready, getValues, setValue]);
}

/**
 * The helper text of a derived field: what it works out to ("Worked out: 1.671 kg"), that a typed value
 * differs from it, or, while inputs are missing, what it is worked out from (`missing`, a translation key).
 */
export function useDerivedHelper(source: string, derived: number | null, unit: string, missing: string, fractionDigits = 4): string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value = useWatch({ name: source });
  const state = derivationState(value, derived);
  if (state.kind === 'missing') return translate(missing);
  const shown = formatQuantity(state.value, locale, unit, fractionDigits);
  return translate(state.kind === 'derived' ? 'fabquote.derived.worked_out' : 'fabquote.derived.typed', { value: shown });
}
