import { moneyShown } from './exact-money';

describe('money to the cent with the exact value on demand', () => {
  it('rounds half up from the exact text and gives every digit in the reader\'s notation', () => {
    expect(moneyShown('1.7375', 'en', 'EUR')).toEqual({ shown: '€1.74', exact: '1.7375 EUR' });
    expect(moneyShown('1.7375', 'de', 'EUR')).toEqual({ shown: '1,74\u00a0€', exact: '1,7375 EUR' });
    expect(moneyShown('8.020000000000000000000000000001', 'en', 'GBP')).toEqual({ shown: '£8.02', exact: '8.020000000000000000000000000001 GBP' });
  });

  it('has no exact value to add when the cents are exact', () => {
    expect(moneyShown('2', 'en', 'EUR')).toEqual({ shown: '€2.00', exact: null });
    expect(moneyShown('1234.5000', 'de', 'EUR')).toEqual({ shown: '1.234,50\u00a0€', exact: null });
    expect(moneyShown(null, 'en', 'EUR')).toEqual({ shown: '--', exact: null });
  });
});
