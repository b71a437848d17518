/**
 * The public quote page (docs/api-surveys.md "The quote-request page"): the form's rules and texts, pure, so they are
 * tested without a browser. The API checks all of it again; numbers are read in the page's language
 * (`shared/numbers.ts`) and sent as plain numbers.
 */
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { formatNumber, numberExample, readNumber, readNumberList } from '../shared/numbers';

export type PageLanguage = 'en' | 'de';

/** `?lang=` when it names one of the two languages, else the organization's, else English. */
export function pageLanguage(requested: string | null, organizationLanguage: string | null | undefined): PageLanguage {
  for (const candidate of [requested, organizationLanguage]) {
    const language = (candidate ?? '').trim().toLowerCase().slice(0, 2);
    if (language === 'en' || language === 'de') return language;
  }
  return 'en';
}

type Texts = (typeof en)['fabquote']['public_quote'];
export type QuoteTextKey = keyof Texts;

/** A text of the page in `language`, its {placeholders} filled. */
export function quoteText(language: PageLanguage, key: QuoteTextKey, values: Record<string, string | number> = {}): string {
  const texts: Texts = language === 'de' ? de.fabquote.public_quote : en.fabquote.public_quote;
  return String(texts[key]).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A reading problem of `shared/numbers.ts` in the page's language, with the notation expected. */
function numberMessage(language: PageLanguage, problem: 'not_a_number' | 'ambiguous' | 'whole', entry: string, suggestion: string | undefined): string {
  const template = (language === 'de' ? de : en).fabquote.numbers[problem];
  const values: Record<string, string> = { entry: entry.trim(), suggestion: suggestion ?? '', example: numberExample(language), thousand: formatNumber(1000, language) };
  return String(template).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** What is typed: texts, so "1.000" or "2,5" stay as the customer left them. */
export interface QuoteForm {
  company: string;
  name: string;
  email: string;
  quantities: string;
  /** A material's id, `other`, or '' (none chosen). */
  materialId: string;
  materialText: string;
  thickness: string;
  note: string;
  website: string;
}

export const EMPTY_FORM: QuoteForm = { company: '', name: '', email: '', quantities: '', materialId: '', materialText: '', thickness: '', note: '', website: '' };

/** What the API takes: plain numbers, the material by id or in words. */
export interface QuotePayload {
  company: string;
  name: string;
  email: string;
  quantities: string[];
  materialId: string | null;
  materialText: string | null;
  thickness: string | null;
  note: string | null;
  website: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form read in the page's language: the payload, or a message per field that can not be sent. */
export function readQuoteForm(form: QuoteForm, files: readonly { name: string; size: number }[], limits: { maxFiles: number; maxFileBytes: number }, language: PageLanguage): { payload?: QuotePayload; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  for (const field of ['company', 'name', 'email', 'quantities'] as const) if (!form[field].trim()) problems[field] = quoteText(language, 'required');
  if (form.email.trim() && !EMAIL.test(form.email.trim())) problems.email = quoteText(language, 'invalid_email');
  const quantities = readNumberList(form.quantities, language, { whole: true });
  if (quantities.problem !== undefined) problems.quantities = numberMessage(language, quantities.problem, quantities.entry, quantities.suggestion);
  const thickness = readNumber(form.thickness, language);
  if (thickness.problem !== undefined) problems.thickness = numberMessage(language, thickness.problem, form.thickness, thickness.suggestion);
  const size = `${formatNumber(limits.maxFileBytes / (1024 * 1024), language)} MB`;
  if (files.length === 0) problems.files = quoteText(language, 'files_required');
  else if (files.length > limits.maxFiles) problems.files = quoteText(language, 'too_many_files', { count: limits.maxFiles });
  else {
    const large = files.find((file) => file.size > limits.maxFileBytes);
    if (large) problems.files = quoteText(language, 'file_too_large', { name: large.name, size });
  }
  if (Object.keys(problems).length > 0) return { problems };
  const other = form.materialId === 'other' || form.materialId === '';
  return {
    problems,
    payload: {
      company: form.company.trim(),
      name: form.name.trim(),
      email: form.email.trim(),
      quantities: quantities.values ?? [],
      materialId: other ? null : form.materialId,
      materialText: other ? form.materialText.trim() || null : null,
      thickness: thickness.value ?? null,
      note: form.note.trim() || null,
      website: form.website,
    },
  };
}

/** The payload and files as the multipart form `POST /pub/quote` takes. */
export function quoteFormData(payload: QuotePayload, files: readonly File[]): FormData {
  const data = new FormData();
  for (const field of ['company', 'name', 'email', 'website'] as const) data.append(field, payload[field]);
  for (const quantity of payload.quantities) data.append('quantities', quantity);
  if (payload.materialId) data.append('materialId', payload.materialId);
  if (payload.materialText) data.append('materialText', payload.materialText);
  if (payload.thickness) data.append('thickness', payload.thickness);
  if (payload.note) data.append('note', payload.note);
  for (const file of files) data.append('files', file, file.name);
  return data;
}
