import { fromSettingForm, settingNameKey, settingValueText, tierProblem, toSettingForm, weightProblem } from './setting-form';

describe('setting form', () => {
  it('edits a single value as text', () => {
    const form = toSettingForm({ id: 's1', slug: 'currency', value: 'EUR' });
    expect(form).toEqual({ id: 's1', slug: 'currency', kind: 'single', value: 'EUR', values: [] });
    expect(fromSettingForm({ ...form, value: 'CHF' })).toEqual({ slug: 'currency', value: 'CHF' });
  });

  it('edits a list as rows and drops rows left empty', () => {
    const form = toSettingForm({ slug: 'units', value: ['pcs', 'kg'] });
    expect(form).toMatchObject({ kind: 'list', values: [{ text: 'pcs' }, { text: 'kg' }] });
    expect(fromSettingForm({ ...form, values: [{ text: 'pcs' }, { text: ' ' }, { text: 'm' }] })).toEqual({ slug: 'units', value: ['pcs', 'm'] });
  });

  it('switches between the two kinds', () => {
    expect(fromSettingForm({ slug: ' units ', kind: 'list', value: 'ignored', values: [] })).toEqual({ slug: 'units', value: [] });
    expect(fromSettingForm({ slug: 'x', kind: 'single', value: 'one', values: [{ text: 'a' }] })).toEqual({ slug: 'x', value: 'one' });
  });

  it('starts a new setting as a single empty value', () => {
    expect(toSettingForm(undefined)).toEqual({ slug: '', kind: 'single', value: '', values: [] });
  });

  it('shows lists comma separated', () => {
    expect(settingValueText(['a', 'b'])).toBe('a, b');
    expect(settingValueText('EUR')).toBe('EUR');
    expect(settingValueText(null)).toBe('');
  });

  it('edits the offer rating weights as three numbers (exact decimal texts, as the number input holds them), empty ones kept for the API to refuse', () => {
    const form = toSettingForm({ slug: 'offer-rating-weights', value: ['0.6', '0.25', '0.15'] });
    expect(fromSettingForm({ ...form, values: [{ text: ' 2 ' }, { text: '1.5' }, { text: '' }] })).toEqual({ slug: 'offer-rating-weights', value: ['2', '1.5', ''] });
    // The kind chosen before the slug was typed does not matter.
    expect(fromSettingForm({ slug: 'offer-rating-weights', kind: 'single', value: 'x', values: [{ text: '1' }, { text: '0' }, { text: '0' }] })).toEqual({
      slug: 'offer-rating-weights',
      value: ['1', '0', '0'],
    });
  });

  it('refuses weights as checkWeights does: not a number of 0 or more, or all 0', () => {
    const values = (...texts: string[]) => texts.map((text) => ({ text }));
    expect(weightProblem(0, values('0.6', '0.25', '0.15'))).toBeUndefined();
    expect(weightProblem(1, values('1', 'abc', '0'))).toEqual({ message: 'resources.settings.weights.not_a_number', weight: 'delivery' });
    expect(weightProblem(2, values('1', '0', '-1'))).toEqual({ message: 'resources.settings.weights.not_a_number', weight: 'completeness' });
    expect(weightProblem(2, values('1', '0', ''))).toEqual({ message: 'resources.settings.weights.not_a_number', weight: 'completeness' });
    expect(weightProblem(0, values('0', '0.0', '0'))).toEqual({ message: 'resources.settings.weights.all_zero' });
    expect(weightProblem(1, values('0', '0', '0'))).toBeUndefined();
    expect(weightProblem(0, values('0', '0', '0.5'))).toBeUndefined();
  });
});

describe('the quantity tiers as a list of numbers', () => {
  const rows = (...texts: string[]) => texts.map((text) => ({ text }));

  it('says what is wrong with a row: not whole, too large, twice', () => {
    expect(tierProblem('10', rows('10'))).toBeUndefined();
    expect(tierProblem('2.5', rows('2.5'))).toBe('resources.settings.tiers.whole');
    expect(tierProblem('0', rows('0'))).toBe('resources.settings.tiers.whole');
    expect(tierProblem('1000001', rows('1000001'))).toBe('resources.settings.tiers.too_large');
    expect(tierProblem('10', rows('10', '10'))).toBe('resources.settings.tiers.repeated');
    // The number input holds a German "1.000" (English "1,000") as "1000"; the text a decimal "1.000" is no whole tier.
    expect(tierProblem('1000', rows('10', '1000'))).toBeUndefined();
    expect(tierProblem('1.000', rows('10', '1.000'))).toBe('resources.settings.tiers.whole');
  });

  it('saves them sorted, as whole numbers', () => {
    expect(fromSettingForm({ slug: 'quantity-tiers', kind: 'list', values: rows('100', '5', '1000', '1') })).toEqual({ slug: 'quantity-tiers', value: ['1', '5', '100', '1000'] });
  });

  it('edits the tiers as a list even when stored as one text', () => {
    expect(toSettingForm({ slug: 'quantity-tiers', value: ['1', '10'] })).toMatchObject({ kind: 'list', values: rows('1', '10') });
  });

  it('names the settings the product reads, and leaves the shop\'s own keys as they are', () => {
    expect(settingNameKey('quantity-tiers')).toBe('resources.settings.names.quantity-tiers');
    expect(settingNameKey('bend-classes')).toBeUndefined();
  });
});
