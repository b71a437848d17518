import { fromSettingForm, settingValueText, toSettingForm } from './setting-form';

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
});
