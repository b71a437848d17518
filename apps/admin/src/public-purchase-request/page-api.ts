import { bodyMessage, fieldErrors } from '../api/http-errors';
import { API_URL } from '../api/http-client';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { organizationHeader } from '../organization';
import { downloadFile } from '../shared/download';
import type { PageLanguage } from './supplier-page';

/**
 * The supplier's page talks to the API on its own: no session (a staff member's token in this
 * browser must not be sent), its own language rather than the console's stored one, and its
 * own notices — a 401 here must not sign anyone out.
 */
export class PageApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

function headers(language: PageLanguage, json: boolean): Headers {
  const result = new Headers({ Accept: 'application/json', 'Accept-Language': language });
  if (json) result.set('Content-Type', 'application/json');
  const organization = organizationHeader(window.location, window.localStorage);
  if (organization) result.set('X-Organization', organization);
  return result;
}

export async function pageCall<T>(language: PageLanguage, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, { method, headers: headers(language, body !== undefined), body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const fallback = response.status >= 500 ? pageText(language, 'server_error') : pageText(language, 'request_failed');
    throw new PageApiError(response.status, bodyMessage(parsed) ?? fallback, fieldErrors(parsed) ?? {});
  }
  return parsed as T;
}

/** A file of the request, saved like a download (the organization header can not ride on a plain link). */
export function downloadPageFile(language: PageLanguage, path: string, fileName: string): Promise<void> {
  return downloadFile(`${API_URL}${path}`, headers(language, false), fileName, (status) => new PageApiError(status, pageText(language, 'request_failed'), {}));
}

type Texts = (typeof en)['fabquote']['public_purchase_request'];
export type PageTextKey = { [K in keyof Texts]: Texts[K] extends string ? K : never }[keyof Texts];

/** A text of the page in `language`, its {placeholders} filled (the console's catalogue, en.ts and de.ts). */
export function pageText(language: PageLanguage, key: PageTextKey, values: Record<string, string | number> = {}): string {
  const texts: Texts = language === 'de' ? de.fabquote.public_purchase_request : en.fabquote.public_purchase_request;
  return String(texts[key]).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A status or reminder label the console already has, in the page's language. */
export function statusText(language: PageLanguage, status: 'open' | 'closed'): string {
  return (language === 'de' ? de : en).fabquote.status.purchase_request[status];
}
