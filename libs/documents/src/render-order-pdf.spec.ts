import { readPdfText } from '../test/read-pdf-text';
import { DocumentError } from './errors';
import { documentKind, renderOrderPdf } from './render-order-pdf';
import { sampleOrder } from './sample-order';
import { OrderDocument, OrderDocumentItem, OrderDocumentStatus } from './types';

/** pdf.js may give a no-break space back as either; the eye cannot tell them apart. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const pagesOf = async (pdf: Buffer) => (await readPdfText(pdf)).pages.map((page) => page.map(plain));
const textOf = (pages: string[][]) => pages.flat().join('\n');
/** The lines with an amount (product and free lines). */
const pricedLines = (document: OrderDocument) => document.items.filter((item): item is OrderDocumentItem => item.kind !== 'text');

/** A worked example whose totals a shop's accountant can check by hand (2.5 % commission, 19 % VAT, cents rounded). */
const worked: OrderDocument & { items: OrderDocumentItem[] } = {
  ...sampleOrder(0),
  items: [
    { position: 1, productNumber: 'P-100', productName: 'Mounting bracket', quantity: '1250', unitPrice: '12.50', discountPercent: null, lineTotal: '15625.00' },
    { position: 2, productNumber: 'P-200', productName: 'Cover plate Größe 2', quantity: '2.5', unitPrice: '493.80', discountPercent: '0', lineTotal: '1234.50' },
    { position: 3, productNumber: null, productName: 'Welded frame', quantity: '3', unitPrice: '1000', discountPercent: '5', lineTotal: '2850.00' },
  ],
  totals: {
    valueOfGoods: '19709.50', // 15,625.00 + 1,234.50 + 2,850.00
    commissionPercent: '2.5',
    commission: '492.74', // 2.5 % of 19,709.50 = 492.7375
    subtotal: '20202.24',
    vatRate: '19',
    vatAmount: '3838.43', // 19 % of 20,202.24 = 3,838.4256
    totalWithVat: '24040.67',
  },
};

const EXPECTED = {
  en: {
    title: 'Offer 2026-0042',
    facts: [['Number', '2026-0042'], ['Date', '24 Nov 2026'], ['Valid until', '24 Dec 2026'], ['Your reference', 'RFQ-7781'], ['Customer no.', 'K-10023']],
    header: ['Pos.', 'Product', 'Quantity', 'Unit price', 'Discount', 'Total'],
    rows: [
      ['1', 'P-100', 'Mounting bracket', '1,250', '€12.50', '€15,625.00'],
      ['2', 'P-200', 'Cover plate Größe 2', '2.5', '€493.80', '€1,234.50'],
      ['3', 'Welded frame', '3', '€1,000.00', '5%', '€2,850.00'],
    ],
    totals: [['Value of goods', '€19,709.50'], ['Commission 2.5%', '€492.74'], ['Subtotal', '€20,202.24'], ['VAT 19%', '€3,838.43'], ['Total incl. VAT', '€24,040.67']],
    terms: [['Payment terms', '30 days net'], ['Shipping terms', 'FCA Stuttgart'], ['Shipping method', 'Freight forwarder'], ['Shipping date', '15 Jan 2027'], ['Delivery time', '21 days'], ['Currency', 'EUR']],
  },
  de: {
    title: 'Angebot 2026-0042',
    facts: [['Nummer', '2026-0042'], ['Datum', '24.11.2026'], ['Gültig bis', '24.12.2026'], ['Ihr Zeichen', 'RFQ-7781'], ['Kundennr.', 'K-10023']],
    header: ['Pos.', 'Produkt', 'Menge', 'Einzelpreis', 'Rabatt', 'Gesamt'],
    rows: [
      ['1', 'P-100', 'Mounting bracket', '1.250', '12,50 €', '15.625,00 €'],
      ['2', 'P-200', 'Cover plate Größe 2', '2,5', '493,80 €', '1.234,50 €'],
      ['3', 'Welded frame', '3', '1.000,00 €', '5 %', '2.850,00 €'],
    ],
    totals: [['Warenwert', '19.709,50 €'], ['Provision 2,5 %', '492,74 €'], ['Zwischensumme', '20.202,24 €'], ['MwSt. 19 %', '3.838,43 €'], ['Gesamtbetrag inkl. MwSt.', '24.040,67 €']],
    terms: [['Zahlungsbedingungen', '30 days net'], ['Lieferbedingungen', 'FCA Stuttgart'], ['Versandart', 'Freight forwarder'], ['Liefertermin', '15.01.2027'], ['Lieferzeit', '21 Tage'], ['Währung', 'EUR']],
  },
} as const;

/** `sequence` appears in `items` in this order, one item after the other. */
function expectInSequence(items: string[], sequence: readonly string[]): void {
  const start = items.findIndex((_, at) => sequence.every((text, offset) => items[at + offset] === text));
  if (start < 0) throw new Error(`not found in order: ${JSON.stringify(sequence)}\nin: ${JSON.stringify(items)}`);
}

describe('renderOrderPdf: the offer read back', () => {
  test.each(['en', 'de'] as const)('%s: title, number, dates, every item and every total read back as formatted', async (locale) => {
    const expected = EXPECTED[locale];
    const pages = await pagesOf(await renderOrderPdf(worked, locale));
    expect(pages).toHaveLength(1);
    const [items] = pages;
    expect(items).toContain(expected.title);
    for (const fact of expected.facts) expectInSequence(items, fact);
    expectInSequence(items, expected.header);
    for (const row of expected.rows) expectInSequence(items, row);
    for (const total of expected.totals) expectInSequence(items, total);
    for (const term of expected.terms) expectInSequence(items, term);
  });

  test.each(['en', 'de'] as const)('%s: umlauts, ß and € survive', async (locale) => {
    const text = textOf(await pagesOf(await renderOrderPdf(worked, locale)));
    for (const word of ['Müller Maschinenbau AG', 'Größenweg 5', '80331 München', 'Jürgen Weiß', 'Industriestraße 12', 'Größe', '€']) expect(text).toContain(word);
    if (locale === 'de') for (const word of ['Gültig bis', 'Währung', 'z. Hd. Jürgen Weiß']) expect(text).toContain(word);
  });

  test.each(['en', 'de'] as const)('%s: names in Latin Extended, Greek and Cyrillic print as written, with no fallback note', async (locale) => {
    const order: OrderDocument = {
      ...worked,
      letterhead: { ...worked.letterhead, name: 'Zakład Łódź – Dvořák' },
      customer: { ...worked.customer, name: 'Paweł Wałęsa', addressLines: ['ul. Piotrkowska 1', 'Čačak, Ħamrun, Þórshöfn'], contactName: 'Σωκράτης Παπαδόπουλος' },
      items: [{ ...worked.items[0], productName: 'Кронштейн Достоевский' }, ...worked.items.slice(1)],
    };
    const text = textOf(await pagesOf(await renderOrderPdf(order, locale)));
    for (const name of ['Zakład Łódź – Dvořák', 'Paweł Wałęsa', 'Čačak, Ħamrun, Þórshöfn', 'Σωκράτης Παπαδόπουλος', 'Кронштейн Достоевский']) expect(text).toContain(name);
    expect(text).not.toContain('\ufffd');
    expect(text).not.toContain('?');
  });

  test.each([
    ['en', '\ufffd marks a character this document cannot print in its font (such as Chinese, Japanese, Korean, Arabic or Hebrew script).'],
    ['de', '\ufffd steht für ein Zeichen, das dieses Dokument in seiner Schrift nicht drucken kann (etwa chinesische, japanische, koreanische, arabische oder hebräische Schrift).'],
  ] as const)('%s: a Chinese or Hebrew name prints the marked fallback, and the document says what the mark means', async (locale, note) => {
    const order: OrderDocument = { ...worked, customer: { ...worked.customer, name: '王伟 Trading', contactName: 'דוד Levi' } };
    const pages = await pagesOf(await renderOrderPdf(order, locale));
    const text = textOf(pages);
    expect(text).toContain('\ufffd\ufffd Trading');
    expect(text).toContain('\ufffd\ufffd\ufffd Levi');
    expect(text).not.toContain('?');
    // The note once, on the last page, after the terms.
    const last = pages[pages.length - 1].join(' ');
    expect(last).toContain(note);
    expect(text.split(note.slice(0, 30)).length - 1).toBe(1);
    expect(last.indexOf(note)).toBeGreaterThan(last.indexOf(locale === 'en' ? 'Currency' : 'Währung'));
  });
});

describe('renderOrderPdf: free and text lines', () => {
  const mixed: OrderDocument = {
    ...worked,
    items: [
      { kind: 'text', text: 'Baugruppe Rahmen' },
      worked.items[0],
      { kind: 'free', position: 2, productName: 'Konstruktion und Programmierung', unit: 'h', quantity: '2.5', unitPrice: '68.40', discountPercent: '10', lineTotal: '153.90' },
      { kind: 'text', text: 'Hinweis: Lieferung in zwei Teilen.\nPreise ab Werk.' },
      { kind: 'free', position: 3, productName: 'Fracht', unit: null, quantity: '1', unitPrice: '85', discountPercent: null, lineTotal: '85.00' },
    ],
  };

  test.each(['en', 'de'] as const)('%s: prints the lines in their order, text lines across the table with no number or amount', async (locale) => {
    const [items] = await pagesOf(await renderOrderPdf(mixed, locale));
    const de = locale === 'de';
    const at = (text: string) => {
      const index = items.indexOf(text);
      if (index < 0) throw new Error(`${text} not in ${JSON.stringify(items)}`);
      return index;
    };
    // A free line: its number, text, quantity with its unit, unit price, discount and amount.
    expectInSequence(items, ['2', 'Konstruktion und Programmierung', de ? '2,5 h' : '2.5 h', de ? '68,40 €' : '€68.40', de ? '10 %' : '10%', de ? '153,90 €' : '€153.90']);
    // Pieces print as the number alone.
    expectInSequence(items, ['3', 'Fracht', '1', de ? '85,00 €' : '€85.00', de ? '85,00 €' : '€85.00']);
    // Headings and notes: their text alone, between the lines where they stand.
    const order = ['Baugruppe Rahmen', 'Mounting bracket', 'Konstruktion und Programmierung', 'Hinweis: Lieferung in zwei Teilen.', 'Preise ab Werk.', 'Fracht'].map(at);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const text of ['Baugruppe Rahmen', 'Hinweis: Lieferung in zwei Teilen.', 'Preise ab Werk.']) {
      expect(items[at(text) - 1]).not.toMatch(/^\d+$/);
      expect(items[at(text) + 1]).not.toMatch(/€/);
    }
  });

  it('refuses a text line without its text, naming it', async () => {
    await expect(renderOrderPdf({ ...worked, items: [...worked.items, { kind: 'text', text: ' ' }] }, 'en')).rejects.toThrow('items[3].text is required');
  });
});

describe('renderOrderPdf: offer or order confirmation', () => {
  test.each<[OrderDocumentStatus, 'offer' | 'confirmation']>([
    ['draft', 'offer'],
    ['offered', 'offer'],
    ['deferred', 'offer'],
    ['declined', 'offer'],
    ['ordered', 'confirmation'],
  ])('%s prints as the %s', (status, kind) => {
    expect(documentKind(status)).toBe(kind);
  });

  test.each([
    ['en', 'Order confirmation 2026-0042', 'Thank you for your order, which we confirm as follows:', 'Valid until'],
    ['de', 'Auftragsbestätigung 2026-0042', 'Vielen Dank für Ihren Auftrag, den wir wie folgt bestätigen:', 'Gültig bis'],
  ] as const)('%s: an ordered order is the order confirmation, without the offer’s validity', async (locale, title, intro, validity) => {
    const text = textOf(await pagesOf(await renderOrderPdf({ ...worked, status: 'ordered' }, locale)));
    expect(text).toContain(title);
    expect(text).toContain(intro);
    expect(text).not.toContain(validity);
  });

  test.each([
    ['en', 'Your order no.'],
    ['de', 'Ihre Bestellnr.'],
  ] as const)('%s: the confirmation names the customer\'s order number among the facts', async (locale, label) => {
    const [items] = await pagesOf(await renderOrderPdf({ ...worked, status: 'ordered', customerOrderNumber: 'PO-4711' }, locale));
    expectInSequence(items, [label, 'PO-4711']);
    expect(textOf(await pagesOf(await renderOrderPdf({ ...worked, status: 'ordered' }, locale)))).not.toContain(label);
  });
});

describe('renderOrderPdf: a 200-item order', () => {
  const order = sampleOrder(200);

  test.each(['en', 'de'] as const)('%s: flows over several pages, the header on each, every item once in order, the totals at the end', async (locale) => {
    const pages = await pagesOf(await renderOrderPdf(order, locale));
    const header = EXPECTED[locale].header;
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((items, index) => {
      expectInSequence(items, header);
      expect(items).toContain(locale === 'en' ? `Page ${index + 1} of ${pages.length}` : `Seite ${index + 1} von ${pages.length}`);
    });
    // Every item's number in order across the pages, each exactly once.
    const numbers = pages.flat().filter((text) => /^P-\d+$/.test(text));
    expect(numbers).toEqual(pricedLines(order).map((item) => item.productNumber));
    // The totals only on the last page, after the last item.
    const totals = locale === 'en' ? 'Total incl. VAT' : 'Gesamtbetrag inkl. MwSt.';
    const last = pages[pages.length - 1];
    const money = (amount: string) => plain(new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(amount as Intl.StringNumericLiteral));
    expectInSequence(last, [totals, money(order.totals.totalWithVat)]);
    expect(last.indexOf(totals)).toBeGreaterThan(last.indexOf('P-10200'));
    for (const page of pages.slice(0, -1)) expect(page).not.toContain(totals);
    // Each line total read back exactly.
    const lineTotals = new Set(pages.flat());
    for (const item of pricedLines(order)) expect(lineTotals.has(money(item.lineTotal))).toBe(true);
  });

  test('a long product name wraps inside its column instead of running over the figures', async () => {
    const long = 'Base frame cross member, welded, primed, 1200 mm, with slotted holes for adjustment on both ends and a folded edge';
    const pages = await pagesOf(await renderOrderPdf({ ...worked, items: [{ ...worked.items[0], productName: long }] }, 'en'));
    const lines = pages[0].slice(pages[0].indexOf('P-100') + 1, pages[0].indexOf('1,250'));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(long);
  });
});

describe('renderOrderPdf: what is not given is left out', () => {
  const bare: OrderDocument = {
    status: 'draft',
    number: '2026-0001',
    date: '2026-01-05',
    currency: 'EUR',
    letterhead: { name: 'Kleinbetrieb' },
    customer: { name: 'Kunde' },
    items: [{ position: 1, productName: 'Blech', quantity: '1', unitPrice: '10', lineTotal: '10.00' }],
    totals: { valueOfGoods: '10.00', subtotal: '10.00', vatRate: '19', vatAmount: '1.90', totalWithVat: '11.90' },
  };

  test.each(['en', 'de'] as const)('%s: no "undefined", "null" or label of an absent field', async (locale) => {
    const text = textOf(await pagesOf(await renderOrderPdf(bare, locale)));
    for (const word of ['undefined', 'null', 'NaN', 'Invalid']) expect(text).not.toContain(word);
    const absent =
      locale === 'en'
        ? ['Valid until', 'Your reference', 'Customer no.', 'Attn.', 'Discount', 'Commission', 'Payment terms', 'Shipping', 'Delivery time', 'VAT ID', 'IBAN', 'Phone']
        : ['Gültig bis', 'Ihr Zeichen', 'Kundennr.', 'z. Hd.', 'Rabatt', 'Provision', 'Zahlungsbedingungen', 'Liefer', 'Versandart', 'USt-IdNr.', 'IBAN', 'Telefon'];
    for (const label of absent) expect(text).not.toContain(label);
    expect(text).toContain(locale === 'en' ? 'Offer 2026-0001' : 'Angebot 2026-0001');
    expect(text).toContain(locale === 'en' ? '€11.90' : '11,90 €');
  });

  test('a blank optional field counts as absent', async () => {
    const text = textOf(await pagesOf(await renderOrderPdf({ ...bare, requestNumber: '  ', paymentTerms: '', letterhead: { name: 'Kleinbetrieb', iban: ' ' } }, 'en')));
    expect(text).not.toContain('Your reference');
    expect(text).not.toContain('Payment terms');
    expect(text).not.toContain('IBAN');
  });
});

describe('renderOrderPdf: data no order lets through', () => {
  test.each<[string, Partial<OrderDocument>, RegExp]>([
    ['an amount with a decimal comma', { items: [{ ...worked.items[0], unitPrice: '12,50' }] }, /items\[0\]\.unitPrice/],
    ['a float in exponent notation', { totals: { ...worked.totals, vatAmount: '1e3' } }, /totals\.vatAmount/],
    ['a date that does not exist', { date: '2026-02-30' }, /date must be an ISO date/],
    ['an unknown currency', { currency: 'euro' }, /currency must be an ISO 4217 code/],
    ['a customer without a name', { customer: { name: ' ' } }, /customer\.name is required/],
  ])('%s is refused, naming the field', async (_, change, message) => {
    await expect(renderOrderPdf({ ...worked, ...change }, 'en')).rejects.toThrow(DocumentError);
    await expect(renderOrderPdf({ ...worked, ...change }, 'en')).rejects.toThrow(message);
  });
});
