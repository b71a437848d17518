import { KeyValueStorage, organizationHeader, resolveOrganization } from './organization';

const storage = (initial: Record<string, string> = {}): KeyValueStorage & { values: Record<string, string> } => {
  const values = { ...initial };
  return { values, getItem: (key) => values[key] ?? null, setItem: (key, value) => void (values[key] = value) };
};

describe('organization (docs/product.md §1)', () => {
  it('takes the first label of a real host name', () => {
    expect(resolveOrganization({ hostname: 'Acme.Fabquote.Example', search: '' }, storage())).toBe('acme');
  });

  it('on a real host name takes the host parameter, remembers it and sends it for the API to decide', () => {
    const remembered = storage();
    expect(resolveOrganization({ hostname: 'acme.fabquote.example', search: '?host=Other' }, remembered)).toBe('other');
    expect(remembered.values.organization).toBe('other');
    expect(organizationHeader({ hostname: 'acme.fabquote.example', search: '' }, remembered)).toBe('other');
    expect(organizationHeader({ hostname: 'acme.fabquote.example', search: '?host=www' }, remembered)).toBeNull();
  });

  it('treats app, www and empty as no organization', () => {
    expect(resolveOrganization({ hostname: 'app.fabquote.example', search: '' }, storage())).toBeNull();
    expect(resolveOrganization({ hostname: 'www.fabquote.example', search: '' }, storage())).toBeNull();
    expect(resolveOrganization({ hostname: 'localhost', search: '?host=' }, storage())).toBeNull();
    expect(resolveOrganization({ hostname: 'localhost', search: '?host=www' }, storage())).toBeNull();
  });

  it('on localhost reads the host parameter and remembers it, with demo as the default', () => {
    const remembered = storage();
    expect(resolveOrganization({ hostname: 'localhost', search: '' }, remembered)).toBe('demo');
    expect(resolveOrganization({ hostname: 'localhost', search: '?host=Acme' }, remembered)).toBe('acme');
    expect(remembered.values.organization).toBe('acme');
    expect(resolveOrganization({ hostname: '127.0.0.1', search: '' }, remembered)).toBe('acme');
    expect(resolveOrganization({ hostname: '[::1]', search: '' }, remembered)).toBe('acme');
  });

  it('sends X-Organization only where the host name does not say it', () => {
    expect(organizationHeader({ hostname: 'localhost', search: '' }, storage())).toBe('demo');
    expect(organizationHeader({ hostname: 'acme.fabquote.example', search: '' }, storage())).toBeNull();
  });
});
