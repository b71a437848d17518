/**
 * What a log line may say of a URL: everything but the secrets its query carries. Supplier and customer
 * pages (`?token=`), reset and invitation links (`?token=`), the queue dashboard's operator key
 * (`/ops/queues?token=`), a code or key of any kind: each such parameter's value becomes `[Redacted]`, so
 * whoever reads the logs can not open a page in someone's name. The one redaction of every log line (the
 * request log's `url`, the exception filter's `url`).
 */
export const REDACTED = '[Redacted]';

/** Parameter names that are secrets whatever else they hold (compared lower-case, without `-`/`_`). */
const SECRET_NAMES = new Set(['code', 'otp', 'sig', 'signature', 'auth', 'authorization', 'session', 'sessionid', 'pass', 'pwd', 'credential', 'credentials', 'jwt', 'nonce']);
/** Parts of names that make a parameter a secret: `token`, `access_token`, `resetToken`, `key`, `apiKey`, `client_secret`, `password`. */
const SECRET_PARTS = ['token', 'key', 'secret', 'password', 'passwd'];

/** Whether a query parameter's name (raw, as in the URL; `token[]` and `a[token]` included) names a secret. */
export function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A broken escape is compared as written.
  }
  const plain = decoded.toLowerCase().replace(/[\s_\-.[\]]/g, '');
  return SECRET_NAMES.has(plain) || SECRET_PARTS.some((part) => plain.includes(part));
}

/** The URL (a path with its query, as requests give it) with every secret parameter's value replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const query = url.slice(start + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretParameter(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}
