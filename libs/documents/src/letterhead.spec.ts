import { createCanvas } from '@napi-rs/canvas';
import { readPdfText } from '../test/read-pdf-text';
import { letterheadFromSettings } from './letterhead';
import { renderOrderPdf } from './render-order-pdf';
import { sampleOrder } from './sample-order';
import { LetterheadLogo } from './types';

/** pdf.js may give a no-break space back as either. */
const textOf = async (pdf: Buffer) => (await readPdfText(pdf)).pages.map((page) => page.join('\n').replace(/[\u00a0\u202f]/g, ' '));
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

function logo(type: 'image/png' | 'image/jpeg', width: number, height: number): LetterheadLogo {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1f4e79';
  context.fillRect(0, 0, width / 2, height);
  return { content: type === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg'), width, height };
}

const SETTINGS = {
  'letterhead-name': 'Demo Metallbau GmbH',
  'letterhead-address': ['Industriestraße 5', '70565 Stuttgart', 'Deutschland'],
  'letterhead-phone': '+49 711 987654-0',
  'letterhead-email': 'info@demo-metallbau.example',
  'letterhead-website': 'https://www.demo-metallbau.example',
  'letterhead-vat-id': 'DE123456789',
  'letterhead-tax-number': '99/123/45678',
  'letterhead-bank-name': 'Commerzbank Stuttgart',
  'letterhead-iban': 'DE89 3704 0044 0532 0130 00',
  'letterhead-bic': 'COBADEFFXXX',
};

describe('the letterhead and footer from the company profile', () => {
  it('prints every field of the profile at the top of the first page and in every page\'s footer, tax number included', async () => {
    const letterhead = letterheadFromSettings('Fallback GmbH', SETTINGS, logo('image/png', 240, 80));
    expect(letterhead).toMatchObject({ name: 'Demo Metallbau GmbH', taxNumber: '99/123/45678', logo: { width: 240, height: 80 } });
    // Enough lines for a second page: the footer is on both.
    const pdf = await renderOrderPdf(sampleOrder(60, { letterhead }), 'de');
    const pages = await textOf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      for (const text of ['Demo Metallbau GmbH', 'Industriestraße 5', '70565 Stuttgart', 'Telefon +49 711 987654-0', 'info@demo-metallbau.example', 'https://www.demo-metallbau.example', 'USt-IdNr. DE123456789', 'St.-Nr. 99/123/45678', 'Bank Commerzbank Stuttgart', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX']) {
        expect([text, page.includes(text)]).toEqual([text, true]);
      }
    }
    const english = (await textOf(await renderOrderPdf(sampleOrder(1, { letterhead }), 'en'))).join('\n');
    expect(english).toContain('Tax no. 99/123/45678');
  });

  it('embeds the logo as an image, once, whether PNG or JPEG, and a document without one has no image', async () => {
    // A PNG with transparency is two image objects: the picture and its alpha channel as a soft mask.
    for (const [type, objects] of [['image/png', 2], ['image/jpeg', 1]] as const) {
      const pdf = await renderOrderPdf(sampleOrder(60, { letterhead: letterheadFromSettings('Acme', SETTINGS, logo(type, 300, 300)) }), 'en');
      expect([type, images(pdf)]).toEqual([type, objects]);
    }
    expect(images(await renderOrderPdf(sampleOrder(2, { letterhead: letterheadFromSettings('Acme', SETTINGS) }), 'en'))).toBe(0);
  });

  it('leaves out a logo the PDF library cannot read instead of failing the document', async () => {
    const broken = { content: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), width: 10, height: 10 };
    const pdf = await renderOrderPdf(sampleOrder(1, { letterhead: letterheadFromSettings('Acme', SETTINGS, broken) }), 'en');
    expect(images(pdf)).toBe(0);
    expect((await textOf(pdf)).join('\n')).toContain('Demo Metallbau GmbH');
  });
});
