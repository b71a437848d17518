import { organizationSlugFrom } from './organization-slug';

describe('organizationSlugFrom', () => {
  it('takes the first label of the host name', () => {
    expect(organizationSlugFrom({ host: 'acme.fabquote.example' })).toBe('acme');
    expect(organizationSlugFrom({ host: 'Acme.Fabquote.Example:8443' })).toBe('acme');
  });

  it('ignores the header and query parameter on a real host name', () => {
    expect(organizationSlugFrom({ host: 'acme.fabquote.example', header: 'other', query: 'third' })).toBe('acme');
  });

  it('reads X-Organization, then the host query parameter, on localhost and IP addresses', () => {
    expect(organizationSlugFrom({ host: 'localhost:3000', header: 'demo' })).toBe('demo');
    expect(organizationSlugFrom({ host: 'localhost:3000', query: 'demo' })).toBe('demo');
    expect(organizationSlugFrom({ host: '127.0.0.1:3000', header: 'Demo', query: 'other' })).toBe('demo');
    expect(organizationSlugFrom({ host: '[::1]:3000', query: 'demo' })).toBe('demo');
    expect(organizationSlugFrom({ host: '10.0.0.7', header: 'demo' })).toBe('demo');
  });

  it('treats app, www and empty as no organization', () => {
    expect(organizationSlugFrom({ host: 'app.fabquote.example' })).toBeNull();
    expect(organizationSlugFrom({ host: 'www.fabquote.example' })).toBeNull();
    expect(organizationSlugFrom({ host: 'localhost', header: 'www' })).toBeNull();
    expect(organizationSlugFrom({ host: 'localhost', header: '  ' })).toBeNull();
    expect(organizationSlugFrom({ host: 'localhost' })).toBeNull();
    expect(organizationSlugFrom({})).toBeNull();
  });
});
