import { formatMoney, formatNumber, Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, RenderedMail } from '@fabquote/mail';
import { formatDeadline } from '../shared/procurement-mails';

/** One offer in the ranking mail, best first. */
export interface RankedOffer {
  supplierName: string;
  /** The stored rating (1–5), when the offers have been rated. */
  stars: number | null;
  /** Asked prices (line × quantity) the offer gives, of `asked`. */
  priced: number;
  /** The landed total: Σ unit price × quantity of its prices, plus packaging, shipping and customs (an exact decimal). */
  landedTotal: string;
  leadTimeDays: number | null;
}

/** What the creator's mail says when a request closes: which offers came, best first. */
export interface RankingMailData {
  shop: string;
  recipientName: string | null;
  number: string;
  name: string;
  closedAt: Date;
  /** The organization's time zone (IANA): when it closed is written in it, the zone named. */
  timeZone: string;
  /** `deadline`: it closed by itself; `staff`: someone closed it early. */
  closedBy: 'deadline' | 'staff';
  /** `rating`: by the stored stars; `price`: by the most prices given, then the landed total. */
  rankedBy: 'rating' | 'price';
  offers: RankedOffer[];
  asked: number;
  currency: string;
  suppliersWithoutOffer: string[];
  /** Staff's page of the request's offers. */
  link: string;
}

const stars = (count: number) => '★'.repeat(count) + '☆'.repeat(5 - count);

const WORDS = {
  en: {
    subject: (d: RankingMailData) => `Purchase request ${d.number} closed: ${d.offers.length === 1 ? 'one offer' : `${formatNumber('en', d.offers.length)} offers`} – ${d.name}`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (d: RankingMailData, when: string) =>
      d.closedBy === 'deadline'
        ? `Purchase request ${d.number} "${d.name}" closed at its deadline, ${when}.`
        : `Purchase request ${d.number} "${d.name}" was closed on ${when}, before its deadline.`,
    ranking: (d: RankingMailData) =>
      d.rankedBy === 'rating' ? 'The offers, best rated first:' : 'The offers, the most complete first, then the lowest landed total:',
    offer: (o: RankedOffer, d: RankingMailData, money: string, n: (value: number) => string) =>
      [
        o.stars !== null ? stars(o.stars) : null,
        `${n(o.priced)} of ${n(d.asked)} prices`,
        `landed total ${money}`,
        o.leadTimeDays !== null ? `lead time ${n(o.leadTimeDays)} ${o.leadTimeDays === 1 ? 'day' : 'days'}` : null,
      ]
        .filter((part) => part !== null)
        .join(', '),
    none: 'No supplier submitted an offer.',
    without: (names: string) => `No offer from: ${names}.`,
    open: 'Compare and award the offers',
  },
  de: {
    subject: (d: RankingMailData) => `Anfrage ${d.number} geschlossen: ${d.offers.length === 1 ? 'ein Angebot' : `${formatNumber('de', d.offers.length)} Angebote`} – ${d.name}`,
    greeting: (name: string | null) => (name ? `Hallo ${name},` : 'Hallo,'),
    intro: (d: RankingMailData, when: string) =>
      d.closedBy === 'deadline'
        ? `Die Anfrage ${d.number} „${d.name}“ wurde mit Ablauf ihrer Frist am ${when} geschlossen.`
        : `Die Anfrage ${d.number} „${d.name}“ wurde am ${when} vor Ablauf ihrer Frist geschlossen.`,
    ranking: (d: RankingMailData) =>
      d.rankedBy === 'rating' ? 'Die Angebote, das am besten bewertete zuerst:' : 'Die Angebote, das vollständigste zuerst, dann der niedrigste Einstandsbetrag:',
    offer: (o: RankedOffer, d: RankingMailData, money: string, n: (value: number) => string) =>
      [
        o.stars !== null ? stars(o.stars) : null,
        `${n(o.priced)} von ${n(d.asked)} Preisen`,
        `Einstandsbetrag ${money}`,
        o.leadTimeDays !== null ? `Lieferzeit ${n(o.leadTimeDays)} ${o.leadTimeDays === 1 ? 'Tag' : 'Tage'}` : null,
      ]
        .filter((part) => part !== null)
        .join(', '),
    none: 'Kein Lieferant hat ein Angebot abgegeben.',
    without: (names: string) => `Kein Angebot von: ${names}.`,
    open: 'Angebote vergleichen und vergeben',
  },
} as const;

/**
 * To the request's creator when the request closes (at its deadline or early by staff): the offers
 * ranked, each with its stars when rated, how many of the asked prices it gives, its landed total and
 * lead time; who did not offer; a link to the offers. In the recipient's language.
 */
export function rankingMail(locale: Locale, data: RankingMailData): RenderedMail {
  const words = WORDS[locale];
  const intro = words.intro(data, formatDeadline(locale, data.closedAt, data.timeZone));
  const number = (value: number) => formatNumber(locale, value);
  const lines = data.offers.map(
    (offer, index) => `${index + 1}. ${offer.supplierName}: ${words.offer(offer, data, formatMoney(locale, offer.landedTotal, data.currency), number)}`,
  );
  const without = data.suppliersWithoutOffer.length > 0 ? words.without(data.suppliersWithoutOffer.join(', ')) : null;
  const ranking = data.offers.length > 0 ? `${words.ranking(data)}\n${lines.join('\n')}` : words.none;
  const text = [words.greeting(data.recipientName), intro, ranking, without, `${words.open}: ${data.link}`]
    .filter((paragraph): paragraph is string => paragraph !== null)
    .join('\n\n');
  const list = data.offers.length > 0 ? `<p>${escapeHtml(words.ranking(data))}</p>\n<ol>${lines.map((line) => `<li>${escapeHtml(line.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>\n` : `<p>${escapeHtml(words.none)}</p>\n`;
  const html = `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
<p>${escapeHtml(words.greeting(data.recipientName))}</p>
<p>${escapeHtml(intro)}</p>
${list}${without ? `<p>${escapeHtml(without)}</p>\n` : ''}<p><a href="${escapeHtml(data.link)}">${escapeHtml(words.open)}</a></p>
</body></html>`;
  return { subject: words.subject(data), text: `${text}\n`, html };
}
