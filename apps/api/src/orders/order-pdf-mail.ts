import { documentKind, documentTitle, OrderDocument } from '@fabquote/documents';
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
    closing: 'If you have any questions, simply reply to this mail.',
    regards: 'Kind regards',
  },
  de: {
    greeting: (name: string | null) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    lead: { offer: 'anbei erhalten Sie unser Angebot', confirmation: 'vielen Dank für Ihren Auftrag; anbei erhalten Sie unsere Auftragsbestätigung' },
    closing: 'Bei Fragen antworten Sie einfach auf diese E-Mail.',
    regards: 'Mit freundlichen Grüßen',
  },
} as const;

/**
 * The mail that carries an order's PDF to the customer's contact, in the order's language:
 * "Offer OR-2026-0001 – Acme Blech GmbH", a greeting, one sentence naming the document, the shop.
 */
export function orderPdfMail(document: OrderDocument, locale: Locale): OrderPdfMail {
  const words = WORDS[locale];
  const title = documentTitle(document, locale);
  const subject = `${title}${document.name ? `: ${document.name}` : ''} – ${document.letterhead.name}`;
  const lead = `${words.lead[documentKind(document.status)]} ${document.number}${document.name ? ` (${document.name})` : ''}.`;
  const paragraphs = [words.greeting(document.customer.contactName ?? null), lead, words.closing, `${words.regards}\n${document.letterhead.name}`];
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
