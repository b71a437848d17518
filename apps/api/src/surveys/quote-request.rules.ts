import { isPhrase, Phrase } from '@fabquote/i18n';
import { FieldInvalid } from '../common/app-exception';

/** At most this many drawings per request (each at most 10 MB, the survey inputs' limit). */
export const MAX_QUOTE_FILES = 10;
/** Requests per client address and hour; the next is 429 with Retry-After. */
export const QUOTE_REQUEST_LIMIT = { perAddress: 5, windowMinutes: 60 } as const;

const MAX_QUANTITIES = 20;
const MAX_PIECES = 1_000_000;
const WHOLE = /^\d{1,7}$/;
const THICKNESS = /^\d{1,3}(\.\d{1,3})?$/;

/**
 * The stated quantities as the API takes them: plain whole numbers (a repeated form field, one field of numbers
 * separated by commas, semicolons or spaces, or a JSON list), 1 to 20 of them, each 1 to 1,000,000; stored sorted,
 * each once. Anything else is a 422 on `quantities` (the page writes what was typed in its language as such numbers).
 */
export function quoteQuantities(value: unknown): number[] {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(/[\s,;]+/).filter(Boolean) : typeof part === 'number' ? [String(part)] : [null],
  );
  if (parts.length === 0 || parts.length > MAX_QUANTITIES) throw new FieldInvalid('quantities', 'quote_quantities_invalid');
  const quantities = parts.map((part) => {
    if (part === null || !WHOLE.test(part)) throw new FieldInvalid('quantities', 'quote_quantities_invalid');
    const pieces = Number(part);
    if (pieces < 1 || pieces > MAX_PIECES) throw new FieldInvalid('quantities', 'quote_quantities_invalid');
    return pieces;
  });
  return [...new Set(quantities)].sort((a, b) => a - b);
}

/** The thickness wish in mm as an exact decimal text ("2.5"), or null; above 0, at most 100, three decimals; else a 422 on `thickness`. */
export function quoteThickness(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === '') return null;
  if (text === null || !THICKNESS.test(text) || !(Number(text) > 0) || Number(text) > 100) throw new FieldInvalid('thickness', 'quote_thickness_invalid');
  return text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** Mail providers anyone has an address at: a customer is never matched by these domains. */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  'outlook.com',
  'outlook.de',
  'hotmail.com',
  'hotmail.de',
  'live.com',
  'live.de',
  'msn.com',
  'yahoo.com',
  'yahoo.de',
  'icloud.com',
  'me.com',
  'mac.com',
  't-online.de',
  'aol.com',
  'freenet.de',
  'posteo.de',
  'mail.de',
  'proton.me',
  'protonmail.com',
]);

/** The domain a customer is matched by (lower case), or null for a free-mail address or none. */
export function companyDomain(email: string): string | null {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return domain && !FREE_MAIL_DOMAINS.has(domain) ? domain : null;
}

/** One part of a drawing priced: its name, how many the drawing holds, and per stated quantity the unit and total price (exact decimals). */
export interface IndicativePart {
  productId: string;
  name: string;
  count: number | null;
  tiers: Array<{ quantity: number; unitPrice: string; totalPrice: string }>;
}

/** What `surveys.quote-prices` decided for a drawing: priced at once, or staff will price it and why. */
export type DrawingVerdict = { state: 'priced'; currency: string; parts: IndicativePart[] } | { state: 'staff'; reason: Phrase; warnings?: Phrase[] };

/** A stored verdict, as read back (jsonb): anything malformed reads as not decided yet. */
export function storedVerdict(value: unknown): DrawingVerdict | null {
  if (!value || typeof value !== 'object') return null;
  const verdict = value as DrawingVerdict;
  if (verdict.state === 'priced' && Array.isArray(verdict.parts)) return verdict;
  if (verdict.state === 'staff' && isPhrase(verdict.reason)) return verdict;
  return null;
}

/** A drawing as the progress page reads it. */
export interface DrawingOnPage {
  status: 'created' | 'processing' | 'success' | 'error';
  reader: 'cad' | 'ai';
  contentType: string | null;
  /** The input's error as stored (a message key with its params). */
  error: { key: string; params?: Record<string, number> } | null;
  verdict: DrawingVerdict | null;
}

/**
 * The state the page shows for a drawing: `reading` until it is read (and, for a DXF, until its prices are decided),
 * `priced` with the indicative prices, or `staff` with the reason. An input that failed, a file that is no DXF and a
 * drawing priced by nobody yet (the job's verdict pending) follow from the input alone.
 */
export function drawingState(drawing: DrawingOnPage): { state: 'reading' } | { state: 'priced'; verdict: Extract<DrawingVerdict, { state: 'priced' }> } | { state: 'staff'; reason: Phrase; warnings?: Phrase[] } {
  // A STEP model, a PDF or an image is priced by staff whatever its reading gives (a PDF without an AI provider ends in error at once).
  if (drawing.contentType !== 'image/vnd.dxf') return drawing.status === 'success' || drawing.status === 'error' || drawing.reader === 'ai' ? { state: 'staff', reason: { key: 'quote_staff_not_dxf' } } : { state: 'reading' };
  if (drawing.status === 'error') {
    const reason: Phrase = drawing.error ? { key: drawing.error.key as Phrase['key'], params: drawing.error.params ?? {} } : { key: 'quote_staff_instant_off' };
    return { state: 'staff', reason: { key: 'quote_staff_unreadable', params: { reason } } };
  }
  if (drawing.status !== 'success' || !drawing.verdict) return { state: 'reading' };
  return drawing.verdict.state === 'priced' ? { state: 'priced', verdict: drawing.verdict } : drawing.verdict;
}
