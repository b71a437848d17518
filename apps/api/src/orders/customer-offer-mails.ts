import { Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';

/** What the mails about a customer's answer or question say about the offer. */
export interface OfferMailData {
  /** The shop (the letterhead's name). */
  shop: string;
  number: string;
  /** The order's name, when it is more than its number. */
  name: string | null;
  customerName: string;
}

const QUOTE = 'margin:0 0 12px;padding:8px 12px;border-left:3px solid #1565c0;background:#f5f7fa;white-space:pre-wrap';
const titleOf = (d: OfferMailData) => `${d.number}${d.name ? ` (${d.name})` : ''}`;

const STAFF = {
  en: {
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    accepted: {
      subject: (d: OfferMailData) => `Offer ${d.number} accepted online by ${d.customerName}`,
      intro: (d: OfferMailData, by: string) => `${by} (${d.customerName}) accepted offer ${titleOf(d)} online. The order is now Ordered.`,
    },
    declined: {
      subject: (d: OfferMailData) => `Offer ${d.number} declined online by ${d.customerName}`,
      intro: (d: OfferMailData) => `${d.customerName} declined offer ${titleOf(d)} online.`,
    },
    question: {
      subject: (d: OfferMailData) => `Question from ${d.customerName} on offer ${d.number}`,
      intro: (d: OfferMailData) => `${d.customerName} asked a question on offer ${titleOf(d)}:`,
    },
    orderNumber: 'Their order number',
    note: 'Their note',
    reason: 'Their reason',
    questionLabel: 'Question',
    open: 'Open the order',
    answer: 'Answer the question',
  },
  de: {
    greeting: (name: string | null) => (name ? `Hallo ${name},` : 'Hallo,'),
    accepted: {
      subject: (d: OfferMailData) => `Angebot ${d.number} online angenommen von ${d.customerName}`,
      intro: (d: OfferMailData, by: string) => `${by} (${d.customerName}) hat das Angebot ${titleOf(d)} online angenommen. Der Auftrag ist jetzt Bestellt.`,
    },
    declined: {
      subject: (d: OfferMailData) => `Angebot ${d.number} online abgelehnt von ${d.customerName}`,
      intro: (d: OfferMailData) => `${d.customerName} hat das Angebot ${titleOf(d)} online abgelehnt.`,
    },
    question: {
      subject: (d: OfferMailData) => `Frage von ${d.customerName} zum Angebot ${d.number}`,
      intro: (d: OfferMailData) => `${d.customerName} hat eine Frage zum Angebot ${titleOf(d)} gestellt:`,
    },
    orderNumber: 'Bestellnummer des Kunden',
    note: 'Anmerkung',
    reason: 'Begründung',
    questionLabel: 'Frage',
    open: 'Auftrag öffnen',
    answer: 'Frage beantworten',
  },
} as const;

const CUSTOMER = {
  en: {
    greeting: (name: string | null) => (name ? `Dear ${name},` : 'Dear Sir or Madam,'),
    confirmed: {
      subject: (d: OfferMailData) => `Your order ${d.number} – ${d.shop}`,
      intro: (d: OfferMailData, by: string) => `thank you for your order. ${by} accepted our offer ${titleOf(d)} online; we have received it and will confirm the details shortly.`,
    },
    answered: {
      subject: (d: OfferMailData) => `Answer to your question on offer ${d.number} – ${d.shop}`,
      intro: (d: OfferMailData) => `we have answered your question on offer ${titleOf(d)}.`,
    },
    orderNumber: 'Your order number',
    note: 'Your note',
    question: 'Your question',
    answer: 'Our answer',
    page: 'View and accept the offer online:',
    pageAfter: 'Your offer page:',
    regards: 'Kind regards',
  },
  de: {
    greeting: (name: string | null) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    confirmed: {
      subject: (d: OfferMailData) => `Ihr Auftrag ${d.number} – ${d.shop}`,
      intro: (d: OfferMailData, by: string) =>
        `vielen Dank für Ihren Auftrag. ${by} hat unser Angebot ${titleOf(d)} online angenommen; wir haben ihn erhalten und bestätigen die Einzelheiten in Kürze.`,
    },
    answered: {
      subject: (d: OfferMailData) => `Antwort auf Ihre Frage zum Angebot ${d.number} – ${d.shop}`,
      intro: (d: OfferMailData) => `wir haben Ihre Frage zum Angebot ${titleOf(d)} beantwortet.`,
    },
    orderNumber: 'Ihre Bestellnummer',
    note: 'Ihre Anmerkung',
    question: 'Ihre Frage',
    answer: 'Unsere Antwort',
    page: 'Angebot online ansehen und annehmen:',
    pageAfter: 'Ihre Angebotsseite:',
    regards: 'Mit freundlichen Grüßen',
  },
} as const;

interface Block {
  label: string;
  text: string;
}

function render(paragraphs: string[], blocks: Block[], link: { label: string; url: string; button: boolean } | null, closing: string[]): RenderedMail {
  const text = [
    ...paragraphs,
    ...blocks.map((block) => `${block.label}:\n${block.text}`),
    ...(link ? [`${link.label}${link.button ? ':' : ''} ${link.url}`] : []),
    ...closing,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${blocks.map((block) => `<p><strong>${escapeHtml(block.label)}</strong></p>\n<blockquote style="${QUOTE}">${escapeHtml(block.text)}</blockquote>`).join('\n')}
${
  link
    ? link.button
      ? `<p><a href="${escapeHtml(link.url)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(link.label)}</a></p>`
      : `<p>${escapeHtml(link.label)} <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`
    : ''
}
${closing.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n')}
</body></html>`;
  return { subject: '', text: `${text}\n`, html };
}

const given = (label: string, text: string | null): Block[] => (text ? [{ label, text }] : []);

/** To staff: the customer accepted on the offer page (who, their order number and note), with a link to the order. */
export function offerAcceptedStaffMail(
  locale: Locale,
  data: OfferMailData & { recipientName: string | null; acceptedBy: string; customerOrderNumber: string | null; note: string | null; orderLink: string },
): RenderedMail {
  const words = STAFF[locale];
  const mail = render(
    [words.greeting(data.recipientName), words.accepted.intro(data, data.acceptedBy)],
    [...given(words.orderNumber, data.customerOrderNumber), ...given(words.note, data.note)],
    { label: words.open, url: data.orderLink, button: true },
    [],
  );
  return { ...mail, subject: words.accepted.subject(data) };
}

/** To staff: the customer declined on the offer page, with the reason given. */
export function offerDeclinedStaffMail(locale: Locale, data: OfferMailData & { recipientName: string | null; reason: string | null; orderLink: string }): RenderedMail {
  const words = STAFF[locale];
  const mail = render([words.greeting(data.recipientName), words.declined.intro(data)], given(words.reason, data.reason), { label: words.open, url: data.orderLink, button: true }, []);
  return { ...mail, subject: words.declined.subject(data) };
}

/** To staff: the customer's question, with a link to the order where it is answered. */
export function offerQuestionStaffMail(locale: Locale, data: OfferMailData & { recipientName: string | null; question: string; orderLink: string }): RenderedMail {
  const words = STAFF[locale];
  const mail = render([words.greeting(data.recipientName), words.question.intro(data)], [{ label: words.questionLabel, text: data.question }], { label: words.answer, url: data.orderLink, button: true }, []);
  return { ...mail, subject: words.question.subject(data) };
}

/** To the customer's contact, in the order's language: the acceptance confirmed, with what was given. */
export function offerAcceptedCustomerMail(
  locale: Locale,
  data: OfferMailData & { contactName: string | null; acceptedBy: string; customerOrderNumber: string | null; note: string | null; pageLink: string | null },
): RenderedMail {
  const words = CUSTOMER[locale];
  const mail = render(
    [words.greeting(data.contactName), words.confirmed.intro(data, data.acceptedBy)],
    [...given(words.orderNumber, data.customerOrderNumber), ...given(words.note, data.note)],
    data.pageLink ? { label: words.pageAfter, url: data.pageLink, button: false } : null,
    [`${words.regards}\n${data.shop}`],
  );
  return { ...mail, subject: words.confirmed.subject(data) };
}

/** To the customer's contact: their question and staff's answer, with a fresh personal link to the offer's page. */
export function offerAnswerCustomerMail(
  locale: Locale,
  data: OfferMailData & { contactName: string | null; question: string; answer: string; pageLink: string | null },
): RenderedMail {
  const words = CUSTOMER[locale];
  const mail = render(
    [words.greeting(data.contactName), words.answered.intro(data)],
    [
      { label: words.question, text: data.question },
      { label: words.answer, text: data.answer },
    ],
    data.pageLink ? { label: words.page, url: data.pageLink, button: false } : null,
    [`${words.regards}\n${data.shop}`],
  );
  return { ...mail, subject: words.answered.subject(data) };
}
