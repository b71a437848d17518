import PDFDocument from 'pdfkit';
import type { Locale } from '@fabquote/i18n';
import { DocumentError } from './errors';
import { DocumentFormat } from './format';
import { documentFonts, FONT_NAMES } from './fonts';
import { PdfText } from './pdf-text';
import { OrderDocument, OrderDocumentItem, OrderDocumentKind, OrderDocumentStatus, OrderDocumentTextLine } from './types';
import { DocumentWords, documentWords } from './words';

/** An offer until the customer orders; from then on the same order prints as the order confirmation. */
export function documentKind(status: OrderDocumentStatus): OrderDocumentKind {
  return status === 'ordered' ? 'confirmation' : 'offer';
}

/** The title a download or mail can use too: "Offer 2026-0042", "Auftragsbestätigung 2026-0042". */
export function documentTitle(document: Pick<OrderDocument, 'status' | 'number'>, locale: Locale): string {
  return `${documentWords(locale).title[documentKind(document.status)]} ${document.number}`.trim();
}

/**
 * The order as an A4 PDF in the customer's language: letterhead, addressee, number and dates, the
 * items (the table flows over as many pages as it needs, its header repeated on each), the totals
 * with VAT and the terms kept together at the end, and the shop's details with "page n of m" in
 * every page's footer. Pure but for the PDF library: the same document renders the same text.
 */
export async function renderOrderPdf(document: OrderDocument, locale: Locale): Promise<Buffer> {
  if (locale !== 'en' && locale !== 'de') throw new DocumentError(`locale must be "en" or "de", got ${JSON.stringify(locale)}`);
  const layout = new OrderLayout(document, locale);
  return layout.render();
}

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { left: 56, right: 56, top: 42 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const PAD = 4;
const BODY = 9;
const SMALL = 7.5;
const INK = '#1a1a1a';
const MUTED = '#666666';
const RULE = '#bdbdbd';
/** The box the letterhead's logo is scaled into, in points. */
const LOGO_BOX = { width: 170, height: 50 };
/** DejaVu Sans, embedded (fonts.ts): Latin with its extensions, Greek and Cyrillic print as written. */
const FONT = FONT_NAMES;

interface Column {
  key: 'position' | 'product' | 'quantity' | 'unitPrice' | 'discount' | 'lineTotal';
  width: number;
  align: 'left' | 'right';
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

class OrderLayout {
  private readonly doc: PDFKit.PDFDocument;
  private readonly words: DocumentWords;
  private readonly format: DocumentFormat;
  private readonly kind: OrderDocumentKind;
  /** Every text goes through it: what the font cannot show is marked, and the document says so at its end. */
  private readonly shown = new PdfText();
  private readonly columns: Column[];
  private readonly footerTop: number;
  /** Lowest y a row, a total or a term may reach on any page. */
  private readonly bottom: number;
  private y = MARGIN.top;

  constructor(
    private readonly order: OrderDocument,
    private readonly locale: Locale,
  ) {
    if (!present(order.letterhead?.name)) throw new DocumentError('letterhead.name is required');
    if (!present(order.customer?.name)) throw new DocumentError('customer.name is required');
    if (!Array.isArray(order.items)) throw new DocumentError('items must be an array');
    this.words = documentWords(locale);
    this.format = new DocumentFormat(locale, typeof order.currency === 'string' ? order.currency.trim() : order.currency);
    this.kind = documentKind(order.status);
    this.doc = new PDFDocument({
      size: 'A4',
      // The bottom margin is nearly nothing so the footer can be written low; the body stops at `bottom`.
      margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: 10 },
      bufferPages: true,
      autoFirstPage: false,
      // The document's properties are Unicode strings of their own (not drawn): the names as written.
      info: { Title: documentTitle(order, locale).replace(/\s+/g, ' ').trim(), Author: order.letterhead.name.replace(/\s+/g, ' ').trim(), Creator: 'Fabquote' },
    });
    const fonts = documentFonts();
    // pdfkit takes a parsed fontkit font as a font's source (its `open` checks for `layout`); its typings know only files and buffers.
    this.doc.registerFont(FONT.regular, fonts.regular as unknown as Buffer);
    this.doc.registerFont(FONT.bold, fonts.bold as unknown as Buffer);
    this.columns = this.tableColumns();
    this.footerTop = PAGE.height - 28 - this.footerLines().reduce((most, column) => Math.max(most, column.length), 0) * (SMALL + 2);
    this.bottom = this.footerTop - 16;
  }

  render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.checkAmounts();
    this.doc.addPage();
    this.letterhead();
    this.addressAndFacts();
    this.heading();
    this.tableHeader();
    for (const line of this.order.items) {
      if (line.kind === 'text') this.textRow(line);
      else this.row(line);
    }
    this.closing();
    this.footers();
    this.doc.end();
    return done;
  }

  /** Formats every amount once before anything is drawn, so bad data fails with its field named, not half a PDF. */
  private checkAmounts(): void {
    const totals = this.order.totals;
    this.order.items.forEach((item, index) => {
      const at = `items[${index}]`;
      if (item.kind === 'text') {
        if (!present(item.text)) throw new DocumentError(`${at}.text is required`);
        return;
      }
      if (!present(item.productName)) throw new DocumentError(`${at}.productName is required`);
      this.format.formatQuantity(item.quantity, `${at}.quantity`);
      this.format.formatMoney(item.unitPrice, `${at}.unitPrice`);
      this.format.formatMoney(item.lineTotal, `${at}.lineTotal`);
      if (present(item.discountPercent)) this.format.formatPercent(item.discountPercent, `${at}.discountPercent`);
    });
    for (const key of ['valueOfGoods', 'subtotal', 'vatAmount', 'totalWithVat'] as const) this.format.formatMoney(totals[key], `totals.${key}`);
    this.format.formatPercent(totals.vatRate, 'totals.vatRate');
    this.format.formatDate(this.order.date, 'date');
  }

  // ─── page 1: letterhead, addressee, facts, title ─────────────────────────────────────────────

  private letterhead(): void {
    const { letterhead } = this.order;
    const right = [...this.lines(letterhead.addressLines), ...this.lines([letterhead.phone, letterhead.email, letterhead.website])];
    const nameTop = MARGIN.top + this.logo();
    this.font(FONT.bold, 15).fillColor(INK).text(this.shown.line(letterhead.name), MARGIN.left, nameTop, { width: CONTENT_WIDTH * 0.6 });
    const nameBottom = this.doc.y;
    let y = MARGIN.top;
    this.font(FONT.regular, SMALL).fillColor(MUTED);
    for (const line of right) {
      this.rightText(line, MARGIN.left + CONTENT_WIDTH, y);
      y += SMALL + 2;
    }
    this.y = Math.max(nameBottom, this.doc.y, y) + 14;
    this.rule(this.y);
    this.y += 22;
  }

  /**
   * The company profile's logo at the top left, scaled into 170 × 50 pt keeping its proportions; answers the
   * height it took with the space below it (0 without a logo). A logo the PDF library cannot read (its content
   * was checked by its header on upload, not decoded in full) is left out rather than failing the document.
   */
  private logo(): number {
    const logo = this.order.letterhead.logo;
    if (!logo || !(logo.width > 0) || !(logo.height > 0)) return 0;
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
    const [width, height] = [logo.width * scale, logo.height * scale];
    try {
      this.doc.image(logo.content, MARGIN.left, MARGIN.top, { width, height });
    } catch {
      return 0;
    }
    return height + 8;
  }

  private addressAndFacts(): void {
    const { letterhead, customer } = this.order;
    const top = this.y;
    const addressWidth = CONTENT_WIDTH * 0.55;
    // The return address above the window of a windowed envelope (DIN 5008).
    const sender = [this.shown.line(letterhead.name), ...this.lines(letterhead.addressLines)].join(' · ');
    this.font(FONT.regular, 6.5).fillColor(MUTED).text(this.fit(sender, addressWidth), MARGIN.left, top, { lineBreak: false });
    let y = top + 14;
    const contact = present(customer.contactName) ? `${this.words.attention} ${this.shown.line(customer.contactName)}` : null;
    const recipient = [this.shown.line(customer.name), ...(contact ? [contact] : []), ...this.lines(customer.addressLines)];
    recipient.forEach((line, index) => {
      this.font(index === 0 ? FONT.bold : FONT.regular, 10).fillColor(INK).text(line, MARGIN.left, y, { width: addressWidth });
      y = this.doc.y + 1;
    });
    const reach = this.lines([
      present(customer.contactPhone) ? `${this.words.phone} ${this.shown.line(customer.contactPhone)}` : null,
      present(customer.contactEmail) ? `${this.words.email} ${this.shown.line(customer.contactEmail)}` : null,
    ]);
    if (reach.length > 0) {
      y += 4;
      this.font(FONT.regular, SMALL + 0.5).fillColor(MUTED).text(reach.join('   '), MARGIN.left, y, { width: addressWidth });
      y = this.doc.y;
    }

    const facts: Array<[string, string]> = [
      [this.words.number, this.shown.line(this.order.number)],
      [this.words.date, this.format.formatDate(this.order.date, 'date')],
    ];
    if (this.kind === 'offer' && present(this.order.validUntil)) facts.push([this.words.validUntil, this.format.formatDate(this.order.validUntil, 'validUntil')]);
    if (present(this.order.requestNumber)) facts.push([this.words.requestNumber, this.shown.line(this.order.requestNumber)]);
    if (present(this.order.customerOrderNumber)) facts.push([this.words.customerOrderNumber, this.shown.line(this.order.customerOrderNumber)]);
    if (present(customer.accountNumber)) facts.push([this.words.customerNumber, this.shown.line(customer.accountNumber)]);
    const labelX = MARGIN.left + CONTENT_WIDTH * 0.6;
    const valueX = labelX + 78;
    let factY = top + 14;
    for (const [label, value] of facts) {
      this.font(FONT.regular, BODY).fillColor(MUTED).text(label, labelX, factY, { lineBreak: false });
      this.font(FONT.regular, BODY).fillColor(INK).text(value, valueX, factY, { width: MARGIN.left + CONTENT_WIDTH - valueX });
      factY = Math.max(this.doc.y, factY + BODY + 3) + 2;
    }
    this.y = Math.max(y, factY) + 26;
  }

  private heading(): void {
    this.font(FONT.bold, 16).fillColor(INK).text(this.shown.line(documentTitle(this.order, this.locale)), MARGIN.left, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 8;
    if (present(this.order.name)) {
      this.font(FONT.bold, 10).text(this.shown.line(this.order.name), MARGIN.left, this.y, { width: CONTENT_WIDTH });
      this.y = this.doc.y + 4;
    }
    if (present(this.order.description)) {
      // A description long enough to need pages of its own is not an order's; what does not fit the first page is cut with an ellipsis.
      const height = Math.max(BODY * 2, Math.min(this.bottom - this.y - 120, 200));
      this.font(FONT.regular, BODY).text(this.shown.text(this.order.description.trim()), MARGIN.left, this.y, { width: CONTENT_WIDTH, height, ellipsis: true });
      this.y = this.doc.y + 6;
    }
    this.font(FONT.regular, BODY).fillColor(INK).text(this.words.intro[this.kind], MARGIN.left, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 10;
  }

  // ─── the items table ─────────────────────────────────────────────────────────────────────────

  /** The discount column only when some item has a discount; the product column takes what is left. */
  private tableColumns(): Column[] {
    const discounted = this.order.items.some((item) => item.kind !== 'text' && present(item.discountPercent) && !DocumentFormat.isZero(item.discountPercent));
    const fixed: Column[] = [
      { key: 'position', width: 28, align: 'left' },
      { key: 'product', width: 0, align: 'left' },
      { key: 'quantity', width: 54, align: 'right' },
      { key: 'unitPrice', width: 74, align: 'right' },
      ...(discounted ? [{ key: 'discount', width: 46, align: 'right' } as Column] : []),
      { key: 'lineTotal', width: 80, align: 'right' },
    ];
    const product = fixed.find((column) => column.key === 'product') as Column;
    product.width = CONTENT_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0);
    return fixed;
  }

  private tableHeader(): void {
    const header: Record<Column['key'], string> = {
      position: this.words.position,
      product: this.words.product,
      quantity: this.words.quantity,
      unitPrice: this.words.unitPrice,
      discount: this.words.discount,
      lineTotal: this.words.lineTotal,
    };
    const height = BODY + 10;
    this.doc.rect(MARGIN.left, this.y, CONTENT_WIDTH, height).fill('#eeeeee');
    this.font(FONT.bold, BODY - 0.5).fillColor(INK);
    let x = MARGIN.left;
    for (const column of this.columns) {
      this.cell(header[column.key], x, this.y + 5, column, BODY - 0.5);
      x += column.width;
    }
    this.y += height + 2;
  }

  private row(item: OrderDocumentItem): void {
    const product = this.columns.find((column) => column.key === 'product') as Column;
    const name = this.shown.text(item.productName.trim());
    const number = present(item.productNumber) ? this.shown.line(item.productNumber) : null;
    const textWidth = product.width - 2 * PAD;
    this.font(FONT.regular, BODY);
    const nameHeight = this.doc.heightOfString(name, { width: textWidth });
    const numberHeight = number ? this.font(FONT.bold, BODY - 1).heightOfString(number, { width: textWidth }) + 1 : 0;
    const height = Math.max(numberHeight + nameHeight, BODY + 2) + 8;
    if (this.y + height > this.bottom) {
      this.continuePage();
      this.tableHeader();
    }
    const top = this.y + 4;
    const values: Record<Column['key'], string> = {
      position: String(item.position),
      product: '',
      // A free line's unit after its quantity ("2.5 h"); pieces print as the number alone.
      quantity: present(item.unit) ? `${this.format.formatQuantity(item.quantity)} ${this.shown.line(item.unit.trim())}` : this.format.formatQuantity(item.quantity),
      unitPrice: this.format.formatMoney(item.unitPrice),
      discount: present(item.discountPercent) && !DocumentFormat.isZero(item.discountPercent) ? this.format.formatPercent(item.discountPercent) : '',
      lineTotal: this.format.formatMoney(item.lineTotal),
    };
    let x = MARGIN.left;
    for (const column of this.columns) {
      if (column.key === 'product') {
        let y = top;
        if (number) {
          this.font(FONT.bold, BODY - 1).fillColor(MUTED).text(number, x + PAD, y, { width: textWidth });
          y = this.doc.y + 1;
        }
        this.font(FONT.regular, BODY).fillColor(INK).text(name, x + PAD, y, { width: textWidth });
      } else {
        this.font(FONT.regular, BODY).fillColor(INK);
        this.cell(values[column.key], x, top, column, BODY);
      }
      x += column.width;
    }
    this.y += height;
    this.doc.moveTo(MARGIN.left, this.y).lineTo(MARGIN.left + CONTENT_WIDTH, this.y).lineWidth(0.4).strokeColor(RULE).stroke();
  }

  /** A heading or a note: its text in bold across the table from the product column on, no number, no amount. */
  private textRow(line: OrderDocumentTextLine): void {
    const left = MARGIN.left + this.columns[0].width + PAD;
    const width = CONTENT_WIDTH - this.columns[0].width - 2 * PAD;
    const text = this.shown.text(line.text.trim());
    const height = this.font(FONT.bold, BODY).heightOfString(text, { width }) + 10;
    if (this.y + height > this.bottom) {
      this.continuePage();
      this.tableHeader();
    }
    this.font(FONT.bold, BODY).fillColor(INK).text(text, left, this.y + 6, { width });
    this.y += height;
    this.doc.moveTo(MARGIN.left, this.y).lineTo(MARGIN.left + CONTENT_WIDTH, this.y).lineWidth(0.4).strokeColor(RULE).stroke();
  }

  /** One line in a column (font and size set by the caller); a figure too wide for it is set smaller rather than cut or spilled. */
  private cell(text: string, x: number, y: number, column: Column, size: number): void {
    if (!text) return;
    const room = column.width - 2 * PAD;
    let fitted = size;
    while (fitted > 5 && this.doc.fontSize(fitted).widthOfString(text) > room) fitted -= 0.5;
    const left = column.align === 'right' ? x + column.width - PAD - this.doc.widthOfString(text) : x + PAD;
    // Set smaller, it keeps the row's baseline.
    this.doc.text(text, left, y + (size - fitted) * 0.75, { lineBreak: false });
    this.doc.fontSize(size);
  }

  // ─── totals and terms, kept together on the last page ────────────────────────────────────────

  private closing(): void {
    const { totals } = this.order;
    const rows: Array<{ label: string; value: string; strong?: boolean }> = [
      { label: this.words.valueOfGoods, value: this.format.formatMoney(totals.valueOfGoods) },
    ];
    if (present(totals.commission) && !DocumentFormat.isZero(totals.commission)) {
      const percent = present(totals.commissionPercent) ? this.format.formatPercent(totals.commissionPercent, 'totals.commissionPercent') : '';
      rows.push({ label: this.words.commission(percent).trim(), value: this.format.formatMoney(totals.commission, 'totals.commission') });
    }
    rows.push({ label: this.words.subtotal, value: this.format.formatMoney(totals.subtotal) });
    rows.push({ label: this.words.vat(this.format.formatPercent(totals.vatRate)), value: this.format.formatMoney(totals.vatAmount) });
    rows.push({ label: this.words.totalWithVat, value: this.format.formatMoney(totals.totalWithVat), strong: true });

    const terms: Array<[string, string]> = [];
    if (present(this.order.paymentTerms)) terms.push([this.words.paymentTerms, this.shown.line(this.order.paymentTerms)]);
    if (present(this.order.shippingTerms)) terms.push([this.words.shippingTerms, this.shown.line(this.order.shippingTerms)]);
    if (present(this.order.shippingMethod)) terms.push([this.words.shippingMethod, this.shown.line(this.order.shippingMethod)]);
    if (present(this.order.shippingDate)) terms.push([this.words.shippingDate, this.format.formatDate(this.order.shippingDate, 'shippingDate')]);
    const days = this.order.shippingDays;
    if (typeof days === 'number' && Number.isFinite(days)) terms.push([this.words.deliveryTime, this.words.days(days, this.format.formatQuantity(String(days)))]);
    terms.push([this.words.currency, this.format.currency]);

    // The widest label sets the column (German "Zahlungsbedingungen" is wider than the English ones).
    this.font(FONT.bold, BODY);
    const labelWidth = Math.max(110, ...terms.map(([label]) => Math.ceil(this.doc.widthOfString(label)) + 12));
    const valueWidth = CONTENT_WIDTH - labelWidth;
    this.font(FONT.regular, BODY);
    const termsHeight = terms.reduce((sum, [, value]) => sum + this.doc.heightOfString(value, { width: valueWidth }) + 3, 0);
    const totalsHeight = rows.length * (BODY + 6) + 8;
    // Every text of the document has been brought into the font by now (the footers' lines in the constructor).
    const note = this.shown.missing ? this.words.missingGlyphs : null;
    const noteHeight = note ? this.font(FONT.regular, SMALL).heightOfString(note, { width: CONTENT_WIDTH }) + 10 : 0;
    this.font(FONT.regular, BODY);
    if (this.y + 10 + totalsHeight + 18 + termsHeight + noteHeight > this.bottom) this.continuePage();

    this.y += 10;
    const labelX = MARGIN.left + CONTENT_WIDTH - 250;
    for (const row of rows) {
      if (row.strong) {
        this.doc.moveTo(labelX, this.y).lineTo(MARGIN.left + CONTENT_WIDTH, this.y).lineWidth(0.8).strokeColor(INK).stroke();
        this.y += 4;
      }
      this.font(row.strong ? FONT.bold : FONT.regular, BODY).fillColor(INK).text(row.label, labelX, this.y, { lineBreak: false });
      this.cell(row.value, labelX + 150, this.y, { key: 'lineTotal', width: 100, align: 'right' }, BODY);
      this.y += BODY + 6;
    }
    this.y += 18;
    for (const [label, value] of terms) {
      this.font(FONT.bold, BODY).fillColor(INK).text(label, MARGIN.left, this.y, { lineBreak: false });
      this.font(FONT.regular, BODY).text(value, MARGIN.left + labelWidth, this.y, { width: valueWidth });
      this.y = this.doc.y + 3;
    }
    if (note) {
      this.y += 7;
      this.font(FONT.regular, SMALL).fillColor(MUTED).text(note, MARGIN.left, this.y, { width: CONTENT_WIDTH });
      this.y = this.doc.y;
    }
  }

  // ─── pages and footers ───────────────────────────────────────────────────────────────────────

  /** A new page with a running head naming the document, so a loose page can be put back. */
  private continuePage(): void {
    this.doc.addPage();
    this.y = MARGIN.top;
    this.font(FONT.regular, SMALL + 0.5).fillColor(MUTED);
    this.doc.text(`${this.shown.line(documentTitle(this.order, this.locale))} (${this.words.continued})`, MARGIN.left, this.y, { lineBreak: false });
    this.rightText(this.shown.line(this.order.letterhead.name), MARGIN.left + CONTENT_WIDTH, this.y);
    this.y += SMALL + 8;
    this.rule(this.y);
    this.y += 12;
  }

  /** The shop's address, reach and bank in three columns; which lines there are depends on the settings given. */
  private footerLines(): string[][] {
    const { letterhead } = this.order;
    return [
      [this.shown.line(letterhead.name), ...this.lines(letterhead.addressLines)],
      this.lines([
        present(letterhead.phone) ? `${this.words.phone} ${letterhead.phone}` : null,
        letterhead.email,
        letterhead.website,
        present(letterhead.vatId) ? `${this.words.vatId} ${letterhead.vatId}` : null,
        present(letterhead.taxNumber) ? `${this.words.taxNumber} ${letterhead.taxNumber}` : null,
      ]),
      this.lines([
        present(letterhead.bankName) ? `${this.words.bank} ${letterhead.bankName}` : null,
        present(letterhead.iban) ? `IBAN ${letterhead.iban}` : null,
        present(letterhead.bic) ? `BIC ${letterhead.bic}` : null,
      ]),
    ].filter((column) => column.length > 0);
  }

  private footers(): void {
    const columns = this.footerLines();
    const { start, count } = this.doc.bufferedPageRange();
    const width = CONTENT_WIDTH / Math.max(columns.length, 1);
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      this.rule(this.footerTop - 6);
      this.font(FONT.regular, SMALL).fillColor(MUTED);
      columns.forEach((column, at) => {
        column.forEach((line, row) => {
          this.doc.text(this.fit(line, width - 6), MARGIN.left + at * width, this.footerTop + row * (SMALL + 2), { lineBreak: false });
        });
      });
      this.rightText(this.words.page(index - start + 1, count), MARGIN.left + CONTENT_WIDTH, PAGE.height - 22);
    }
  }

  // ─── helpers ─────────────────────────────────────────────────────────────────────────────────

  /** The present values, each one line the font prints. */
  private lines(values: readonly (string | null | undefined)[] | null | undefined): string[] {
    return (values ?? []).filter(present).map((value) => this.shown.line(value));
  }

  private font(name: string, size: number): PDFKit.PDFDocument {
    return this.doc.font(name).fontSize(size);
  }

  /** `text` cut to `width` in the current font, with an ellipsis where it was cut. */
  private fit(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    // By characters, not UTF-16 units: a letter outside the Basic Multilingual Plane is never cut in half.
    const characters = Array.from(text);
    while (characters.length > 1 && this.doc.widthOfString(`${characters.join('')}…`) > width) characters.pop();
    return `${characters.join('').trimEnd()}…`;
  }

  private rightText(text: string, right: number, y: number): void {
    this.doc.text(text, right - this.doc.widthOfString(text), y, { lineBreak: false });
  }

  private rule(y: number): void {
    this.doc.moveTo(MARGIN.left, y).lineTo(MARGIN.left + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
}
