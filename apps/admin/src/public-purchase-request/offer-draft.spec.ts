import { draftKey, dropDraft, keepDraft, readDraft } from './offer-draft';
import { initialForm } from './supplier-page';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the offer draft kept in the browser', () => {
  const empty = initialForm(null, 'de');
  const typed = { ...empty, shippingDate: '2026-12-01', prices: { 'operation:l1:10': '4,50' } };

  it('keeps what was typed per request and supplier, and gives it back', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, 'r1', 's1', { form: typed, language: 'de' }, empty, new Date('2026-11-26T10:00:00Z'));
    expect(storage.getItem(draftKey('r1', 's1'))).toContain('4,50');
    expect(readDraft(storage, 'r1', 's1', null)).toEqual({ form: typed, language: 'de' });
    expect(readDraft(storage, 'r1', 's2', null)).toBeNull();
    expect(readDraft(storage, 'r2', 's1', null)).toBeNull();
  });

  it('keeps nothing while the form is what the page started from', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, 'r1', 's1', { form: typed, language: 'de' }, empty);
    keepDraft(storage, 'r1', 's1', { form: { ...empty, prices: { 'operation:l1:10': '' } }, language: 'de' }, empty);
    expect(storage.length).toBe(0);
  });

  it('drops a draft once an offer was submitted after it, or when told', () => {
    const storage = new MemoryStorage();
    keepDraft(storage, 'r1', 's1', { form: typed, language: 'de' }, empty, new Date('2026-11-26T10:00:00Z'));
    expect(readDraft(storage, 'r1', 's1', '2026-11-26T09:59:59Z')).toEqual({ form: typed, language: 'de' });
    expect(readDraft(storage, 'r1', 's1', '2026-11-26T10:00:01Z')).toBeNull();
    expect(storage.length).toBe(0);
    keepDraft(storage, 'r1', 's1', { form: typed, language: 'de' }, empty);
    dropDraft(storage, 'r1', 's1');
    expect(readDraft(storage, 'r1', 's1', null)).toBeNull();
  });

  it('reads a broken entry, or no storage at all, as no draft', () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey('r1', 's1'), '{not json');
    expect(readDraft(storage, 'r1', 's1', null)).toBeNull();
    storage.setItem(draftKey('r1', 's1'), JSON.stringify({ form: { prices: 1 }, savedAt: 'x' }));
    expect(readDraft(storage, 'r1', 's1', null)).toBeNull();
    expect(readDraft(null, 'r1', 's1', null)).toBeNull();
    expect(() => keepDraft(null, 'r1', 's1', { form: typed, language: 'de' }, empty)).not.toThrow();
  });
});
