import type { Locale } from '@fabquote/i18n';
import { OrderDocumentKind } from './types';

/** Every word the PDF prints, in the customer's language. */
export interface DocumentWords {
  title: Record<OrderDocumentKind, string>;
  intro: Record<OrderDocumentKind, string>;
  number: string;
  date: string;
  validUntil: string;
  requestNumber: string;
  customerOrderNumber: string;
  customerNumber: string;
  attention: string;
  phone: string;
  email: string;
  position: string;
  product: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  valueOfGoods: string;
  commission(percent: string): string;
  subtotal: string;
  vat(rate: string): string;
  totalWithVat: string;
  paymentTerms: string;
  shippingTerms: string;
  shippingMethod: string;
  shippingDate: string;
  deliveryTime: string;
  days(count: number, formatted: string): string;
  currency: string;
  vatId: string;
  taxNumber: string;
  bank: string;
  page(page: number, pages: number): string;
  continued: string;
  /** Printed once, at the end, when a text held characters the font cannot show (`MISSING`, fonts.ts). */
  missingGlyphs: string;
}

const ENGLISH: DocumentWords = {
  title: { offer: 'Offer', confirmation: 'Order confirmation' },
  intro: {
    offer: 'Thank you for your request. We are pleased to offer you the following:',
    confirmation: 'Thank you for your order, which we confirm as follows:',
  },
  number: 'Number',
  date: 'Date',
  validUntil: 'Valid until',
  requestNumber: 'Your reference',
  customerOrderNumber: 'Your order no.',
  customerNumber: 'Customer no.',
  attention: 'Attn.',
  phone: 'Phone',
  email: 'Email',
  position: 'Pos.',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Total',
  valueOfGoods: 'Value of goods',
  commission: (percent) => `Commission ${percent}`,
  subtotal: 'Subtotal',
  vat: (rate) => `VAT ${rate}`,
  totalWithVat: 'Total incl. VAT',
  paymentTerms: 'Payment terms',
  shippingTerms: 'Shipping terms',
  shippingMethod: 'Shipping method',
  shippingDate: 'Shipping date',
  deliveryTime: 'Delivery time',
  days: (count, formatted) => `${formatted} ${count === 1 ? 'day' : 'days'}`,
  currency: 'Currency',
  vatId: 'VAT ID',
  taxNumber: 'Tax no.',
  bank: 'Bank',
  page: (page, pages) => `Page ${page} of ${pages}`,
  continued: 'continued',
  missingGlyphs: '\ufffd marks a character this document cannot print in its font (such as Chinese, Japanese, Korean, Arabic or Hebrew script).',
};

const GERMAN: DocumentWords = {
  title: { offer: 'Angebot', confirmation: 'Auftragsbestätigung' },
  intro: {
    offer: 'Vielen Dank für Ihre Anfrage. Gerne bieten wir Ihnen Folgendes an:',
    confirmation: 'Vielen Dank für Ihren Auftrag, den wir wie folgt bestätigen:',
  },
  number: 'Nummer',
  date: 'Datum',
  validUntil: 'Gültig bis',
  requestNumber: 'Ihr Zeichen',
  customerOrderNumber: 'Ihre Bestellnr.',
  customerNumber: 'Kundennr.',
  attention: 'z. Hd.',
  phone: 'Telefon',
  email: 'E-Mail',
  position: 'Pos.',
  product: 'Produkt',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  discount: 'Rabatt',
  lineTotal: 'Gesamt',
  valueOfGoods: 'Warenwert',
  commission: (percent) => `Provision ${percent}`,
  subtotal: 'Zwischensumme',
  vat: (rate) => `MwSt. ${rate}`,
  totalWithVat: 'Gesamtbetrag inkl. MwSt.',
  paymentTerms: 'Zahlungsbedingungen',
  shippingTerms: 'Lieferbedingungen',
  shippingMethod: 'Versandart',
  shippingDate: 'Liefertermin',
  deliveryTime: 'Lieferzeit',
  days: (count, formatted) => `${formatted} ${count === 1 ? 'Tag' : 'Tage'}`,
  currency: 'Währung',
  vatId: 'USt-IdNr.',
  taxNumber: 'St.-Nr.',
  bank: 'Bank',
  page: (page, pages) => `Seite ${page} von ${pages}`,
  continued: 'Fortsetzung',
  missingGlyphs: '\ufffd steht für ein Zeichen, das dieses Dokument in seiner Schrift nicht drucken kann (etwa chinesische, japanische, koreanische, arabische oder hebräische Schrift).',
};

export function documentWords(locale: Locale): DocumentWords {
  return locale === 'de' ? GERMAN : ENGLISH;
}
