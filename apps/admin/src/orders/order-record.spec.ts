import { createPayload, createRefusal, headerPayload, itemAddPayload, itemEditPayload, NEEDS_PRODUCT, nextStatuses, ORDER_STATUSES, ORDER_TRANSITIONS, pdfFileName } from './order-record';

describe('order statuses', () => {
  it('follow docs/api-orders.md: Ordered is final, Declined only back to Draft', () => {
    expect(nextStatuses('draft')).toEqual(['offered', 'declined']);
    expect(nextStatuses('offered')).toEqual(['ordered', 'deferred', 'declined', 'draft']);
    expect(nextStatuses('deferred')).toEqual(['offered', 'ordered', 'declined']);
    expect(nextStatuses('declined')).toEqual(['draft']);
    expect(nextStatuses('ordered')).toEqual([]);
    expect(nextStatuses(undefined)).toEqual([]);
    expect(nextStatuses('lost')).toEqual([]);
  });

  it('never offer staying in a status', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_TRANSITIONS[status]).not.toContain(status);
  });
});

describe('creating an order', () => {
  it('is refused without a chosen product', () => {
    expect(createRefusal({})).toBe(NEEDS_PRODUCT);
    expect(createRefusal({ items: [{ productId: null, quantity: 5 }] })).toBe(NEEDS_PRODUCT);
    expect(createRefusal({ items: [{ productId: 'p1', quantity: 5 }] })).toBeNull();
  });

  it('sends the chosen products with exact decimal quantities and leaves empty texts out', () => {
    expect(
      createPayload({ name: '  ', customerId: 'c1', contactName: ' Ada ', items: [{ productId: 'p1', quantity: '10' }, { productId: null }, { productId: 'p2', quantity: 2.5 }] }),
    ).toEqual({ customerId: 'c1', contactName: 'Ada', items: [{ productId: 'p1', quantity: '10' }, { productId: 'p2', quantity: '2.5' }] });
  });
});

describe('the edit page', () => {
  it('sends header fields only, an emptied text as none', () => {
    expect(headerPayload({ id: 'o1', name: 'Q', number: 'OR-2026-0001', totalWithVat: 5, contactName: '', vatRate: 19, status: 'draft' })).toEqual({
      name: 'Q',
      contactName: null,
      vatRate: 19,
    });
  });
});

it('names the PDF by the number', () => {
  expect(pdfFileName({ id: 'x', number: 'OR-2026-0007' })).toBe('OR-2026-0007.pdf');
});

describe('an item', () => {
  it('is added at the price taken unless a price of its own is given', () => {
    expect(itemAddPayload({ orderId: 'o', productId: 'p', quantity: '5', unitPrice: '', unitPriceReason: 'x', discountPercent: '' })).toEqual({ orderId: 'o', productId: 'p', quantity: '5' });
    expect(itemAddPayload({ orderId: 'o', productId: 'p', quantity: 5, unitPrice: 11, unitPriceReason: ' phone ', discountPercent: 5 })).toEqual({
      orderId: 'o',
      productId: 'p',
      quantity: '5',
      unitPrice: '11',
      unitPriceReason: 'phone',
      discountPercent: '5',
    });
  });

  it('goes back to the price taken when its price is emptied or left at the price taken, so a new quantity is priced again', () => {
    expect(itemEditPayload({ quantity: 50, unitPrice: 12.5, takenUnitPrice: 12.5, unitPriceReason: null, discountPercent: 0 })).toEqual({
      quantity: '50',
      unitPrice: null,
      unitPriceReason: null,
      discountPercent: '0',
    });
    expect(itemEditPayload({ quantity: 5, unitPrice: '', takenUnitPrice: 12.5, unitPriceReason: 'old', discountPercent: null })).toMatchObject({ unitPrice: null, unitPriceReason: null, discountPercent: '0' });
    expect(itemEditPayload({ quantity: 5, unitPrice: 11, takenUnitPrice: 12.5, unitPriceReason: 'Agreed' })).toMatchObject({ unitPrice: '11', unitPriceReason: 'Agreed' });
    // The price as the number input holds it (an exact text) is the price taken when equal by value.
    expect(itemEditPayload({ quantity: '5', unitPrice: '12.50', takenUnitPrice: 12.5 })).toMatchObject({ unitPrice: null });
    // A manual item (nothing taken) keeps its price.
    expect(itemEditPayload({ quantity: 5, unitPrice: 9, takenUnitPrice: null, unitPriceReason: 'Sample' })).toMatchObject({ unitPrice: '9', unitPriceReason: 'Sample' });
  });
});
