import { changedFields, changesOnly, sameValue } from './changes-only';

describe('changedFields', () => {
  const loaded = { id: 'm1', name: 'DC01 1 mm', number: 'DC01-1', pricePerUnit: 1.15, groupId: null, tags: ['a', 'b'], updatedAt: '2026-11-27T10:00:00.000Z' };

  it('keeps only the fields the form changed, not the record it sends back around them', () => {
    expect(changedFields({ ...loaded, name: 'DC01 1.0 mm' }, loaded)).toEqual({ name: 'DC01 1.0 mm' });
  });

  it('counts a cleared field, a new list and a changed number as changes', () => {
    expect(changedFields({ ...loaded, number: null, tags: ['a'], pricePerUnit: 1.2 }, loaded)).toEqual({ number: null, tags: ['a'], pricePerUnit: 1.2 });
  });

  it('sends everything when there is nothing to compare with, and nothing when nothing changed', () => {
    expect(changedFields({ name: 'x' }, undefined)).toEqual({ name: 'x' });
    expect(changedFields({ ...loaded, tags: [...loaded.tags] }, loaded)).toEqual({});
  });

  it('counts a field the API left out and an empty one of the form as the same', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('', null)).toBe(false);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});

describe('changesOnly', () => {
  it("compares what the form's transform made with the record as loaded", async () => {
    const transform = (data: { name: string; permissionIds?: string[] }) => ({ name: data.name.trim(), permissionIds: data.permissionIds ?? [] });
    const previousData = { id: 'r1', name: 'Estimator', permissionIds: ['p1'] };
    await expect(changesOnly(transform)({ ...previousData, name: ' Estimator ' }, { previousData })).resolves.toEqual({});
    await expect(changesOnly(transform)({ ...previousData, permissionIds: ['p1', 'p2'] }, { previousData })).resolves.toEqual({ permissionIds: ['p1', 'p2'] });
    await expect(changesOnly()({ ...previousData, name: 'Sales' }, { previousData })).resolves.toEqual({ name: 'Sales' });
  });
});
