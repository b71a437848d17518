import type { OfferForm, PageLanguage } from './supplier-page';

/**
 * What a supplier typed into its offer form, kept in the browser's local storage per request and
 * supplier (not per link): a page left open over a resend or a reminder, reloaded, or opened again with
 * the newer link shows it again. Pure over a `Storage`, so it is tested without a browser.
 * Dropped once submitted, and when the offer that counts was submitted after it (from elsewhere).
 */
export interface OfferDraft {
  form: OfferForm;
  /** The language its numbers were typed in ("12,50" is German): read back that way. */
  language: PageLanguage;
  savedAt: string;
}

export const draftKey = (purchaseRequestId: string, supplierId: string) => `fabquote.offer-draft.${purchaseRequestId}.${supplierId}`;

const isForm = (value: unknown): value is OfferForm =>
  typeof value === 'object' &&
  value !== null &&
  ['shippingDate', 'packagingCost', 'shippingCost', 'customsCost', 'leadTimeDays', 'additionalInformation'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string') &&
  typeof (value as Record<string, unknown>).prices === 'object' &&
  (value as Record<string, unknown>).prices !== null;

/** The draft typed here, unless the latest offer was submitted after it; a broken entry reads as none. */
export function readDraft(
  storage: Storage | null,
  purchaseRequestId: string,
  supplierId: string,
  latestSubmittedAt: string | null | undefined,
): Pick<OfferDraft, 'form' | 'language'> | null {
  if (!storage) return null;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(draftKey(purchaseRequestId, supplierId)) ?? 'null');
    const draft = parsed as Partial<OfferDraft> | null;
    if (!draft || !isForm(draft.form) || typeof draft.savedAt !== 'string' || (draft.language !== 'en' && draft.language !== 'de')) return null;
    if (latestSubmittedAt && new Date(latestSubmittedAt).getTime() >= new Date(draft.savedAt).getTime()) {
      storage.removeItem(draftKey(purchaseRequestId, supplierId));
      return null;
    }
    return { form: { ...draft.form, prices: { ...draft.form.prices } }, language: draft.language };
  } catch {
    return null;
  }
}

const same = (a: OfferForm, b: OfferForm) => JSON.stringify({ ...a, prices: sorted(a.prices) }) === JSON.stringify({ ...b, prices: sorted(b.prices) });
const sorted = (prices: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(prices)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Keeps `form` unless it is what the page started from (then nothing is kept); a full or blocked storage is no error. */
export function keepDraft(
  storage: Storage | null,
  purchaseRequestId: string,
  supplierId: string,
  typed: { form: OfferForm; language: PageLanguage },
  startedFrom: OfferForm,
  now: Date = new Date(),
): void {
  const { form, language } = typed;
  if (!storage) return;
  try {
    if (same(form, startedFrom)) storage.removeItem(draftKey(purchaseRequestId, supplierId));
    else storage.setItem(draftKey(purchaseRequestId, supplierId), JSON.stringify({ form, language, savedAt: now.toISOString() } satisfies OfferDraft));
  } catch {
    // Private mode or a full storage: the form still holds what was typed while the page is open.
  }
}

export function dropDraft(storage: Storage | null, purchaseRequestId: string, supplierId: string): void {
  try {
    storage?.removeItem(draftKey(purchaseRequestId, supplierId));
  } catch {
    // as above
  }
}

/** The browser's local storage, or null where it is blocked. */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
