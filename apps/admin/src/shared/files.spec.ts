import { fileProblem, IMAGE_TYPES, isAccepted, MAX_FILE_BYTES } from './files';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file checks (docs/product.md §5)', () => {
  it('allows 10 MB at most', () => {
    expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(fileProblem(file('a.png', 'image/png', MAX_FILE_BYTES), IMAGE_TYPES)).toBeNull();
    expect(fileProblem(file('a.png', 'image/png', MAX_FILE_BYTES + 1), IMAGE_TYPES)).toBe('too_large');
  });

  it('accepts exact types, type families and file endings', () => {
    expect(isAccepted(file('a.PNG', 'image/png'), ['image/*'])).toBe(true);
    expect(isAccepted(file('part.DXF', ''), ['.dxf', '.step'])).toBe(true);
    expect(isAccepted(file('a.pdf', 'application/pdf'), ['application/pdf'])).toBe(true);
    expect(isAccepted(file('anything.bin', 'application/octet-stream'), [])).toBe(true);
  });

  it('refuses other types before looking at the size', () => {
    expect(fileProblem(file('notes.txt', 'text/plain', MAX_FILE_BYTES + 1), IMAGE_TYPES)).toBe('type_not_accepted');
  });
});
