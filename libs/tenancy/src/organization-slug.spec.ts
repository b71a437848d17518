import { isOnDomain, organizationSlugFrom } from './organization-slug';

describe('organizationSlugFrom', () => {
  it('takes the first label of the host name', () => {
    expect(organizationSlugFrom({ host: 'acme.fabquote.example' })).toBe('acme');
    expect(organizationSlugFrom({ host: 'Acme.Fabquote.Example:8443' })).toBe('acme');
  });

  it('lets the host query parameter (or the header carrying it) choose on any host that is not the staging domain', () => {
    expect(organizationSlugFrom({ host: 'acme.fabquote.example', query: 'Beta' })).toBe('beta');
    expect(organizationSlugFrom({ host: 'app.fabquote.example', query: 'beta' })).toBe('beta');
    expect(organizationSlugFrom({ host: 'fabquote-preview.example.net:8443', header: 'beta', query: 'other' })).toBe('beta');
    expect(organizationSlugFrom({ host: 'acme.fabquote.example', query: 'beta', stagingDomain: 'staging.fabquote.example' })).toBe('beta');
    expect(organizationSlugFrom({ host: 'acme.fabquote.example', query: 'www' })).toBeNull();
    expect(organizationSlugFrom({ host: 'acme.fabquote.example' })).toBe('acme');
  });

  it('on the staging domain takes the host name only', () => {
    const stagingDomain = 'staging.fabquote.example';
    expect(organizationSlugFrom({ host: 'acme.staging.fabquote.example', query: 'beta', stagingDomain })).toBe('acme');
    expect(organizationSlugFrom({ host: 'Acme.Staging.Fabquote.Example:443', header: 'beta', stagingDomain: ' .Staging.Fabquote.Example. ' })).toBe('acme');
    expect(organizationSlugFrom({ host: 'www.staging.fabquote.example', query: 'beta', stagingDomain })).toBeNull();
    // A look-alike is not the staging domain.
    expect(organizationSlugFrom({ host: 'acme.notstaging.fabquote.example', query: 'beta', stagingDomain })).toBe('beta');
    expect(organizationSlugFrom({ host: 'staging.fabquote.example.evil.example', query: 'beta', stagingDomain })).toBe('beta');
  });

  it('knows the staging domain and its subdomains', () => {
    expect(isOnDomain('acme.staging.fabquote.example', 'staging.fabquote.example')).toBe(true);
    expect(isOnDomain('staging.fabquote.example:3000', 'staging.fabquote.example')).toBe(true);
    expect(isOnDomain('xstaging.fabquote.example', 'staging.fabquote.example')).toBe(false);
    expect(isOnDomain('acme.staging.fabquote.example', undefined)).toBe(false);
    expect(isOnDomain('acme.staging.fabquote.example', '  ')).toBe(false);
  });

  it('reads X-Organization, then the host query parameter, on localhost and IP addresses, staging domain or not', () => {
    expect(organizationSlugFrom({ host: 'localhost:3000', query: 'demo', stagingDomain: 'staging.fabquote.example' })).toBe('demo');
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
