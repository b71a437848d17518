import type { CustomerOfferPage } from '../api/contracts';
import { formatDateText, formatDateTimeText, knownTimeZone } from '../shared/dates';
import { moneyShown } from '../shared/exact-money';
import { formatNumber } from '../shared/numbers';
import { de } from '../i18n/de';
import { en } from '../i18n/en';

/** The customer's offer page (docs/api-orders.md "The customer's offer page"): pure rules of what it shows. */
export type OfferPage = CustomerOfferPage;
export type OfferLanguage = 'en' | 'de';

type Texts = (typeof en)['fabquote']['public_offer'];
export type OfferTextKey = keyof Texts;

/** A text of the page in its language, {placeholders} filled (the console's catalogue, en.ts and de.ts). */
export function offerText(language: OfferLanguage, key: OfferTextKey, values: Record<string, string | number> = {}): string {
  const texts: Texts = language === 'de' ? de.fabquote.public_offer : en.fabquote.public_offer;
  return String(texts[key]).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The page's language: the offer's (the order's `language`), whatever the browser says; English before it is known. */
export const offerLanguage = (page: OfferPage | null): OfferLanguage => (page?.offer.language === 'de' ? 'de' : 'en');

/** An amount as the PDF prints it: to the cent, rounded half up from the exact decimal text, in the page's language and the offer's currency. */
export const offerMoney = (value: string | null | undefined, language: OfferLanguage, currency: string): string => moneyShown(value, language, currency).shown;

/** A quantity as the PDF prints it: every digit, no trailing zeros ("120", "2,5"), with a free line's unit. */
export const offerQuantity = (value: string | null | undefined, language: OfferLanguage, unit?: string | null): string => {
  const digits = formatNumber(value, language);
  return unit?.trim() ? `${digits} ${unit.trim()}` : digits;
};

/** A percentage as the PDF prints it: de "2,5 %", en "2.5%". */
export const offerPercent = (value: string | null | undefined, language: OfferLanguage): string => {
  const digits = formatNumber(value, language);
  return language === 'de' ? `${digits}\u00a0%` : `${digits}%`;
};

/** A line's discount, shown only when there is one. */
export const hasDiscount = (value: string | null | undefined): boolean => Boolean(value && Number(value) !== 0);

/** A calendar day (valid until, delivery) in the page's notation. */
export const offerDate = (value: string | null | undefined, language: OfferLanguage): string => formatDateText(value ?? '', language);

/** An instant (accepted, asked, answered) on the organization's wall clock, the zone named. */
export const offerDateTime = (value: string | null | undefined, language: OfferLanguage, page: OfferPage): string =>
  value ? formatDateTimeText(value, language, knownTimeZone(page.organization.timeZone)) : '';

/** The PDF link: the page's own query (token, and `host` on localhost, where no host name names the organization). */
export function pdfLink(apiUrl: string, orderId: string, search: URLSearchParams): string {
  const query = new URLSearchParams();
  const token = search.get('token');
  const host = search.get('host');
  if (token) query.set('token', token);
  if (host) query.set('host', host);
  return `${apiUrl}/pub/offers/${encodeURIComponent(orderId)}/pdf?${query.toString()}`;
}
