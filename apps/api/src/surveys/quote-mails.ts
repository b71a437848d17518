import { formatNumber, Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';

/** What both mails about a quote request say about it. */
export interface QuoteMailData {
  /** The shop (its letterhead's name, else the organization's). */
  shop: string;
  company: string;
  name: string;
  email: string;
  quantities: number[];
  material: string | null;
  thickness: string | null;
  note: string | null;
  fileNames: string[];
}

const WORDS = {
  en: {
    staffSubject: (d: QuoteMailData) => `Quote request from ${d.company} (${d.name})`,
    staffIntro: (d: QuoteMailData, survey: string) => `${d.name} of ${d.company} asked for a quote on the quote page. The drawings are in survey ${survey}.`,
    open: 'Open the survey',
    ackSubject: (d: QuoteMailData) => `Your quote request – ${d.shop}`,
    ackGreeting: (d: QuoteMailData) => `Hello ${d.name},`,
    ackIntro: (d: QuoteMailData) => `thank you for your request. ${d.shop} received it and will send you an offer.`,
    ackPage: 'You can follow your request on this page:',
    ackOpen: 'Open your request',
    regards: 'Kind regards',
    labels: { company: 'Company', contact: 'Contact', quantities: 'Quantities', material: 'Material', thickness: 'Thickness', note: 'Note', files: 'Drawings' },
    pieces: 'pieces',
  },
  de: {
    staffSubject: (d: QuoteMailData) => `Angebotsanfrage von ${d.company} (${d.name})`,
    staffIntro: (d: QuoteMailData, survey: string) => `${d.name} von ${d.company} hat über die Anfrageseite ein Angebot angefragt. Die Zeichnungen liegen in der Erfassung ${survey}.`,
    open: 'Erfassung öffnen',
    ackSubject: (d: QuoteMailData) => `Ihre Angebotsanfrage – ${d.shop}`,
    ackGreeting: (d: QuoteMailData) => `Guten Tag ${d.name},`,
    ackIntro: (d: QuoteMailData) => `vielen Dank für Ihre Anfrage. ${d.shop} hat sie erhalten und schickt Ihnen ein Angebot.`,
    ackPage: 'Ihre Anfrage können Sie auf dieser Seite verfolgen:',
    ackOpen: 'Anfrage öffnen',
    regards: 'Mit freundlichen Grüßen',
    labels: { company: 'Firma', contact: 'Ansprechpartner', quantities: 'Mengen', material: 'Werkstoff', thickness: 'Dicke', note: 'Bemerkung', files: 'Zeichnungen' },
    pieces: 'Stück',
  },
} as const;

/** The request's facts as label/value rows, numbers in the reader's notation ("1.000 Stück", "2,5 mm"). */
function facts(locale: Locale, d: QuoteMailData): Array<[string, string]> {
  const words = WORDS[locale];
  const rows: Array<[string, string | null]> = [
    [words.labels.company, d.company],
    [words.labels.contact, `${d.name} <${d.email}>`],
    [words.labels.quantities, `${d.quantities.map((quantity) => formatNumber(locale, quantity)).join(' / ')} ${words.pieces}`],
    [words.labels.material, d.material],
    [words.labels.thickness, d.thickness === null ? null : `${formatNumber(locale, d.thickness)} mm`],
    [words.labels.files, d.fileNames.join(', ') || null],
    [words.labels.note, d.note],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

function render(subject: string, paragraphs: string[], rows: Array<[string, string]>, link: { url: string; label: string; lead?: string }, closing: string[]): RenderedMail {
  const text = [...paragraphs, rows.map(([label, value]) => `${label}: ${value}`).join('\n'), ...(link.lead ? [link.lead] : []), `${link.label}: ${link.url}`, ...closing].join('\n\n');
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:0 0 12px">${rows
    .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#616e7c;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>
${link.lead ? `<p>${escapeHtml(link.lead)}</p>\n` : ''}<p><a href="${escapeHtml(link.url)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(link.label)}</a></p>
${closing.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n')}
</body></html>`;
  return { subject, text: `${text}\n`, html };
}

/** To staff (the letterhead's email, or the profile's reply-to address), in the organization's language: the request and a link to its survey. */
export function quoteStaffMail(locale: Locale, data: QuoteMailData & { surveyNumber: string; surveyLink: string }): RenderedMail {
  const words = WORDS[locale];
  return render(words.staffSubject(data), [words.staffIntro(data, data.surveyNumber)], facts(locale, data), { url: data.surveyLink, label: words.open }, []);
}

/** To the customer, in the page's language: thanks, what was asked, and the link to the request's progress page. */
export function quoteAcknowledgementMail(locale: Locale, data: QuoteMailData & { pageLink: string }): RenderedMail {
  const words = WORDS[locale];
  return render(words.ackSubject(data), [words.ackGreeting(data), words.ackIntro(data)], facts(locale, data), { url: data.pageLink, label: words.ackOpen, lead: words.ackPage }, [
    `${words.regards}\n${data.shop}`,
  ]);
}
