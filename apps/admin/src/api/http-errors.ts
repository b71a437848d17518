/**
 * What a failed API call tells the person (docs/product.md §8). Pure: the HTTP client
 * translates the fixed texts and throws; forms read the field errors.
 */
export type FixedNotice = 'session_expired' | 'forbidden' | 'server_error' | 'request_failed';

export type Notice = { text: string } | { fixed: FixedNotice };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const texts = (value: unknown): string[] => {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (isObject(value)) return Object.values(value).flatMap(texts);
  return [];
};

/** The API's text for an expired or missing token: the same in every language (docs/design.md §5). */
const UNAUTHENTICATED = new Set(['Unauthenticated.']);

/**
 * The message a body carries, in the spec's order: the `mfa_code`, a `message`
 * or `messages`, or the `errors` list or map, joined with line breaks.
 */
export function bodyMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (!isObject(body)) return null;
  for (const field of ['mfa_code', 'message', 'messages', 'errors']) {
    const found = texts(body[field]);
    if (found.length > 0) return found.join('\n');
  }
  return null;
}

export function noticeFor(status: number, body: unknown): Notice {
  if (status === 401) {
    const message = bodyMessage(body);
    const code = isObject(body) ? body.code : undefined;
    if (!message || UNAUTHENTICATED.has(message.trim()) || code === 'unauthenticated') return { fixed: 'session_expired' };
    return { text: message };
  }
  if (status === 403) {
    // The one 403 that is not about rights: the person is sent to the policy, so say why.
    const message = needsPrivacyPolicy(status, body) ? bodyMessage(body) : null;
    return message ? { text: message } : { fixed: 'forbidden' };
  }
  if (status >= 500) return { fixed: 'server_error' };
  const message = bodyMessage(body);
  return message ? { text: message } : { fixed: 'request_failed' };
}

/**
 * A 422's `errors` map as react-admin sets it on the form: one text per field
 * (lists joined), dotted paths kept. A list of errors names no field: null.
 */
export function fieldErrors(body: unknown): Record<string, string> | null {
  if (!isObject(body) || !isObject(body.errors)) return null;
  const result: Record<string, string> = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const message = texts(value).join('\n');
    if (message) result[field] = message;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The API asks for the privacy policy before anything else (docs/api-identity.md). */
export function needsPrivacyPolicy(status: number, body: unknown): boolean {
  return status === 403 && isObject(body) && body.code === 'privacy_policy_required';
}
