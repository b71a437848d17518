import { bodyMessage, fieldErrors } from '../api/http-errors';
import { API_URL } from '../api/http-client';
import { organizationHeader } from '../organization';

/**
 * The public pages (the supplier's, the customer's offer, the quote request) talk to the API on their own: no
 * session (a staff member's token in this browser must never be sent), the page's language for the API's
 * messages, and their own notices — a 401 there signs nobody out.
 */

/** An answer of the API that is no success: its status, the message in the page's language, the fields' messages. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** A public page's headers: its language, JSON when it sends JSON, and the organization where the host does not say it (localhost). */
export function publicHeaders(language: string, json: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language });
  if (json) headers.set('Content-Type', 'application/json');
  const organization = organizationHeader(window.location, window.localStorage);
  if (organization) headers.set('X-Organization', organization);
  return headers;
}

/**
 * One call of a public page: `body` is sent as JSON, or as a multipart form when it is `FormData`. A failure is a
 * `PublicApiError` with the API's message, or `fallback(status)` (in the page's words) when the API gave none.
 */
export async function publicCall<T>(language: string, method: 'GET' | 'POST', path: string, body: object | FormData | undefined, fallback: (status: number) => string): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${API_URL}${path}`, { method, headers: publicHeaders(language, json), body: json ? JSON.stringify(body) : (body as FormData | undefined) });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new PublicApiError(response.status, bodyMessage(parsed) ?? fallback(response.status), fieldErrors(parsed) ?? {});
  return parsed as T;
}
