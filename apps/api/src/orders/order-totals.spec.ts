import { lineAmounts, orderTotals } from './order-totals';

/** Worked examples to the cent (docs/api-orders.md "Totals"), each step as an accountant writes it. */
describe('order totals', () => {
  it('three lines with a discount, 2.5 % commission and 19 % VAT', () => {
    const lines = [
      // 10 × 12.50 = 125.00
      { quantity: '10', unitPrice: '12.50', discountPercent: '0' },
      // 3 × 0.335 = 1.005 → 1.01 (a binary float says 1.00)
      { quantity: '3', unitPrice: '0.335', discountPercent: '0' },
      // 7 × 19.99 = 139.93; 5 % of it = 6.9965 → 7.00; line total 132.93
      { quantity: '7', unitPrice: '19.99', discountPercent: '5' },
    ];
    expect(lines.map(lineAmounts)).toEqual([
      { amount: '125.00', discountAmount: '0.00', lineTotal: '125.00' },
      { amount: '1.01', discountAmount: '0.00', lineTotal: '1.01' },
      { amount: '139.93', discountAmount: '7.00', lineTotal: '132.93' },
    ]);
    expect(orderTotals(lines, '2.5', '19')).toEqual({
      itemsCount: 3,
      totalQuantity: '20',
      totalPrice: '265.94', // 125.00 + 1.01 + 139.93
      discountAmount: '7.00',
      valueOfGoods: '258.94', // 265.94 − 7.00
      commission: '6.47', // 258.94 × 2.5 % = 6.4735
      subtotal: '265.41', // 258.94 + 6.47
      vatAmount: '50.43', // 265.41 × 19 % = 50.4279
      totalWithVat: '315.84', // 265.41 + 50.43
    });
  });

  it('rounds each half cent up: commission 0.005, VAT 0.475, discount 0.005, a line of 1.005', () => {
    // 1 × 0.10; 5 % commission = 0.005 → 0.01; subtotal 0.11; 19 % VAT = 0.0209 → 0.02
    expect(orderTotals([{ quantity: '1', unitPrice: '0.10', discountPercent: '0' }], '5', '19')).toMatchObject({
      valueOfGoods: '0.10',
      commission: '0.01',
      subtotal: '0.11',
      vatAmount: '0.02',
      totalWithVat: '0.13',
    });
    // 2.50 × 19 % = 0.475 → 0.48 (in binary floating point 0.47499…, which rounds to 0.47)
    expect(orderTotals([{ quantity: '1', unitPrice: '2.50', discountPercent: '0' }], '0', '19')).toMatchObject({ subtotal: '2.50', vatAmount: '0.48', totalWithVat: '2.98' });
    // 0.10 × 5 % discount = 0.005 → 0.01; the line is 0.09
    expect(lineAmounts({ quantity: '1', unitPrice: '0.10', discountPercent: '5' })).toEqual({ amount: '0.10', discountAmount: '0.01', lineTotal: '0.09' });
    // a four-decimal price: 1 × 1.005 = 1.005 → 1.01; 0.0049 stays 0.00
    expect(lineAmounts({ quantity: '1', unitPrice: '1.005', discountPercent: '0' }).amount).toBe('1.01');
    expect(lineAmounts({ quantity: '1', unitPrice: '0.0049', discountPercent: '0' }).amount).toBe('0.00');
  });

  it('sums rounded lines, not the exact products: two lines of 0.005 are 0.02, not 0.01', () => {
    const half = { quantity: '1', unitPrice: '0.005', discountPercent: '0' };
    expect(orderTotals([half, half], '0', '0')).toMatchObject({ totalPrice: '0.02', valueOfGoods: '0.02', totalWithVat: '0.02' });
  });

  it('a full discount, decimal quantities, and an empty order', () => {
    expect(orderTotals([{ quantity: '2.5', unitPrice: '4', discountPercent: '100' }, { quantity: '0.25', unitPrice: '8.00', discountPercent: '12.5' }], '10', '7')).toEqual({
      itemsCount: 2,
      totalQuantity: '2.75',
      totalPrice: '12.00', // 10.00 + 2.00
      discountAmount: '10.25', // 10.00 + 0.25
      valueOfGoods: '1.75',
      commission: '0.18', // 0.175 → 0.18
      subtotal: '1.93',
      vatAmount: '0.14', // 0.1351
      totalWithVat: '2.07',
    });
    expect(orderTotals([], '2.5', '19')).toEqual({
      itemsCount: 0,
      totalQuantity: '0',
      totalPrice: '0.00',
      discountAmount: '0.00',
      valueOfGoods: '0.00',
      commission: '0.00',
      subtotal: '0.00',
      vatAmount: '0.00',
      totalWithVat: '0.00',
    });
  });

  it('stays exact at the largest amounts the columns hold', () => {
    const totals = orderTotals([{ quantity: '9999999999', unitPrice: '9999999999.9999', discountPercent: '0' }], '0', '19');
    // 9,999,999,999 × 9,999,999,999.9999 = 99,999,999,989,999,000,000.0001 → .00
    expect(totals.totalPrice).toBe('99999999989999000000.00');
    // × 19 % = 18,999,999,998,099,810,000.00 (a float64 has 15–17 significant digits)
    expect(totals.vatAmount).toBe('18999999998099810000.00');
  });
});

/** Free lines (freight, design work) count like product lines; text lines (headings, notes) count for nothing. */
describe('order totals with free and text lines', () => {
  it('a product line, a free line and two text lines, 3 % commission and 19 % VAT', () => {
    const lines = [
      { kind: 'text' as const },
      // 120 × 4.135 = 496.20; 2.5 % of it = 12.405 → 12.41; line total 483.79
      { kind: 'product' as const, quantity: '120', unitPrice: '4.135', discountPercent: '2.5' },
      // freight, 1 lump sum × 85.00
      { kind: 'free' as const, quantity: '1', unitPrice: '85.00', discountPercent: '0' },
      // design work, 2.5 h × 68.40 = 171.00; 10 % = 17.10; line total 153.90
      { kind: 'free' as const, quantity: '2.5', unitPrice: '68.40', discountPercent: '10' },
      { kind: 'text' as const },
    ];
    expect(orderTotals(lines, '3', '19')).toEqual({
      itemsCount: 3,
      totalQuantity: '120', // the product line's pieces only
      totalPrice: '752.20', // 496.20 + 85.00 + 171.00
      discountAmount: '29.51', // 12.41 + 0 + 17.10
      valueOfGoods: '722.69', // 752.20 − 29.51
      commission: '21.68', // 722.69 × 3 % = 21.6807
      subtotal: '744.37', // 722.69 + 21.68
      vatAmount: '141.43', // 744.37 × 19 % = 141.4303
      totalWithVat: '885.80', // 744.37 + 141.43
    });
  });

  it('an order of text lines only is worth nothing', () => {
    expect(orderTotals([{ kind: 'text' }], '0', '19')).toMatchObject({ itemsCount: 0, valueOfGoods: '0.00', totalWithVat: '0.00' });
  });
});
