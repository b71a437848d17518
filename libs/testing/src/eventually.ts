/** Polls `probe` until it returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
