import { Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';
import { organizationLink } from './mail-links';


/** What both mails about a supplier's question say about it. */
export interface QuestionMailData {
  /** The shop (the organization's name). */
  shop: string;
  requestNumber: string;
  requestName: string;
  supplierName: string;
  question: string;
}

/** Staff's page of a request's offers, where its questions are answered. */
export const offersPageLink = (base: string, organizationSlug: string, purchaseRequestId: string) =>
  organizationLink(base, organizationSlug, `/purchase-requests/${purchaseRequestId}/offers`);

/**
 * The supplier's page without a token: a new token is made only by a new request mail, and the answer
 * mail must not take the supplier's access away, so it names the page and says to open it with the link
 * of the request mail (docs/api-procurement.md, "Jobs").
 */
export const supplierPageAddress = (base: string, organizationSlug: string, purchaseRequestId: string, supplierId: string) =>
  organizationLink(base, organizationSlug, `/pub/purchase-requests/${purchaseRequestId}/${supplierId}`);


const ASKED = {
  en: {
    subject: (d: QuestionMailData) => `Question from ${d.supplierName} on ${d.requestNumber}: ${d.requestName}`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (d: QuestionMailData) => `${d.supplierName} asked a question on purchase request ${d.requestNumber} "${d.requestName}":`,
    open: 'Answer the question',
    footer: (d: QuestionMailData) => `The supplier gets your answer by mail and on its offer page. – ${d.shop}`,
  },
  de: {
    subject: (d: QuestionMailData) => `Frage von ${d.supplierName} zu ${d.requestNumber}: ${d.requestName}`,
    greeting: (name: string | null) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: (d: QuestionMailData) => `${d.supplierName} hat eine Frage zur Anfrage ${d.requestNumber} „${d.requestName}“ gestellt:`,
    open: 'Frage beantworten',
    footer: (d: QuestionMailData) => `Der Lieferant erhält Ihre Antwort per E-Mail und auf seiner Angebotsseite. – ${d.shop}`,
  },
} as const;

const ANSWERED = {
  en: {
    subject: (d: QuestionMailData) => `Answer to your question on ${d.requestNumber}: ${d.requestName} – ${d.shop}`,
    greeting: (d: QuestionMailData) => `Hello ${d.supplierName},`,
    intro: (d: QuestionMailData) => `${d.shop} answered your question on purchase request ${d.requestNumber} "${d.requestName}".`,
    question: 'Your question',
    answer: 'Answer',
    page: 'You find the answer on your offer page too. Open it with the personal link of the request mail; this address alone does not open it:',
  },
  de: {
    subject: (d: QuestionMailData) => `Antwort auf Ihre Frage zu ${d.requestNumber}: ${d.requestName} – ${d.shop}`,
    greeting: (d: QuestionMailData) => `Hallo ${d.supplierName},`,
    intro: (d: QuestionMailData) => `${d.shop} hat Ihre Frage zur Anfrage ${d.requestNumber} „${d.requestName}“ beantwortet.`,
    question: 'Ihre Frage',
    answer: 'Antwort',
    page: 'Die Antwort finden Sie auch auf Ihrer Angebotsseite. Öffnen Sie sie mit dem persönlichen Link aus der Anfrage-E-Mail; diese Adresse allein öffnet sie nicht:',
  },
} as const;

const QUOTE = 'margin:0 0 12px;padding:8px 12px;border-left:3px solid #1565c0;background:#f5f7fa;white-space:pre-wrap';

/**
 * To staff: a supplier asked a question on its page, with a link to the request's offers, where it is
 * answered. In the recipient's language; `recipientName` null when one mail goes to several people.
 */
export function questionAskedMail(locale: Locale, data: QuestionMailData & { recipientName: string | null; link: string }): RenderedMail {
  const words = ASKED[locale];
  const text = [words.greeting(data.recipientName), words.intro(data), data.question, `${words.open}: ${data.link}`, words.footer(data)].join('\n\n');
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
<p>${escapeHtml(words.greeting(data.recipientName))}</p>
<p>${escapeHtml(words.intro(data))}</p>
<blockquote style="${QUOTE}">${escapeHtml(data.question)}</blockquote>
<p><a href="${escapeHtml(data.link)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(words.open)}</a></p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(words.footer(data))}</p>
</body></html>`;
  return { subject: words.subject(data), text: `${text}\n`, html };
}

/** To the supplier, in its language: its question and staff's answer, and where its page is. */
export function questionAnsweredMail(locale: Locale, data: QuestionMailData & { answer: string; pageAddress: string }): RenderedMail {
  const words = ANSWERED[locale];
  const text = [
    words.greeting(data),
    words.intro(data),
    `${words.question}:\n${data.question}`,
    `${words.answer}:\n${data.answer}`,
    `${words.page}\n${data.pageAddress}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
<p>${escapeHtml(words.greeting(data))}</p>
<p>${escapeHtml(words.intro(data))}</p>
<p><strong>${escapeHtml(words.question)}</strong></p>
<blockquote style="${QUOTE}">${escapeHtml(data.question)}</blockquote>
<p><strong>${escapeHtml(words.answer)}</strong></p>
<blockquote style="${QUOTE}">${escapeHtml(data.answer)}</blockquote>
<p style="font-size:12px;color:#616e7c">${escapeHtml(words.page)}<br>${escapeHtml(data.pageAddress)}</p>
</body></html>`;
  return { subject: words.subject(data), text: `${text}\n`, html };
}
