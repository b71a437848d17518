import { csvRows } from './csv-export';

describe('CSV rows', () => {
  const header = (source: string) => `[${source}]`;

  it('writes the listed columns under their names, empty for missing values', () => {
    expect(csvRows([{ id: '1', name: 'Laser', fabNumber: null, quickSelect: true, extra: 'x' }], [{ source: 'name' }, { source: 'fabNumber' }, { source: 'quickSelect' }], {}, header)).toEqual([
      { '[name]': 'Laser', '[fabNumber]': '', '[quickSelect]': true },
    ]);
  });

  it('names referenced records, and keeps the id when the record is unknown', () => {
    const related = { groups: { g1: { id: 'g1', name: 'S235 steel' } }, suppliers: { s1: { id: 's1', name: 'Stahl', email: 'a@b' } } };
    const columns = [{ source: 'groupId', reference: 'groups' }, { source: 'supplierId', reference: 'suppliers', referenceField: 'email' }];
    expect(csvRows([{ groupId: 'g1', supplierId: 's1' }, { groupId: 'g2', supplierId: null }], columns, related, header)).toEqual([
      { '[groupId]': 'S235 steel', '[supplierId]': 'a@b' },
      { '[groupId]': 'g2', '[supplierId]': '' },
    ]);
  });
});
