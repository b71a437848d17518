import { suppliableChanges, suppliedReference } from './suppliable-record';

describe('suppliable changes', () => {
  it('clears the operation of a part suppliable and the part of an operation suppliable', () => {
    expect(suppliableChanges({ type: 'part', number: 'S-1', partId: 'p1', operationId: 'o1' })).toEqual({ type: 'part', number: 'S-1', partId: 'p1', operationId: null });
    expect(suppliableChanges({ type: 'operation', partId: 'p1', operationId: 'o1' })).toEqual({ type: 'operation', partId: null, operationId: 'o1' });
  });

  it('leaves a form without a type alone (the API says type is required)', () => {
    expect(suppliableChanges({ number: 'S-1', partId: 'p1' })).toEqual({ number: 'S-1', partId: 'p1' });
  });

  it('knows where the supplied part or operation lives', () => {
    expect(suppliedReference('part')).toEqual({ source: 'partId', reference: 'parts' });
    expect(suppliedReference('operation')).toEqual({ source: 'operationId', reference: 'operations' });
    expect(suppliedReference(undefined)).toBeNull();
  });
});
