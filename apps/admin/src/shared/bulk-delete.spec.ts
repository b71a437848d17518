import { bulkDeleteOutcome } from './bulk-delete';

describe('bulk delete outcome', () => {
  it('reports every row deleted', () => {
    expect(bulkDeleteOutcome(['a', 'b'], [{ status: 'fulfilled', value: {} }, { status: 'fulfilled', value: {} }])).toEqual({
      deleted: ['a', 'b'],
      kept: [],
      reason: null,
    });
  });

  it('keeps the refused rows and gives the first refusal as the reason', () => {
    const inUse = new Error('Can not delete: still used by products (2)');
    const outcome = bulkDeleteOutcome(
      ['a', 'b', 'c'],
      [
        { status: 'rejected', reason: inUse },
        { status: 'fulfilled', value: {} },
        { status: 'rejected', reason: new Error('other') },
      ],
    );
    expect(outcome.deleted).toEqual(['b']);
    expect(outcome.kept).toEqual(['a', 'c']);
    expect(outcome.reason).toBe(inUse);
  });
});
