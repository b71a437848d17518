import { choicesOf, PRICE_UNIT_PREFIX, PRICE_UNITS } from './choices';

describe('choices', () => {
  it('name each value by its translation key', () => {
    expect(choicesOf(PRICE_UNITS, PRICE_UNIT_PREFIX)).toEqual([
      { id: 'kg', name: 'fabquote.price_units.kg' },
      { id: 'm2', name: 'fabquote.price_units.m2' },
      { id: 'sheet', name: 'fabquote.price_units.sheet' },
      { id: 'piece', name: 'fabquote.price_units.piece' },
    ]);
  });
});
