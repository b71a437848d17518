import { API_URL } from '../api/http-client';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { downloadFile } from '../shared/download';
import { PublicApiError, publicCall, publicHeaders } from '../shared/public-api';
import type { PageLanguage } from './supplier-page';

/** A call of the supplier's page (shared/public-api.ts): failures the API did not word are said in the page's language. */
export function pageCall<T>(language: PageLanguage, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  return publicCall<T>(language, method, path, body, (status) => pageText(language, status >= 500 ? 'server_error' : 'request_failed'));
}

/** A file of the request, saved like a download (the organization header can not ride on a plain link). */
export function downloadPageFile(language: PageLanguage, path: string, fileName: string): Promise<void> {
  return downloadFile(`${API_URL}${path}`, publicHeaders(language, false), fileName, (status) => new PublicApiError(status, pageText(language, 'request_failed'), {}));
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
