import { bandFor, takenPrice, tierFor } from './item-price';

const TIERS = [
  { quantity: 100, unitPrice: '4.10' },
  { quantity: 1, unitPrice: '25.00' },
  { quantity: 10, unitPrice: '7.30' },
];
const BANDS = [
  { minQuantity: '1', maxQuantity: '49', unitPrice: '9.5' },
  { minQuantity: '50', maxQuantity: '499.5', unitPrice: '8.25' },
  { minQuantity: '1000', maxQuantity: null, unitPrice: '6.1234' },
];

describe('the unit price an item takes', () => {
  it('takes the tier with the largest quantity not above the item, else the smallest', () => {
    expect(tierFor(TIERS, '1')?.unitPrice).toBe('25.00');
    expect(tierFor(TIERS, '9.9999')?.unitPrice).toBe('25.00');
    expect(tierFor(TIERS, '10')?.unitPrice).toBe('7.30');
    expect(tierFor(TIERS, '99')?.unitPrice).toBe('7.30');
    expect(tierFor(TIERS, '100')?.unitPrice).toBe('4.10');
    expect(tierFor(TIERS, '5000000')?.unitPrice).toBe('4.10');
    expect(tierFor([{ quantity: 5, unitPrice: '3.00' }, { quantity: 50, unitPrice: '2.00' }], '0.5')?.unitPrice).toBe('3.00');
    expect(tierFor([], '1')).toBeNull();
  });

  it('takes the bulk band holding the quantity, its bounds included; none outside every band', () => {
    expect(bandFor(BANDS, '1')?.unitPrice).toBe('9.5');
    expect(bandFor(BANDS, '49')?.unitPrice).toBe('9.5');
    expect(bandFor(BANDS, '49.5')).toBeNull();
    expect(bandFor(BANDS, '499.5')?.unitPrice).toBe('8.25');
    expect(bandFor(BANDS, '999')).toBeNull();
    expect(bandFor(BANDS, '1000')?.unitPrice).toBe('6.1234');
    expect(bandFor(BANDS, '0.5')).toBeNull();
  });

  it('prefers the latest calculation, then bulk prices, else has none', () => {
    expect(takenPrice(TIERS, BANDS, '12')).toEqual({ source: 'calculation', unitPrice: '7.30', atQuantity: '10' });
    expect(takenPrice(null, BANDS, '60')).toEqual({ source: 'bulk_price', unitPrice: '8.25', atQuantity: '50' });
    expect(takenPrice([], BANDS, '2000')).toEqual({ source: 'bulk_price', unitPrice: '6.1234', atQuantity: '1000' });
    expect(takenPrice(null, BANDS, '700')).toBeNull();
    expect(takenPrice(null, [], '1')).toBeNull();
  });
});
