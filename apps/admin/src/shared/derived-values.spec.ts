import { derivationState, derivedUpdates, followsDerivation, roundStored } from './derived-values';
import { numberOrNull } from './format';

describe('derived values: a typed value wins', () => {
  it('rounds to the four decimals the database keeps', () => {
    expect(roundStored(1.67048)).toBe(1.6705);
    expect(roundStored(0.1 + 0.2)).toBe(0.3);
    expect(roundStored(105.975)).toBe(105.975);
  });

  it('reads what a form holds as a number, or nothing', () => {
    expect([numberOrNull(2), numberOrNull('2.5'), numberOrNull(''), numberOrNull(null), numberOrNull(undefined), numberOrNull('abc')]).toEqual([2, 2.5, null, null, null, null]);
  });

  it('follows while empty or holding the value derived before; anything else was typed', () => {
    expect(followsDerivation(null, 0.1064)).toBe(true);
    expect(followsDerivation('', null)).toBe(true);
    expect(followsDerivation(0.1064, 0.1064)).toBe(true);
    // Read back from the API as a string, or unrounded as typed: the same value.
    expect(followsDerivation('0.1064', 0.1064)).toBe(true);
    expect(followsDerivation(0.10640001, 0.1064)).toBe(true);
    expect(followsDerivation(0.2, 0.1064)).toBe(false);
    expect(followsDerivation(0.2, null)).toBe(false);
  });

  it('updates the fields that follow, leaves typed ones, and empties a follower whose inputs are gone', () => {
    const before = { area: 0.1064, volume: 212.8, weightPerUnit: null };
    const after = { area: 0.2, volume: 400, weightPerUnit: 3.14 };
    // The area follows, the volume was typed, the weight was empty.
    expect(derivedUpdates({ area: 0.1064, volume: 250, weightPerUnit: null }, before, after)).toEqual({ area: 0.2, weightPerUnit: 3.14 });
    // Already right: nothing to set.
    expect(derivedUpdates({ area: 0.2, volume: 400, weightPerUnit: 3.14 }, after, after)).toEqual({});
    // The blank width cleared: the figures that followed it go empty again; a typed one stays.
    const gone = { area: null, volume: null, weightPerUnit: null };
    expect(derivedUpdates({ area: 0.2, volume: 999, weightPerUnit: '' }, after, gone)).toEqual({ area: null });
  });

  it('says whether a field shows its derivation, was typed over, or waits for its inputs', () => {
    expect(derivationState(0.1064, 0.1064)).toEqual({ kind: 'derived', value: 0.1064 });
    expect(derivationState(null, 0.1064)).toEqual({ kind: 'derived', value: 0.1064 });
    expect(derivationState(0.5, 0.1064)).toEqual({ kind: 'typed', value: 0.1064 });
    expect(derivationState(0.5, null)).toEqual({ kind: 'missing' });
  });
});
