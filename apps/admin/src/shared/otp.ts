/**
 * The one-time-password boxes (docs/product.md §5, §9): one digit per box, the value is
 * reported only when every box is filled, a paste fills from the start, cut to
 * the number of boxes. Pure, so the component only wires events to it.
 */
export const OTP_DEFAULT_LENGTH = 6;

export interface OtpState {
  digits: string[];
  /** The box that should have the focus afterwards. */
  focus: number;
}

const DIGIT = /\d/g;

export function emptyDigits(length: number = OTP_DEFAULT_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

/** The code once all boxes hold a digit, else ''. */
export function otpValue(digits: readonly string[]): string {
  return digits.length > 0 && digits.every((digit) => /^\d$/.test(digit)) ? digits.join('') : '';
}

function firstEmptyOrLast(digits: readonly string[]): number {
  const empty = digits.findIndex((digit) => digit === '');
  return empty === -1 ? digits.length - 1 : empty;
}

/** Pasted text → boxes: its digits from the first box on, cut to the box count. */
export function pasteDigits(text: string, length: number = OTP_DEFAULT_LENGTH): OtpState {
  const pasted = (text.match(DIGIT) ?? []).slice(0, length);
  const digits = emptyDigits(length).map((_, index) => pasted[index] ?? '');
  return { digits, focus: firstEmptyOrLast(digits) };
}

/**
 * What the box at `index` holds after the browser changed it to `input`. One new
 * digit replaces the box and moves on; several (autofill, fast typing) fill the
 * following boxes; anything without a digit leaves the box as it was, unless the
 * box was emptied.
 */
export function typeInBox(digits: readonly string[], index: number, input: string): OtpState {
  const next = [...digits];
  if (input === '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const typed = input.match(DIGIT) ?? [];
  if (typed.length === 0) return { digits: next, focus: index };
  // A box that already held a digit receives old and new together, in either order.
  let incoming = typed;
  const old = digits[index];
  if (old !== '' && typed.length === 2 && typed.includes(old)) incoming = [typed[1 - typed.indexOf(old)]];
  let position = index;
  for (const digit of incoming) {
    if (position >= next.length) break;
    next[position] = digit;
    position += 1;
  }
  return { digits: next, focus: Math.min(position, next.length - 1) };
}

/** Backspace: clear this box, or when it is already empty, the one before, and go there. */
export function eraseInBox(digits: readonly string[], index: number): OtpState {
  const next = [...digits];
  if (next[index] !== '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { digits: next, focus: previous };
}
