import { AppException } from '../common/app-exception';
import { settingSwitch } from '../settings';
import { companyDomain, drawingState, quoteQuantities, quoteThickness } from './quote-request.rules';

const refusedOn = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppException) return Object.keys(error.fieldErrors ?? {})[0];
    throw error;
  }
  return undefined;
};

describe('the quote page rules', () => {
  it('takes quantities as plain whole numbers, repeated or in one field, sorted and each once', () => {
    expect(quoteQuantities(['100', '10'])).toEqual([10, 100]);
    expect(quoteQuantities('10, 50 1000;10')).toEqual([10, 50, 1000]);
    expect(quoteQuantities([5, '7'])).toEqual([5, 7]);
    for (const bad of [undefined, '', '1.000', '0', '1000001', 'abc', [null], [{}], Array.from({ length: 21 }, (_, index) => String(index + 1)), '2.5']) {
      expect(refusedOn(() => quoteQuantities(bad))).toBe('quantities');
    }
  });

  it('takes a thickness above 0 and at most 100 mm with at most three decimals, as an exact text', () => {
    expect(quoteThickness('2.50')).toBe('2.5');
    expect(quoteThickness(3)).toBe('3');
    expect(quoteThickness(null)).toBeNull();
    expect(quoteThickness('')).toBeNull();
    for (const bad of ['2,5', '0', '101', '1.2345', 'abc', true, [], -1]) expect(refusedOn(() => quoteThickness(bad))).toBe('thickness');
  });

  it('matches customers by a company domain, never by a free-mail one', () => {
    expect(companyDomain('Jana@Blech-Partner.example')).toBe('blech-partner.example');
    for (const email of ['eva@gmail.com', 'x@gmx.de', 'y@web.de', 'z@outlook.com', 'a@hotmail.com', 'b@yahoo.com', 'c@icloud.com', 'd@t-online.de']) expect(companyDomain(email)).toBeNull();
  });

  it('says a drawing is read, priced or for staff from its input and the job\'s verdict', () => {
    const dxf = { status: 'success' as const, reader: 'cad' as const, contentType: 'image/vnd.dxf', error: null };
    expect(drawingState({ ...dxf, status: 'processing', verdict: null }).state).toBe('reading');
    expect(drawingState({ ...dxf, verdict: null }).state).toBe('reading');
    expect(drawingState({ ...dxf, verdict: { state: 'priced', currency: 'EUR', parts: [] } }).state).toBe('priced');
    expect(drawingState({ ...dxf, verdict: { state: 'staff', reason: { key: 'quote_staff_instant_off' } } })).toEqual({ state: 'staff', reason: { key: 'quote_staff_instant_off' } });
    expect(drawingState({ status: 'created', reader: 'ai', contentType: 'application/pdf', error: null, verdict: null })).toEqual({ state: 'staff', reason: { key: 'quote_staff_not_dxf' } });
    expect(drawingState({ status: 'processing', reader: 'cad', contentType: 'model/step', error: null, verdict: null }).state).toBe('reading');
    expect(drawingState({ status: 'error', reader: 'ai', contentType: 'application/pdf', error: { key: 'ai_not_configured' }, verdict: null })).toEqual({ state: 'staff', reason: { key: 'quote_staff_not_dxf' } });
    expect(drawingState({ ...dxf, status: 'error', error: { key: 'cad_too_complex' }, verdict: null })).toEqual({
      state: 'staff',
      reason: { key: 'quote_staff_unreadable', params: { reason: { key: 'cad_too_complex', params: {} } } },
    });
  });

  it('reads a switch as stored, and anything else as off', () => {
    expect(settingSwitch('quote-page-enabled', 'true')).toBe(true);
    expect(settingSwitch('quote-page-enabled', 'false')).toBe(false);
    expect(settingSwitch('quote-page-enabled', undefined)).toBe(false);
    expect(settingSwitch('quote-page-enabled', ['true'])).toBe(false);
    expect(settingSwitch('quote-page-enabled', 'yes')).toBe(false);
  });
});
