import { formatDocumentNumber } from '@fabquote/database';
import { requestFileTypeOf } from '../../common/file-type';
import { formatDeadline, supplierPageLink } from '../shared/procurement-mails';
import { askedQuantities } from './purchase-request.dto';

describe('procurement rules without I/O', () => {
  it('numbers documents PR-<year>-<at least four digits>', () => {
    expect(formatDocumentNumber('purchase-request', 2026, 1)).toBe('PR-2026-0001');
    expect(formatDocumentNumber('purchase-request', 2026, 12345)).toBe('PR-2026-12345');
  });

  it('reads a file type from its content, never from its name', () => {
    expect(requestFileTypeOf(Buffer.from('%PDF-1.7'), 'x.exe')).toBe('application/pdf');
    expect(requestFileTypeOf(Buffer.from('ISO-10303-21;\nHEADER;'))).toBe('model/step');
    expect(requestFileTypeOf(Buffer.from('999\nmade by CAD\n  0\nSECTION\n'))).toBe('image/vnd.dxf');
    expect(requestFileTypeOf(Buffer.from('PK\x03\x04rest', 'latin1'), 'Angebot.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(requestFileTypeOf(Buffer.from('PK\x03\x04rest', 'latin1'), 'drawings.zip')).toBe('application/zip');
    expect(requestFileTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.pdf')).toBeNull();
  });

  it('takes 1 to 10 positive quantities, each once, ascending as exact strings', () => {
    expect(askedQuantities([200, '10', 50.5], 'q')).toEqual(['10', '50.5', '200']);
    expect(() => askedQuantities([1, 1.00001], 'q')).toThrow('quantities_duplicate');
    expect(() => askedQuantities([0.00001], 'q')).toThrow('positive_number');
    expect(() => askedQuantities('10', 'q')).toThrow('quantities_required');
    expect(() => askedQuantities([1e11], 'q')).toThrow('number_too_large');
  });

  it('links a supplier to its page, naming the organization only where the host name can not', () => {
    expect(supplierPageLink('https://acme.fabquote.example', 'acme', 'r', 's', 'T')).toBe('https://acme.fabquote.example/pub/purchase-requests/r/s?token=T');
    expect(supplierPageLink('http://localhost:3000/', 'acme', 'r', 's', '…')).toBe('http://localhost:3000/pub/purchase-requests/r/s?token=…&host=acme');
    expect(supplierPageLink('http://10.0.0.5:8080/fabquote', 'acme', 'r', 's', 'T')).toBe('http://10.0.0.5:8080/fabquote/pub/purchase-requests/r/s?token=T&host=acme');
    expect(supplierPageLink('https://{organization}.fabquote.example/', 'acme', 'r', 's', 'T')).toBe('https://acme.fabquote.example/pub/purchase-requests/r/s?token=T');
  });

  it('writes the deadline as each language does, in the organization’s time zone with the zone named', () => {
    const deadline = new Date('2026-03-31T17:00:00Z');
    expect(formatDeadline('en', deadline, 'Europe/Berlin')).toBe('31 Mar 2026, 19:00 CEST');
    expect(formatDeadline('de', deadline, 'Europe/Berlin')).toBe('31.03.2026, 19:00 MESZ');
    expect(formatDeadline('de', new Date('2026-12-15T16:00:00Z'), 'Europe/Berlin')).toBe('15.12.2026, 17:00 MEZ');
    expect(formatDeadline('en', deadline, 'UTC')).toBe('31 Mar 2026, 17:00 UTC');
  });
});
