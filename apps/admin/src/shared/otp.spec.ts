import { emptyDigits, eraseInBox, otpValue, OTP_DEFAULT_LENGTH, pasteDigits, typeInBox } from './otp';

describe('one-time-password boxes', () => {
  it('has six boxes by default and any other count on request', () => {
    expect(OTP_DEFAULT_LENGTH).toBe(6);
    expect(emptyDigits()).toEqual(['', '', '', '', '', '']);
    expect(emptyDigits(4)).toHaveLength(4);
  });

  it('reports the value only when every box is filled', () => {
    expect(otpValue(['1', '2', '3', '4', '5', '6'])).toBe('123456');
    expect(otpValue(['1', '2', '', '4', '5', '6'])).toBe('');
    expect(otpValue(emptyDigits())).toBe('');
  });

  it('fills from pasted text, cut to the box count, and focuses the next empty box', () => {
    expect(pasteDigits('12345678')).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(pasteDigits('123 456', 6).digits.join('')).toBe('123456');
    expect(pasteDigits('98', 4)).toEqual({ digits: ['9', '8', '', ''], focus: 2 });
    expect(pasteDigits('no digits', 4).digits).toEqual(['', '', '', '']);
  });

  it('takes one typed digit per box and moves on', () => {
    expect(typeInBox(emptyDigits(4), 0, '7')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    expect(typeInBox(['1', '2', '3', ''], 3, '4')).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
  });

  it('replaces a filled box whichever side the new digit lands on', () => {
    expect(typeInBox(['3', '', ''], 0, '35').digits[0]).toBe('5');
    expect(typeInBox(['3', '', ''], 0, '53').digits[0]).toBe('5');
  });

  it('spreads several digits (autofill) over the following boxes', () => {
    expect(typeInBox(emptyDigits(6), 1, '98765')).toEqual({ digits: ['', '9', '8', '7', '6', '5'], focus: 5 });
  });

  it('ignores letters and clears an emptied box', () => {
    expect(typeInBox(['1', '', ''], 1, 'a')).toEqual({ digits: ['1', '', ''], focus: 1 });
    expect(typeInBox(['1', '2', ''], 1, '')).toEqual({ digits: ['1', '', ''], focus: 1 });
  });

  it('erases backwards on backspace', () => {
    expect(eraseInBox(['1', '2', '3'], 2)).toEqual({ digits: ['1', '2', ''], focus: 2 });
    expect(eraseInBox(['1', '2', ''], 2)).toEqual({ digits: ['1', '', ''], focus: 1 });
    expect(eraseInBox(['', '', ''], 0)).toEqual({ digits: ['', '', ''], focus: 0 });
  });
});
