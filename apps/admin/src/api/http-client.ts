import { fetchUtils, HttpError } from 'react-admin';
import { session } from '../auth/current-session';
import { i18nProvider } from '../i18n/i18n-provider';
import { organizationHeader } from '../organization';
import { fieldErrors, needsPrivacyPolicy, noticeFor } from './http-errors';

export const API_URL = '/api/v1';

/** What every call carries (docs/product.md §7, docs/api-identity.md). */
export function requestHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/vnd.api+json');
  // The API answers in the language the person reads the console in.
  headers.set('Accept-Language', i18nProvider.getLocale());
  const token = session.snapshot().token;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const organization = organizationHeader(window.location, window.localStorage);
  if (organization) headers.set('X-Organization', organization);
  return headers;
}

/**
 * Turns an error answer into the notice docs/product.md §8 prescribes (HttpError.message),
 * keeping the body; a 422's field errors go where react-admin's forms look for
 * them, with the notice as the form's root error so the form shows it too.
 * Errors without a response (network) pass unchanged.
 */
function toApiError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const { status, body } = error as HttpError & { body: unknown };
  if (status === 401) session.clear('expired');
  if (needsPrivacyPolicy(status, body)) session.requirePrivacy();
  const notice = noticeFor(status, body);
  const message = 'text' in notice ? notice.text : i18nProvider.translate(`fabquote.errors.${notice.fixed}`);
  const errors = fieldErrors(body);
  const base = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  // An errors list names no field; left in place react-admin would set it on fields "0", "1", ….
  const { errors: _ignored, ...rest } = base;
  const shaped = errors ? { ...rest, errors: { ...errors, root: { serverError: message } } } : rest;
  return new HttpError(message, status, shaped);
}

export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers: requestHeaders(options.headers as HeadersInit | undefined) });
  } catch (error) {
    throw toApiError(error);
  }
}

/** Identity calls outside react-admin's data provider; answers are unwrapped to their body. */
export const api = {
  get: async <T>(path: string): Promise<T> => (await httpClient(`${API_URL}${path}`)).json as T,
  post: async <T>(path: string, body?: object | FormData): Promise<T> => {
    const payload = body instanceof FormData ? body : JSON.stringify(body ?? {});
    return (await httpClient(`${API_URL}${path}`, { method: 'POST', body: payload })).json as T;
  },
};

/** The message to show for any failure: the API's notice, or the caller's fallback for errors without one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.message) return error.message;
  return fallback;
}

/** A 422's field errors in react-admin's shape, or undefined. */
export function submissionErrors(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, unknown>) : undefined;
}
