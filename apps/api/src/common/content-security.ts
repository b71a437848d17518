/**
 * The content security policy of everything the API serves (helmet's defaults and these): scripts from this
 * origin only, no inline script and no `eval` — the console's index.html and its built output, Swagger UI
 * (`/api/v1/docs`, whose init script is a file of its own) and the queue dashboard load every script from a
 * file. Images may be data: and blob: URLs (previews, avatars). Styles keep helmet's `'unsafe-inline'` (MUI
 * and Swagger UI write style attributes; a style can not run code).
 */
export const CONTENT_SECURITY_DIRECTIVES = {
  'script-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
};

/** The inline scripts of an HTML page (a `<script>` without `src` that runs, or an `on…=` handler attribute): none may be. */
export function inlineScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\bsrc\s*=/i.test(attributes) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) && body.trim() !== '')
    .map(([tag]) => tag.slice(0, 80));
  const handlers = [...html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)].map((match) => match[1]);
  return [...scripts, ...handlers];
}
