/**
 * A call to the AI provider failed. `retryable`: a later try may succeed (429, 5xx, a broken
 * connection, a timeout) and the job queue retries it; otherwise the input fails at once (another
 * 4xx, a refusal, an empty answer, an answer that breaks the schema, no key). `reason` is English,
 * for the log and the input's error detail; the message is the reason.
 */
export class AiProviderError extends Error {
  /** The reason when no `OPENAI_API_KEY` is set. */
  static readonly NOT_CONFIGURED = 'not configured';

  constructor(
    readonly retryable: boolean,
    readonly reason: string,
    /** The provider's HTTP status, when it answered with one. */
    readonly status: number | null = null,
    options?: { cause?: unknown; retryAfterMs?: number | null },
  ) {
    super(reason, { cause: options?.cause });
    this.name = 'AiProviderError';
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }

  /**
   * How long the provider asked to wait before the next try (`retry-after-ms`, or `Retry-After` in
   * seconds or as a date), in ms; null when it did not say. The job queue's backoff reads it
   * (libs/queue `retryBackoff`): the next try is not before then.
   */
  readonly retryAfterMs: number | null;
}
