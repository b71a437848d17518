import { EMPTY_FORM, pageLanguage, quoteText, readQuoteForm } from './quote-page';

const limits = { maxFiles: 10, maxFileBytes: 10 * 1024 * 1024 };
const drawing = [{ name: 'plate.dxf', size: 1000 }];
const filled = { ...EMPTY_FORM, company: 'Acme GmbH', name: 'Eva Maier', email: 'eva@acme.example', quantities: '10 / 1.000', thickness: '2,5' };

describe('the quote page form', () => {
  it('reads quantities and the thickness in the page language and sends plain numbers', () => {
    expect(readQuoteForm(filled, drawing, limits, 'de').payload).toMatchObject({ quantities: ['10', '1000'], thickness: '2.5', materialId: null });
    expect(readQuoteForm({ ...filled, quantities: '10 / 1,000', thickness: '2.5' }, drawing, limits, 'en').payload).toMatchObject({ quantities: ['10', '1000'], thickness: '2.5' });
  });

  it('refuses a number written the other language\'s way, showing the notation expected', () => {
    const { problems } = readQuoteForm({ ...filled, thickness: '2.5' }, drawing, limits, 'de');
    expect(problems.thickness).toContain('2,5');
    expect(readQuoteForm({ ...filled, quantities: '1,5' }, drawing, limits, 'de').problems.quantities).toBeDefined();
  });

  it('asks for the required fields and at least one drawing within the limits', () => {
    expect(Object.keys(readQuoteForm(EMPTY_FORM, [], limits, 'en').problems).sort()).toEqual(['company', 'email', 'files', 'name', 'quantities']);
    expect(readQuoteForm(filled, Array.from({ length: 11 }, () => drawing[0]), limits, 'en').problems.files).toBe('At most 10 drawings');
    expect(readQuoteForm(filled, [{ name: 'big.pdf', size: 11 * 1024 * 1024 }], limits, 'de').problems.files).toBe('big.pdf ist größer als 10 MB');
  });

  it('takes the language asked for, else the organization\'s', () => {
    expect(pageLanguage('de', 'en')).toBe('de');
    expect(pageLanguage(null, 'de')).toBe('de');
    expect(pageLanguage('fr', null)).toBe('en');
    expect(quoteText('de', 'indicative_note')).toBe('unverbindlich, verbindlich ist unser Angebot');
  });
});
