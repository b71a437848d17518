import {
  chosenProductIds,
  createPayload,
  deadlineAhead,
  MESSAGE,
  parseQuantities,
  preTickedOperations,
  quantitiesText,
  stepRefusal,
  validateQuantities,
} from './purchase-request-record';

describe('the quantities asked per product', () => {
  it('reads 10 / 50 / 1.000 typed with slashes, semicolons or spaces, in the order typed, in the chosen language', () => {
    expect(parseQuantities('10 / 50 / 1.000', 'de')).toEqual({ quantities: [10, 50, 1000] });
    expect(parseQuantities('10 / 50 / 1,000', 'en')).toEqual({ quantities: [10, 50, 1000] });
    expect(parseQuantities('200;10 50 7,5', 'de')).toEqual({ quantities: [200, 10, 50, 7.5] });
    expect(parseQuantities('200;10 50 7.5', 'en')).toEqual({ quantities: [200, 10, 50, 7.5] });
    expect(parseQuantities('10, 50, 200', 'en')).toEqual({ quantities: [10, 50, 200] });
    expect(parseQuantities([10, '50'], 'de')).toEqual({ quantities: [10, 50] });
  });

  it('refuses an entry the language cannot read, showing the notation expected, never reading it another way', () => {
    expect(validateQuantities('de')('10 / 1.5')).toEqual({
      message: 'fabquote.numbers.ambiguous',
      args: { entry: '1.5', suggestion: '1,5', example: '1.234,56', thousand: '1.000' },
    });
    expect(validateQuantities('en')('10 / 1,5')).toMatchObject({ message: 'fabquote.numbers.ambiguous', args: { entry: '1,5', suggestion: '1.5' } });
    expect(parseQuantities('10 / ten', 'en').error).toBe('fabquote.numbers.not_a_number');
  });

  it('refuses an empty list, a number that is not positive, one asked twice, and more than ten', () => {
    expect(parseQuantities('  ', 'en').error).toBe(MESSAGE.quantitiesRequired);
    expect(parseQuantities('10 / 0', 'en').error).toBe(MESSAGE.positiveNumber);
    expect(parseQuantities('10 / -5', 'en').error).toBe(MESSAGE.positiveNumber);
    expect(parseQuantities('10 / 10', 'en').error).toBe(MESSAGE.quantitiesDuplicate);
    expect(parseQuantities('1.000 / 1000', 'de').error).toBe(MESSAGE.quantitiesDuplicate);
    expect(validateQuantities('en')('1 2 3 4 5 6 7 8 9 10 11')).toEqual({ message: MESSAGE.quantitiesTooMany, args: { max: 10 } });
    expect(validateQuantities('en')('1 2 3')).toBeUndefined();
  });

  it('shows a stored list as 10 / 50 / 1.000 (1,000 in English) and keeps what is being typed', () => {
    expect(quantitiesText([10, 50, 1000], 'de')).toBe('10 / 50 / 1.000');
    expect(quantitiesText([10, 50, 1000], 'en')).toBe('10 / 50 / 1,000');
    expect(quantitiesText('10/', 'de')).toBe('10/');
    expect(quantitiesText(null, 'de')).toBe('');
  });
});

describe('the create stepper', () => {
  it('refuses Next without a product (or with a row left empty) and without a supplier', () => {
    expect(stepRefusal('products', {})).toBe(MESSAGE.selectProduct);
    expect(stepRefusal('products', { products: [{ productId: 'p1', quantities: '10' }, { productId: null }] })).toBe(MESSAGE.selectProduct);
    expect(stepRefusal('products', { products: [{ productId: 'p1', quantities: '10' }] })).toBeNull();
    expect(stepRefusal('suppliers', { supplierIds: [] })).toBe(MESSAGE.selectSupplier);
    expect(stepRefusal('suppliers', { supplierIds: ['s1'] })).toBeNull();
    expect(stepRefusal('product-parts', {})).toBeNull();
  });

  it('ticks the operations that are bought in', () => {
    expect(preTickedOperations([{ id: 'a', boughtIn: true }, { id: 'b', boughtIn: false }, { id: 'c', boughtIn: null }])).toEqual(['a']);
  });

  it('ends in one POST with numbers for quantities and only lines of the products still chosen', () => {
    const values = {
      products: [
        { productId: 'p1', quantities: '10 / 50 / 1.000' },
        { productId: 'p2', quantities: '5' },
      ],
      name: '  Brackets Q3 ',
      closeSubmissionDeadline: '2030-01-15T09:00:00.000Z',
      includeProductPreview: true,
      reminderFrequency: 'weekly' as const,
      additionalInformation: ' ',
      supplierIds: ['s1', 's2'],
      productOperationIds: ['o1', 'o3'],
      productPartIds: ['x1'],
    };
    const lines = {
      operations: [
        { id: 'o1', productId: 'p1' },
        { id: 'o3', productId: 'p3' },
      ],
      parts: [{ id: 'x1', productId: 'p2' }],
    };
    expect(chosenProductIds(values)).toEqual(['p1', 'p2']);
    expect(createPayload(values, lines, 'de')).toEqual({
      name: 'Brackets Q3',
      closeSubmissionDeadline: '2030-01-15T09:00:00.000Z',
      includeProductPreview: true,
      reminderFrequency: 'weekly',
      additionalInformation: null,
      products: [
        { productId: 'p1', quantities: [10, 50, 1000] },
        { productId: 'p2', quantities: [5] },
      ],
      supplierIds: ['s1', 's2'],
      productOperationIds: ['o1'],
      productPartIds: ['x1'],
    });
  });

  it('wants the deadline ahead', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(deadlineAhead('2030-01-02T12:00:00Z', now)).toBeUndefined();
    expect(deadlineAhead('2029-12-31T12:00:00Z', now)).toBe(MESSAGE.deadlineInPast);
    expect(deadlineAhead('', now)).toBeUndefined();
  });
});
