import { Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { organizationCurrency, organizationTimeZone } from '@fabquote/database';
import { DEFAULT_WEIGHTS } from '@fabquote/rating';
import { ratingWeights } from './offer-rating-weights';
import { vatRate } from './vat-rate';

/**
 * Readers of a setting never fail on a value stored before settings were checked by kind (or written around
 * the API): a currency `NOTACODE` made every ranking mail fail five times. Each reader takes its default and
 * says so in the log; a good value is read as stored.
 */
describe('readers of a stored setting', () => {
  /** A tenant manager whose settings table holds `value` under every slug (or nothing for undefined). */
  const holding = (value: unknown) => ({ query: async () => (value === undefined ? [] : [{ value }]) }) as unknown as EntityManager;
  let warnings: jest.SpyInstance;
  beforeEach(() => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warnings.mockRestore());

  it.each([['NOTACODE'], ['Infinity'], [''], [['EUR']], [42], [null]])('the currency %j is read as EUR', async (stored) => {
    await expect(organizationCurrency(holding(stored))).resolves.toBe('EUR');
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'currency', fallback: 'EUR' }), expect.any(String));
  });

  it.each([['Mars/Olympus'], ['Infinity'], [['Europe/Berlin']], [7]])('the time zone %j is read as UTC', async (stored) => {
    await expect(organizationTimeZone(holding(stored))).resolves.toBe('UTC');
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'time-zone', fallback: 'UTC' }), expect.any(String));
  });

  it.each([['Infinity'], ['-1'], ['100.5'], ['NaN'], [['19']], [19]])('the VAT rate %j is read as 19', async (stored) => {
    await expect(vatRate(holding(stored))).resolves.toBe('19');
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'vat-rate', fallback: '19' }), expect.any(String));
  });

  it.each([[['0', '0', '0']], [['x', '1', '1']], [['-1', '1', '1']], [['1', '1']], ['0.6'], [null]])('the rating weights %j are read as the defaults', async (stored) => {
    await expect(ratingWeights(holding(stored))).resolves.toEqual(DEFAULT_WEIGHTS);
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ setting: 'offer-rating-weights' }), expect.any(String));
  });

  it('reads good values as stored, and a missing one as the default, without a warning', async () => {
    await expect(organizationCurrency(holding(' chf '))).resolves.toBe('CHF');
    await expect(organizationTimeZone(holding('Europe/Berlin'))).resolves.toBe('Europe/Berlin');
    await expect(vatRate(holding('7.7'))).resolves.toBe('7.7');
    await expect(ratingWeights(holding(['1', '0', '0']))).resolves.toEqual({ price: '1', delivery: '0', completeness: '0' });
    await expect(organizationCurrency(holding(undefined))).resolves.toBe('EUR');
    await expect(vatRate(holding(undefined))).resolves.toBe('19');
    await expect(ratingWeights(holding(undefined))).resolves.toEqual(DEFAULT_WEIGHTS);
    expect(warnings).not.toHaveBeenCalled();
  });
});
