import { csvText, CsvReader } from './csv-export';

const WORDS: Record<string, string> = {
  'ra.boolean.true': 'Ja',
  'ra.boolean.false': 'Nein',
  'fabquote.status.order.draft': 'Entwurf',
};
const reader = (locale: string): CsvReader => ({
  locale,
  timeZone: 'Europe/Berlin',
  translate: (key, options) => (locale === 'de' ? WORDS[key] : undefined) ?? (key === 'ra.boolean.true' ? 'Yes' : key === 'ra.boolean.false' ? 'No' : String(options?._ ?? key)),
});
const header = (source: string) => `[${source}]`;
const lines = (csv: string) => csv.split('\r\n');

describe('a list as CSV', () => {
  const records = [{ id: '1', name: 'Blech Müller; Söhne', pricePerUnit: 1234.5, quickSelect: true, validFrom: '2026-11-26', createdAt: '2026-11-26T17:00:00.000Z', status: 'draft', note: null }];
  const columns = [{ source: 'name' }, { source: 'pricePerUnit' }, { source: 'quickSelect' }, { source: 'validFrom' }, { source: 'createdAt' }, { source: 'status', choices: 'fabquote.status.order' }, { source: 'note' }];

  it('is written for German Excel in German: ";" between cells, decimal comma, days and wall-clock times, words', () => {
    expect(lines(csvText(records, columns, {}, header, reader('de')))).toEqual([
      '[name];[pricePerUnit];[quickSelect];[validFrom];[createdAt];[status];[note]',
      // The name holds the separator: quoted. 17:00 UTC is 18:00 in Berlin.
      '"Blech Müller; Söhne";1234,5;Ja;26.11.2026;26.11.2026 18:00;Entwurf;',
      '',
    ]);
  });

  it('is written in English with "," between cells and a decimal point', () => {
    expect(lines(csvText(records, columns, {}, header, reader('en')))[1]).toBe('Blech Müller; Söhne,1234.5,Yes,26/11/2026,26/11/2026 18:00,draft,');
  });

  it('quotes quotes and line breaks, and writes a text a spreadsheet would run as a formula as text', () => {
    const texts = [{ a: 'Say "hi"', b: 'two\nlines', c: '=HYPERLINK("http://evil.example")', d: '-5 mm', e: -5 }];
    const cells = ['a', 'b', 'c', 'd', 'e'].map((source) => ({ source }));
    expect(csvText(texts, cells, {}, header, reader('de')).split('\r\n')[1]).toBe('"Say ""hi""";"two\nlines";"\'=HYPERLINK(""http://evil.example"")";\'-5 mm;-5');
  });

  it('names referenced records, and keeps the id when the record is unknown', () => {
    const related = { groups: { g1: { id: 'g1', name: 'S235 steel' } }, suppliers: { s1: { id: 's1', name: 'Stahl', email: 'a@b' } } };
    const referencing = [{ source: 'groupId', reference: 'groups' }, { source: 'supplierId', reference: 'suppliers', referenceField: 'email' }];
    expect(lines(csvText([{ groupId: 'g1', supplierId: 's1' }, { groupId: 'g2', supplierId: null }], referencing, related, header, reader('en')))).toEqual([
      '[groupId],[supplierId]',
      'S235 steel,a@b',
      'g2,',
      '',
    ]);
  });
});
