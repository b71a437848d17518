import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { awardBody, orderedSuppliables, PreviewSuppliable, productLabel, productRises, risesNotice, tierChange } from './award-preview';

describe('the award preview', () => {
  // The example: the control cabinet at 100 pieces went from 60.00 to 60.46 when the award
  // switched off another supplier's cheaper press nut (0.09) and screw (0.05).
  const cabinet = {
    productId: 'p',
    number: 'CC-1',
    name: 'Control cabinet',
    rises: false,
    tiers: [
      { quantity: 10, before: '64.2', after: '64.2' },
      { quantity: 100, before: '60.00', after: '60.4600' },
      { quantity: 500, before: '58.1', after: '57.9' },
      { quantity: 1000, before: null, after: '55' },
    ],
  };

  it('marks a tier whose unit price rises, compared exactly', () => {
    expect(cabinet.tiers.map(tierChange)).toEqual(['same', 'rise', 'fall', 'unknown']);
    expect(tierChange({ quantity: 1, before: '0.1', after: '0.10000000000000000001' })).toBe('rise');
  });

  it('counts a product as rising when the API says so or a tier rises', () => {
    expect(productRises(cabinet)).toBe(true);
    expect(productRises({ ...cabinet, tiers: [cabinet.tiers[0]] })).toBe(false);
    expect(productRises({ ...cabinet, tiers: [], rises: true })).toBe(true);
  });

  it('lists the suppliables switched off or replaced before those kept', () => {
    const row = (supplierName: string, action: PreviewSuppliable['action']): PreviewSuppliable => ({ suppliableId: supplierName, supplierName, lineName: 'Press nut', kind: 'part', cost: '0.09', action });
    expect(orderedSuppliables([row('A', 'keep'), row('C', 'replace'), row('B', 'switch-off'), row('A', 'switch-off')]).map((found) => `${found.supplierName}:${found.action}`)).toEqual([
      'A:switch-off',
      'B:switch-off',
      'C:replace',
      'A:keep',
    ]);
  });

  it("sends the lines and the switch-off choice; other suppliers' prices stay on unless chosen", () => {
    expect(awardBody(null, false)).toEqual({ switchOffOthers: false });
    expect(awardBody([{ kind: 'part', id: 'l1' }], true)).toEqual({ lines: [{ kind: 'part', lineId: 'l1' }], switchOffOthers: true });
  });

  it('names the products whose price rose after the award', () => {
    expect(risesNotice([{ number: 'CC-1', name: 'Control cabinet' }, { number: null, name: 'Door' }])).toBe('CC-1 Control cabinet, Door');
    expect(risesNotice([])).toBeNull();
    expect(risesNotice(undefined)).toBeNull();
    expect(productLabel({})).toBe('--');
  });
});

describe('the words', () => {
  it.each([
    ['en', en, 'Award', 'Awarded', 'Closed'],
    ['de', de, 'Zuschlag erteilen', 'Zuschlag erteilt', 'Geschlossen'],
  ])('in %s the award action and the awarded state differ, and a closed request reads closed', (_language, texts, action, state, closed) => {
    expect(texts.resources['purchase-request-awards'].award).toBe(action);
    expect(texts.resources['purchase-request-awards'].confirm).toBe(action);
    expect(texts.resources['supplier-offers'].matrix.awarded).toBe(state);
    expect(action).not.toBe(state);
    expect(texts.fabquote.status.purchase_request.closed).toBe(closed);
  });
});
