/**
 * docs/product.md §1: before a text, a recording, a PDF or a picture goes to the AI provider, the
 * person sees the warning. The panel shows it all along; the first submission of the browser
 * session also asks for a confirmation, remembered in session storage (a new tab asks again).
 */
export const AI_WARNING_CONFIRMED_KEY = 'fabquote.surveys.ai-warning-confirmed';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether this submission must first be confirmed: it goes to the AI and the warning was not confirmed yet. */
export function mustConfirmAiWarning(goesToAi: boolean, store: SessionStore | null): boolean {
  if (!goesToAi) return false;
  try {
    return store?.getItem(AI_WARNING_CONFIRMED_KEY) !== 'yes';
  } catch {
    // Storage refused (private mode): ask every time rather than never.
    return true;
  }
}

export function rememberAiWarningConfirmed(store: SessionStore | null): void {
  try {
    store?.setItem(AI_WARNING_CONFIRMED_KEY, 'yes');
  } catch {
    // Nothing to remember it in: the next submission asks again.
  }
}
