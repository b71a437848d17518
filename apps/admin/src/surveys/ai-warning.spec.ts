import { AI_WARNING_CONFIRMED_KEY, mustConfirmAiWarning, rememberAiWarningConfirmed } from './ai-warning';

const memory = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

describe('confirming the AI warning (docs/product.md §1)', () => {
  it('is asked once per session, and only for what goes to the AI', () => {
    const store = memory();
    expect(mustConfirmAiWarning(false, store)).toBe(false);
    expect(mustConfirmAiWarning(true, store)).toBe(true);
    rememberAiWarningConfirmed(store);
    expect(store.getItem(AI_WARNING_CONFIRMED_KEY)).toBe('yes');
    expect(mustConfirmAiWarning(true, store)).toBe(false);
  });

  it('is asked every time when the storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberAiWarningConfirmed(refusing)).not.toThrow();
    expect(mustConfirmAiWarning(true, refusing)).toBe(true);
    expect(mustConfirmAiWarning(true, null)).toBe(true);
  });
});
