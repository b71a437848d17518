import { isIP } from 'node:net';
import { FabquoteRequest } from '../common/request-context';

/**
 * A link into the admin console for mails, on the address the request came to. On
 * localhost or an IP address the organization travels in the `host` query parameter.
 */
export function adminLink(request: FabquoteRequest, path: string, params: Record<string, string>): string {
  const host = request.get('host') ?? 'localhost';
  const url = new URL(path, `${request.protocol}://${host}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if ((hostname === 'localhost' || isIP(hostname) !== 0) && request.organization) url.searchParams.set('host', request.organization.slug);
  return url.toString();
}
