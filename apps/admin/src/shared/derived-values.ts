import { numberOrNull } from './format';

/**
 * Figures a form works out from other fields (a product's weight from its blank, a sheet's weight from
 * its dimensions): each is `null` while what it needs is missing.
 */
export type DerivedValues<K extends string> = Record<K, number | null>;

/** Rounded to the four decimals the database keeps (numeric(14, 4)), so a value saved and read back still equals its derivation. */
export function roundStored(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A dimension or density as the form holds it: a number above zero, else unknown. */
export function positiveOrNull(value: unknown): number | null {
  const number = numberOrNull(value);
  return number !== null && number > 0 ? number : null;
}

/**
 * Whether a field still follows its derivation: it is empty, or it holds what was derived before.
 * Anything else the person typed, and a typed value wins over any derivation.
 */
export function followsDerivation(current: unknown, derivedBefore: number | null): boolean {
  if (isEmpty(current)) return true;
  const number = numberOrNull(current);
  return number !== null && derivedBefore !== null && roundStored(number) === derivedBefore;
}

/**
 * What to set when the inputs of the derivations change from `before` to `after`: each field that
 * follows its derivation gets the new value (`null` empties it again when its inputs are gone); typed
 * fields and fields already right are left alone.
 */
export function derivedUpdates<K extends string>(current: Partial<Record<K, unknown>>, before: DerivedValues<K>, after: DerivedValues<K>): Partial<DerivedValues<K>> {
  const updates: Partial<DerivedValues<K>> = {};
  for (const field of Object.keys(after) as K[]) {
    const value = current[field];
    if (!followsDerivation(value, before[field])) continue;
    const next = after[field];
    if (next === null ? isEmpty(value) : numberOrNull(value) === next) continue;
    updates[field] = next;
  }
  return updates;
}

/** How a derived field explains itself: following (`derived`), typed over (`typed`), or waiting for its inputs (`missing`). */
export type DerivationState = { kind: 'derived'; value: number } | { kind: 'typed'; value: number } | { kind: 'missing' };

export function derivationState(current: unknown, derived: number | null): DerivationState {
  if (derived === null) return { kind: 'missing' };
  return followsDerivation(current, derived) ? { kind: 'derived', value: derived } : { kind: 'typed', value: derived };
}
