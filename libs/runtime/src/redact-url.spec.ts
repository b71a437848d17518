import { isSecretParameter, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the supplier page’s token and keeps the rest of the address', () => {
    expect(redactUrl('/api/v1/pub/purchase-requests/5f0c/9a1b?token=abc123&host=acme')).toBe('/api/v1/pub/purchase-requests/5f0c/9a1b?token=[Redacted]&host=acme');
  });

  it('hides reset links’ tokens, the operator key and any key, code or secret, however spelled', () => {
    expect(redactUrl('/reset-password?token=t0k&email=eva%40shop.example&invite=1')).toBe('/reset-password?token=[Redacted]&email=eva%40shop.example&invite=1');
    expect(redactUrl('/ops/queues?token=operator-key')).toBe('/ops/queues?token=[Redacted]');
    expect(redactUrl('/x?api_key=1&apiKey=2&CODE=3&client_secret=4&access-token=5&token[]=6&a[token]=7&q=8')).toBe(
      '/x?api_key=[Redacted]&apiKey=[Redacted]&CODE=[Redacted]&client_secret=[Redacted]&access-token=[Redacted]&token[]=[Redacted]&a[token]=[Redacted]&q=8',
    );
    expect(redactUrl('/x?%74oken=secret')).toBe('/x?%74oken=[Redacted]');
    expect(redactUrl('/x?token=a&token=b#token=c')).toBe('/x?token=[Redacted]&token=[Redacted]#token=c');
  });

  it('leaves addresses without secrets as they are', () => {
    for (const url of ['/api/v1/products', '/api/v1/products?_start=0&_end=25&q=token', '/a?', '/a?token', '/a?language_code=de']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl(undefined)).toBeUndefined();
  });

  it('names secrets by their parameter, not by their value', () => {
    expect(['token', 'reset_token', 'opsKey', 'password', 'otp', 'code', 'sig'].every(isSecretParameter)).toBe(true);
    expect(['q', 'host', 'email', 'id', '_sort', 'status', 'language_code'].some(isSecretParameter)).toBe(false);
  });
});
