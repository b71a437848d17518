import { DocumentFormat, documentKind, documentTitle, OrderDocument } from '@fabquote/documents';
import type { Locale } from '@fabquote/i18n';

export interface OrderPdfMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

const WORDS = {
  en: {
    greeting: (name: string | null) => (name ? `Dear ${name},` : 'Dear Sir or Madam,'),
    lead: { offer: 'please find attached our offer', confirmation: 'thank you for your order; please find attached our order confirmation' },
    summary: (total: string, validUntil: string | null) => `Total incl. VAT: ${total}${validUntil ? `; valid until ${validUntil}` : ''}.`,
    closing: 'If you have any questions, simply reply to this mail.',
    regards: 'Kind regards',
    online: 'View and accept the offer online:',
  },
  de: {
    greeting: (name: string | null) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    lead: { offer: 'anbei erhalten Sie unser Angebot', confirmation: 'vielen Dank für Ihren Auftrag; anbei erhalten Sie unsere Auftragsbestätigung' },
    summary: (total: string, validUntil: string | null) => `Gesamtbetrag inkl. MwSt.: ${total}${validUntil ? `; gültig bis ${validUntil}` : ''}.`,
    closing: 'Bei Fragen antworten Sie einfach auf diese E-Mail.',
    regards: 'Mit freundlichen Grüßen',
    online: 'Angebot online ansehen und annehmen:',
  },
} as const;

/**
 * The mail that carries an order's PDF to the customer's contact, in the order's language:
 * "Offer OR-2026-0001 – Acme Blech GmbH", a greeting, one sentence naming the document, its total
 * (and an offer's validity) written as the PDF writes them (`DocumentFormat`, libs/i18n's notation:
 * "158,19 €", "24.12.2026"), an offer's personal link to the customer's page (`offerLink`, docs/api-orders.md
 * "The customer's offer page"), the shop.
 */
export function orderPdfMail(document: OrderDocument, locale: Locale, offerLink: string | null = null): OrderPdfMail {
  const words = WORDS[locale];
  const title = documentTitle(document, locale);
  const subject = `${title}${document.name ? `: ${document.name}` : ''} – ${document.letterhead.name}`;
  const kind = documentKind(document.status);
  const lead = `${words.lead[kind]} ${document.number}${document.name ? ` (${document.name})` : ''}.`;
  const format = new DocumentFormat(locale, document.currency);
  const validUntil = kind === 'offer' && document.validUntil?.trim() ? format.formatDate(document.validUntil, 'validUntil') : null;
  const summary = words.summary(format.formatMoney(document.totals.totalWithVat, 'totals.totalWithVat'), validUntil);
  const online = offerLink ? `${words.online} ${offerLink}` : null;
  const paragraphs = [words.greeting(document.customer.contactName ?? null), `${lead}\n${summary}`, ...(online ? [online] : []), words.closing, `${words.regards}\n${document.letterhead.name}`];
  const html = (paragraph: string) =>
    paragraph === online ? `<p>${escape(words.online)} <a href="${escape(offerLink!)}">${escape(offerLink!)}</a></p>` : `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`;
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map(html).join('\n'),
  };
}
