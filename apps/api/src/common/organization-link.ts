import { isIP } from 'node:net';

/**
 * A page of the console, linked from a mail the worker sends (it has no request to take the address
 * from). `base` is PUBLIC_URL: `{organization}` in it becomes the organization's slug
 * (`https://{organization}.fabquote.example`, as each organization is served on its own host name); on
 * localhost or an IP address, where no host name names the organization, `host=<slug>` is added.
 * Query values are base64url tokens, uuids and slugs: written as they are, so the preview's `…` stays readable.
 */
export function organizationLink(base: string, organizationSlug: string, path: string, query: Record<string, string> = {}): string {
  const root = base.replace('{organization}', organizationSlug).replace(/\/+$/, '');
  const hostname = new URL(root).hostname.replace(/^\[|\]$/g, '');
  const local = hostname === 'localhost' || isIP(hostname) !== 0;
  const parameters = Object.entries({ ...query, ...(local ? { host: organizationSlug } : {}) });
  return `${root}${path}${parameters.length > 0 ? `?${parameters.map(([name, value]) => `${name}=${value}`).join('&')}` : ''}`;
}
