import { calculatedNotice } from './calculation-notice';

describe('the notice after "Calculate"', () => {
  it('is a success without warnings, a warning with them', () => {
    expect(calculatedNotice({ index: 3, warnings: [] })).toEqual(['resources.calculations.calculated', { type: 'success', messageArgs: { index: 3 } }]);
    // A calculation from an API that sends no warnings reads as one without.
    expect(calculatedNotice({ index: 3 })[1].type).toBe('success');
    expect(calculatedNotice({ index: 4, warnings: ['Cover: operation 1 (Deburring) adds no labor', 'Cover: its material is not priced'] })).toEqual([
      'resources.calculations.calculated_with_warnings',
      { type: 'warning', messageArgs: { index: 4, smart_count: 2 } },
    ]);
  });
});
