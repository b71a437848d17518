import { formatDateTime, formatNumber, Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';
import { organizationLink } from './mail-links';


/** What a supplier's mail says about one purchase request: read by the invite job and by the email preview alike. */
export interface PurchaseRequestMailData {
  /** The shop asking (the organization's name). */
  shop: string;
  supplierName: string;
  number: string;
  name: string;
  closeSubmissionDeadline: Date;
  /** The organization's time zone (IANA): the deadline is written in it, the zone named. */
  timeZone: string;
  /** The organization's currency (ISO 4217, setting `currency`): offers are in it. */
  currency: string;
  additionalInformation: string | null;
  products: Array<{ name: string; number: string; quantities: number[] }>;
  operations: Array<{ productName: string; name: string }>;
  parts: Array<{ productName: string; name: string; number: string; perProduct: number }>;
  fileCount: number;
  /** The personal link to the supplier's page (`supplierPageLink`). */
  link: string;
}

/** What the email preview shows instead of a token: the real one exists only in the mail. */
export const TOKEN_PLACEHOLDER = '…';

/** The supplier's page of a request with its personal token: `<base>/pub/purchase-requests/{id}/{supplierId}?token=…`. */
export const supplierPageLink = (base: string, organizationSlug: string, purchaseRequestId: string, supplierId: string, token: string): string =>
  organizationLink(base, organizationSlug, `/pub/purchase-requests/${purchaseRequestId}/${supplierId}`, { token });


/**
 * A deadline or another date-time of a mail: in the organization's time zone, the zone named, as the
 * language writes it (libs/i18n `formatDateTime`): de "15.12.2026, 17:00 MEZ", en "15 Dec 2026, 17:00 CET".
 */
export function formatDeadline(locale: Locale, deadline: Date, timeZone: string): string {
  return formatDateTime(locale, deadline, timeZone);
}

/** A quantity as the language writes numbers (libs/i18n `formatNumber`): de "1.000", en "1,000"; at most four decimals, as stored. */
const formatQuantity = (locale: Locale, quantity: number) => formatNumber(locale, Number(quantity.toFixed(4)));

/**
 * Why a supplier gets the request's mail: the request itself (a send or resend), a reminder that its
 * offer is still missing, or the request opened again by a moved deadline. Each carries a new link.
 */
export type RequestMailOccasion = 'invitation' | 'reminder' | 'reopened';

const WORDS = {
  en: {
    subject: (d: PurchaseRequestMailData) => `Purchase request ${d.number}: ${d.name} – ${d.shop}`,
    occasion: {
      invitation: null,
      reminder: {
        subject: 'Reminder',
        lead: 'We have not received your offer yet: this is a reminder. Please use the link in this mail; the links of earlier mails about this request work only until you next submit an offer.',
      },
      reopened: {
        subject: 'Open again',
        lead: 'This request is open for offers again: its deadline was moved. You can submit or revise your offer with the link in this mail; the links of earlier mails about this request work only until you next submit an offer.',
      },
    },
    greeting: (d: PurchaseRequestMailData) => `Hello ${d.supplierName},`,
    intro: (d: PurchaseRequestMailData) => `${d.shop} asks you for an offer: purchase request ${d.number} "${d.name}".`,
    products: 'Products and quantities',
    pieces: 'pieces',
    operations: 'Operations asked',
    parts: 'Parts asked',
    perProduct: (n: string) => `${n} per product`,
    deadline: (when: string) => `Please submit your offer by ${when}.`,
    currency: (code: string) => `Please quote all prices and costs in ${code}.`,
    additional: 'Additional information',
    files: (n: string) => (n === '1' ? 'One file is attached to the request on your page.' : `${n} files are attached to the request on your page.`),
    open: 'Open your offer page',
    footer: 'This link is personal to you: please do not forward it. A newer mail about this request replaces it.',
  },
  de: {
    subject: (d: PurchaseRequestMailData) => `Anfrage ${d.number}: ${d.name} – ${d.shop}`,
    occasion: {
      invitation: null,
      reminder: {
        subject: 'Erinnerung',
        lead: 'Wir haben Ihr Angebot noch nicht erhalten: Dies ist eine Erinnerung. Bitte verwenden Sie den Link in dieser E-Mail; die Links früherer E-Mails zu dieser Anfrage gelten nur noch, bis Sie das nächste Mal ein Angebot abgeben.',
      },
      reopened: {
        subject: 'Wieder offen',
        lead: 'Diese Anfrage ist wieder offen für Angebote: Ihre Frist wurde verschoben. Mit dem Link in dieser E-Mail können Sie Ihr Angebot abgeben oder überarbeiten; die Links früherer E-Mails zu dieser Anfrage gelten nur noch, bis Sie das nächste Mal ein Angebot abgeben.',
      },
    },
    greeting: (d: PurchaseRequestMailData) => `Hallo ${d.supplierName},`,
    intro: (d: PurchaseRequestMailData) => `${d.shop} bittet Sie um ein Angebot: Anfrage ${d.number} „${d.name}“.`,
    products: 'Produkte und Mengen',
    pieces: 'Stück',
    operations: 'Angefragte Arbeitsgänge',
    parts: 'Angefragte Teile',
    perProduct: (n: string) => `${n} je Produkt`,
    deadline: (when: string) => `Bitte geben Sie Ihr Angebot bis ${when} ab.`,
    currency: (code: string) => `Bitte geben Sie alle Preise und Kosten in ${code} an.`,
    additional: 'Weitere Informationen',
    files: (n: string) => (n === '1' ? 'Auf Ihrer Seite ist der Anfrage eine Datei beigefügt.' : `Auf Ihrer Seite sind der Anfrage ${n} Dateien beigefügt.`),
    open: 'Angebotsseite öffnen',
    footer: 'Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter. Eine neuere E-Mail zu dieser Anfrage ersetzt ihn.',
  },
} as const;

/**
 * The mail inviting a supplier to offer on a purchase request, in the supplier's language: who asks,
 * what (each product with its quantities, the operations and parts bought outside), until when, and
 * the personal link. The invite job sends it; the email preview shows it with the token as `…`.
 */
export function purchaseRequestMail(locale: Locale, data: PurchaseRequestMailData, occasion: RequestMailOccasion = 'invitation'): RenderedMail {
  const words = WORDS[locale];
  const notice = words.occasion[occasion];
  const quantities = (list: number[]) => `${list.map((quantity) => formatQuantity(locale, quantity)).join(' / ')} ${words.pieces}`;
  const sections: Array<{ title: string; items: string[] }> = [
    { title: words.products, items: data.products.map((product) => `${product.name} (${product.number}): ${quantities(product.quantities)}`) },
    { title: words.operations, items: data.operations.map((operation) => `${operation.productName}: ${operation.name}`) },
    {
      title: words.parts,
      items: data.parts.map((part) => `${part.productName}: ${part.name} (${part.number}), ${words.perProduct(formatQuantity(locale, part.perProduct))}`),
    },
  ].filter((section) => section.items.length > 0);
  const deadline = words.deadline(formatDeadline(locale, data.closeSubmissionDeadline, data.timeZone));
  const currency = words.currency(data.currency);
  const additional = data.additionalInformation ? `${words.additional}: ${data.additionalInformation}` : null;
  const files = data.fileCount > 0 ? words.files(formatNumber(locale, data.fileCount)) : null;

  const text = [
    words.greeting(data),
    notice?.lead ?? null,
    words.intro(data),
    ...sections.map((section) => `${section.title}:\n${section.items.map((item) => `- ${item}`).join('\n')}`),
    deadline,
    currency,
    additional,
    files,
    `${words.open}: ${data.link}`,
    words.footer,
  ]
    .filter((paragraph): paragraph is string => paragraph !== null)
    .join('\n\n');

  const paragraph = (content: string | null) => (content === null ? '' : `<p>${escapeHtml(content)}</p>\n`);
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
${paragraph(words.greeting(data))}${notice ? `<p><strong>${escapeHtml(notice.lead)}</strong></p>\n` : ''}${paragraph(words.intro(data))}${sections
    .map((section) => `<p><strong>${escapeHtml(section.title)}</strong></p>\n<ul>${section.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>\n`)
    .join('')}<p><strong>${escapeHtml(deadline)}</strong></p>
${paragraph(currency)}${paragraph(additional)}${paragraph(files)}<p><a href="${escapeHtml(data.link)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(words.open)}</a></p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(data.link)}<br>${escapeHtml(words.footer)}</p>
</body></html>`;

  return { subject: notice ? `${notice.subject}: ${words.subject(data)}` : words.subject(data), text: `${text}\n`, html };
}

/**
 * The invitation exactly as a supplier gets it: the facts of the request, the link to the supplier's
 * page with `token`. The invite job calls it with the new token; the email preview with `…`.
 */
export function supplierInvitationMail(
  locale: Locale,
  facts: Omit<PurchaseRequestMailData, 'link'>,
  link: { base: string; organizationSlug: string; purchaseRequestId: string; supplierId: string; token: string },
  occasion: RequestMailOccasion = 'invitation',
): RenderedMail {
  return purchaseRequestMail(
    locale,
    { ...facts, link: supplierPageLink(link.base, link.organizationSlug, link.purchaseRequestId, link.supplierId, link.token) },
    occasion,
  );
}
