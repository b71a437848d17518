import { useEffect, useState } from 'react';
import { useI18nProvider } from 'react-admin';
import { api } from '../api/http-client';
import type { AiStatus } from './survey-record';

/**
 * GET /surveys/ai-status: whether an AI provider is configured, and docs/product.md §1's warning in
 * the reader's language (asked again when the console's language changes, as the request says it).
 * Null until it answers, and when it can not be read: the panel then shows its own copy of the
 * warning and leaves every tab open (the API still refuses what it can not read).
 */
export function useAiStatus(): AiStatus | null {
  // The language the requests are sent in (the i18n provider's), not the store's: the store changes first, and a
  // request asked then would still go out in the old language (react-admin re-renders the console once the
  // provider has switched).
  const locale = useI18nProvider().getLocale();
  const [status, setStatus] = useState<AiStatus | null>(null);
  useEffect(() => {
    let current = true;
    api.get<AiStatus>('/surveys/ai-status').then(
      (answer) => {
        if (current && answer && typeof answer.configured === 'boolean') setStatus(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return status;
}
