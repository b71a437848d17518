import { Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';

/** What both mails about a supplier's question say about it. */
export interface QuestionMailData {
  /** The shop (the organization's name). */
  shop: string;
  requestNumber: string;
  requestName: string;
  supplierName: string;
  question: string;
}


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
    page: 'You find the answer on your offer page too, which this personal link opens:',
    open: 'Open your offer page',
  },
  de: {
    subject: (d: QuestionMailData) => `Antwort auf Ihre Frage zu ${d.requestNumber}: ${d.requestName} – ${d.shop}`,
    greeting: (d: QuestionMailData) => `Hallo ${d.supplierName},`,
    intro: (d: QuestionMailData) => `${d.shop} hat Ihre Frage zur Anfrage ${d.requestNumber} „${d.requestName}“ beantwortet.`,
    question: 'Ihre Frage',
    answer: 'Antwort',
    page: 'Die Antwort finden Sie auch auf Ihrer Angebotsseite, die dieser persönliche Link öffnet:',
    open: 'Angebotsseite öffnen',
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

/**
 * To the supplier, in its language: its question and staff's answer, and its page's personal link
 * (`pageLink`: the answer job makes a new token, as a reminder does; earlier links keep working until
 * the supplier submits, `supplier-access.ts`).
 */
export function questionAnsweredMail(locale: Locale, data: QuestionMailData & { answer: string; pageLink: string | null }): RenderedMail {
  const words = ANSWERED[locale];
  const text = [
    words.greeting(data),
    words.intro(data),
    `${words.question}:\n${data.question}`,
    `${words.answer}:\n${data.answer}`,
    ...(data.pageLink ? [`${words.page}\n${data.pageLink}`] : []),
  ].join('\n\n');
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
<p>${escapeHtml(words.greeting(data))}</p>
<p>${escapeHtml(words.intro(data))}</p>
<p><strong>${escapeHtml(words.question)}</strong></p>
<blockquote style="${QUOTE}">${escapeHtml(data.question)}</blockquote>
<p><strong>${escapeHtml(words.answer)}</strong></p>
<blockquote style="${QUOTE}">${escapeHtml(data.answer)}</blockquote>
${data.pageLink ? `<p>${escapeHtml(words.page)}</p>
<p><a href="${escapeHtml(data.pageLink)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(words.open)}</a></p>` : ''}
</body></html>`;
  return { subject: words.subject(data), text: `${text}\n`, html };
}
