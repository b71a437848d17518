import { bodyMessage, fieldErrors, needsPrivacyPolicy, noticeFor } from './http-errors';

describe('error notices (docs/product.md §8)', () => {
  it('show the mfa_code first, then message(s), then the errors joined with line breaks', () => {
    expect(bodyMessage({ message: 'The code is not valid', mfa_code: 'Der Code ist ungültig' })).toBe('Der Code ist ungültig');
    expect(bodyMessage({ message: 'These credentials do not match our records.', errors: { email: 'x' } })).toBe(
      'These credentials do not match our records.',
    );
    expect(bodyMessage({ messages: ['One', 'Two'] })).toBe('One\nTwo');
    expect(bodyMessage({ errors: ['First', 'Second'] })).toBe('First\nSecond');
    expect(bodyMessage({ errors: { password: 'Too short', password_confirmation: ['Passwords do not match'] } })).toBe(
      'Too short\nPasswords do not match',
    );
    expect(bodyMessage({})).toBeNull();
    expect(bodyMessage(null)).toBeNull();
  });

  it('use the body for 400, 401 and 422', () => {
    expect(noticeFor(400, { message: 'Bad list parameter' })).toEqual({ text: 'Bad list parameter' });
    expect(noticeFor(422, { errors: { token: 'This link is invalid' } })).toEqual({ text: 'This link is invalid' });
    expect(noticeFor(401, { message: 'The sign-in step has expired.' })).toEqual({ text: 'The sign-in step has expired.' });
    expect(noticeFor(429, { message: 'Too many sign-in attempts. Please try again in 15 minutes.' })).toEqual({
      text: 'Too many sign-in attempts. Please try again in 15 minutes.',
    });
  });

  it('replace Unauthenticated. by the session-expired notice', () => {
    expect(noticeFor(401, { message: 'Unauthenticated.' })).toEqual({ fixed: 'session_expired' });
    expect(noticeFor(401, { message: 'Nicht angemeldet.', code: 'unauthenticated' })).toEqual({ fixed: 'session_expired' });
    expect(noticeFor(401, undefined)).toEqual({ fixed: 'session_expired' });
  });

  it('use fixed texts for 403 and server errors', () => {
    expect(noticeFor(403, { message: 'Forbidden' })).toEqual({ fixed: 'forbidden' });
    expect(noticeFor(500, { message: 'A server error occurred during request execution', errorId: 'x' })).toEqual({ fixed: 'server_error' });
    expect(noticeFor(502, 'Bad gateway')).toEqual({ fixed: 'server_error' });
    expect(noticeFor(404, {})).toEqual({ fixed: 'request_failed' });
  });

  it('turn an errors map into one text per field for the inputs', () => {
    expect(fieldErrors({ message: 'The given data was invalid.', errors: { name: 'Too long', 'address.zip': ['A', 'B'] } })).toEqual({
      name: 'Too long',
      'address.zip': 'A\nB',
    });
    expect(fieldErrors({ errors: ['No field'] })).toBeNull();
    expect(fieldErrors({ errors: {} })).toBeNull();
    expect(fieldErrors({ message: 'x' })).toBeNull();
  });

  it('recognise the privacy-policy refusal', () => {
    expect(needsPrivacyPolicy(403, { code: 'privacy_policy_required' })).toBe(true);
    expect(needsPrivacyPolicy(403, { code: 'forbidden' })).toBe(false);
    expect(noticeFor(403, { message: 'Please accept the privacy policy to continue', code: 'privacy_policy_required' })).toEqual({
      text: 'Please accept the privacy policy to continue',
    });
  });
});
