import {
  chosenCalculation,
  createPayload,
  createRefusal,
  headerPayload,
  itemAddPayload,
  itemEditPayload,
  lineAddPayload,
  lineEditPayload,
  movedLines,
  NEEDS_PRODUCT,
  pdfFileName,
  priceSourceText,
} from './order-record';

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

describe('a line of the offer', () => {
  it('is added with the fields of its kind only', () => {
    expect(lineAddPayload('text', { orderId: 'o', text: ' Assembly ', quantity: '3', unitPrice: '9' })).toEqual({ orderId: 'o', kind: 'text', text: 'Assembly' });
    expect(lineAddPayload('free', { orderId: 'o', text: 'Freight', quantity: '1', unit: ' ', unitPrice: '45.5', discountPercent: '' })).toEqual({
      orderId: 'o',
      kind: 'free',
      text: 'Freight',
      quantity: '1',
      unit: null,
      unitPrice: '45.5',
    });
    expect(lineAddPayload('free', { orderId: 'o', text: 'Design', quantity: '2.5', unit: 'h', unitPrice: '80', discountPercent: '10' })).toMatchObject({ unit: 'h', discountPercent: '10' });
    expect(lineAddPayload('product', { orderId: 'o', productId: 'p', quantity: '300', calculationId: '' })).toEqual({ orderId: 'o', productId: 'p', quantity: '300', kind: 'product' });
    expect(lineAddPayload('product', { orderId: 'o', productId: 'p', quantity: '300', calculationId: 'c7' })).toMatchObject({ calculationId: 'c7' });
  });

  it('is changed in place with the fields of its kind; a product line goes back to the latest standard calculation when none is chosen', () => {
    expect(lineEditPayload('text', { text: 'Notes', quantity: 1 })).toEqual({ text: 'Notes' });
    expect(lineEditPayload('free', { text: 'Packaging', quantity: '2', unit: 'box', unitPrice: '12', discountPercent: null })).toEqual({
      text: 'Packaging',
      quantity: '2',
      unit: 'box',
      unitPrice: '12',
      discountPercent: '0',
    });
    expect(lineEditPayload('product', { quantity: '50', unitPrice: '4.1', takenUnitPrice: 4.1, calculationId: '' })).toEqual({
      quantity: '50',
      unitPrice: null,
      unitPriceReason: null,
      discountPercent: '0',
      calculationId: null,
    });
    expect(lineEditPayload('product', { quantity: '50', unitPrice: null, takenUnitPrice: 7.9, calculationId: 'w1' })).toMatchObject({ calculationId: 'w1' });
  });

  it('starts its calculation choice at the what-if chosen, else at the latest standard one', () => {
    expect(chosenCalculation({ calculationId: 'w1', calculationWhatIf: true })).toBe('w1');
    expect(chosenCalculation({ calculationId: 's3', calculationWhatIf: false })).toBe('');
    expect(chosenCalculation({ calculationId: null, calculationWhatIf: false })).toBe('');
  });

  it('moves one place up or down, never past either end', () => {
    expect(movedLines(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedLines(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedLines(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedLines(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('says where its price came from', () => {
    const line = { kind: 'product', priceSource: 'calculation', calculationWhatIf: false, priceQuantity: 50, unitPrice: 4.1, takenUnitPrice: 4.1, unitPriceReason: null } as const;
    expect(priceSourceText(line)).toEqual({ key: 'calculation', quantity: 50 });
    expect(priceSourceText({ ...line, calculationWhatIf: true, priceQuantity: 49 })).toEqual({ key: 'what_if', quantity: 49 });
    expect(priceSourceText({ ...line, priceSource: 'bulk_price', priceQuantity: 100 })).toEqual({ key: 'bulk_price', quantity: 100 });
    expect(priceSourceText({ ...line, unitPrice: 3.9, unitPriceReason: 'Framework contract' })).toEqual({ key: 'own', reason: 'Framework contract', taken: 4.1 });
    expect(priceSourceText({ ...line, priceSource: 'manual', takenUnitPrice: null, unitPrice: 9, unitPriceReason: 'Sample' })).toEqual({ key: 'manual', reason: 'Sample' });
    expect(priceSourceText({ ...line, kind: 'free', priceSource: 'free', priceQuantity: null })).toEqual({ key: 'free' });
    expect(priceSourceText({ ...line, kind: 'text', priceSource: null as never })).toBeNull();
  });
});
