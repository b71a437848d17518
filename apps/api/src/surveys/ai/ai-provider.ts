import { Injectable } from '@nestjs/common';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toFile } from 'openai';
import type { ChatCompletionContentPart, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { AppConfig } from '@fabquote/config';
import { EXTRACTION_SCHEMA, EXTRACTION_SCHEMA_NAME, ExtractedProduct, ExtractionError, extractionPrompt, parseExtraction } from '@fabquote/extraction';
import { AiProviderError } from './ai-provider.error';
import { PdfPagesError, renderPdfPages } from './pdf-pages';

/** A file as uploaded: its bytes, its name and its type by content. */
export interface ProviderFile {
  content: Buffer;
  fileName: string;
  contentType: string;
}

export type ExtractionInput = { text: string } | { file: ProviderFile };

/** The SDK's own default; said here so that only AppConfig decides, not the SDK reading the environment again. */
const OPENAI_API_URL = 'https://api.openai.com/v1';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const PDF = 'application/pdf';

/**
 * A provider asking to wait longer than this (a quota used up for the day) is not waited for: the
 * input ends in error with the reason, instead of staying "processing" for hours.
 */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/**
 * The AI provider: any OpenAI-compatible API through the `openai` SDK (docs/api-surveys.md, "The AI
 * provider"). Speech to text and extraction of products; every failure is an `AiProviderError` that
 * says whether a retry may help. The SDK's own retries are off: the job queue retries, so one rule
 * (JOB_ATTEMPTS, JOB_BACKOFF_MS, never before the provider's Retry-After: `retryAfterMs`) applies, and a
 * call never lasts longer than OPENAI_TIMEOUT_MS.
 */
@Injectable()
export class AiProvider {
  private readonly client: OpenAI | null;

  constructor(private readonly config: AppConfig) {
    this.client = config.OPENAI_API_KEY
      ? new OpenAI({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL ?? OPENAI_API_URL,
          organization: null,
          project: null,
          timeout: config.OPENAI_TIMEOUT_MS,
          maxRetries: 0,
        })
      : null;
  }

  /** Whether a key is set; without one, only DXF and STEP can be read. */
  configured(): boolean {
    return this.client !== null;
  }

  /** The words of a recording (OPENAI_TRANSCRIPTION_MODEL), trimmed. */
  async transcribe(audio: ProviderFile): Promise<string> {
    const client = this.clientOrRefuse();
    const started = Date.now();
    try {
      const transcription = await client.audio.transcriptions.create({
        model: this.config.OPENAI_TRANSCRIPTION_MODEL,
        file: await toFile(audio.content, audio.fileName, { type: audio.contentType }),
        response_format: 'json',
      });
      const text = typeof transcription?.text === 'string' ? transcription.text.trim() : '';
      if (text === '') throw new AiProviderError(false, 'empty transcript');
      return text;
    } catch (error) {
      throw this.classify(error, started);
    }
  }

  /**
   * The products of an inquiry's text, a PDF or an image (OPENAI_MODEL, strict JSON schema), checked
   * whole by `parseExtraction`: an answer that breaks the schema is a failure that no retry mends.
   */
  async extract(input: ExtractionInput): Promise<ExtractedProduct[]> {
    const client = this.clientOrRefuse();
    const request: ChatCompletionCreateParamsNonStreaming = {
      model: this.config.OPENAI_MODEL,
      messages: [
        { role: 'system', content: extractionPrompt('text' in input ? 'text' : 'file') },
        { role: 'user', content: 'text' in input ? input.text : [{ type: 'text', text: `The customer's file "${input.file.fileName}":` }, ...(await this.fileParts(input.file))] },
      ],
      response_format: { type: 'json_schema', json_schema: { name: EXTRACTION_SCHEMA_NAME, strict: true, schema: EXTRACTION_SCHEMA } },
    };
    const started = Date.now();
    try {
      const completion = await client.chat.completions.create(request);
      const choice = completion?.choices?.[0];
      if (!choice?.message) throw new AiProviderError(false, 'empty answer');
      if (choice.message.refusal) throw new AiProviderError(false, `refused: ${choice.message.refusal}`);
      // Cut off or filtered: the JSON is incomplete, and the same input would be cut off again.
      if (choice.finish_reason === 'length') throw new AiProviderError(false, 'answer cut off at the token limit');
      if (choice.finish_reason === 'content_filter') throw new AiProviderError(false, 'answer withheld by the content filter');
      if (!choice.message.content?.trim()) throw new AiProviderError(false, 'empty answer');
      return parseExtraction(choice.message.content);
    } catch (error) {
      throw this.classify(error, started);
    }
  }

  /**
   * A file as the model takes it: an image as an image part; a PDF by OPENAI_DOCUMENT_MODE, either its
   * pages as images with its text (`images`, what OpenAI-compatible servers such as vLLM and Ollama
   * take) or as a `file` part (OpenAI's own API).
   */
  private async fileParts(file: ProviderFile): Promise<ChatCompletionContentPart[]> {
    if (file.contentType !== PDF || this.config.OPENAI_DOCUMENT_MODE === 'file') return [filePart(file)];
    let pdf;
    try {
      pdf = await renderPdfPages(file.content, { maxPages: this.config.OPENAI_DOCUMENT_MAX_PAGES, timeoutMs: Math.max(this.config.OPENAI_TIMEOUT_MS, 30_000) });
    } catch (error) {
      if (error instanceof PdfPagesError) throw new AiProviderError(false, `the PDF could not be read: ${error.message}`, null, { cause: error });
      throw error;
    }
    const shown = pdf.images.length;
    const pages = shown === pdf.pageCount ? `its ${pdf.pageCount} page${pdf.pageCount === 1 ? '' : 's'}` : `pages 1 to ${shown} of ${pdf.pageCount}`;
    const text = pdf.text.map((page, index) => `--- Page ${index + 1} ---\n${page}`).join('\n');
    return [
      { type: 'text', text: `A PDF: ${pages} as images below, and the text of every page as the PDF holds it (empty for a scanned page):\n${text}` },
      ...pdf.images.map((png): ChatCompletionContentPart => ({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } })),
    ];
  }

  private clientOrRefuse(): OpenAI {
    if (!this.client) throw new AiProviderError(false, AiProviderError.NOT_CONFIGURED);
    return this.client;
  }

  /** Whether a retry may mend it: the provider busy or unreachable, yes; a request or answer it will not take, no. */
  private classify(error: unknown, started: number): AiProviderError {
    if (error instanceof AiProviderError) return error;
    if (error instanceof ExtractionError) return new AiProviderError(false, `answer breaks the schema: ${error.message}`, null, { cause: error });
    const timedOut = () => new AiProviderError(true, `no answer within ${this.config.OPENAI_TIMEOUT_MS} ms`, null, { cause: error });
    // Before APIConnectionError, of which it is a kind.
    if (error instanceof APIConnectionTimeoutError) return timedOut();
    if (error instanceof APIConnectionError) {
      // The SDK knows its timeout by the abort error's name, which is lost when fetch's error comes from
      // another realm (under jest it arrives as "{}"): a connection that failed at the deadline timed out.
      if (Date.now() - started >= this.config.OPENAI_TIMEOUT_MS) return timedOut();
      return new AiProviderError(true, `connection failed: ${causeOf(error)}`, null, { cause: error });
    }
    if (error instanceof APIError) {
      const status = typeof error.status === 'number' ? error.status : null;
      const retryAfterMs = retryAfter(error.headers);
      if ((status === 429 || status === null || status >= 500) && retryAfterMs !== null && retryAfterMs > MAX_RETRY_AFTER_MS) {
        return new AiProviderError(false, `the provider asks to wait ${Math.round(retryAfterMs / 1000)} s (${status ?? 'no status'}), longer than ${MAX_RETRY_AFTER_MS / 60_000} minutes: ${error.message}`, status, { cause: error });
      }
      if (status === 429) return new AiProviderError(true, `rate limited (429): ${error.message}`, status, { cause: error, retryAfterMs });
      if (status === null || status >= 500) return new AiProviderError(true, `provider error (${status ?? 'no status'}): ${error.message}`, status, { cause: error, retryAfterMs });
      return new AiProviderError(false, `request refused (${status}): ${error.message}`, status, { cause: error });
    }
    // Not the provider's: a fault of ours, which a retry repeats.
    return new AiProviderError(false, `unexpected: ${error instanceof Error ? error.message : String(error)}`, null, { cause: error });
  }
}

/** A PDF as a file part, an image as an image part, both as data URLs; anything else cannot go to the model. */
function filePart(file: ProviderFile): ChatCompletionContentPart {
  const base64 = file.content.toString('base64');
  if (IMAGE_TYPES.has(file.contentType)) return { type: 'image_url', image_url: { url: `data:${file.contentType};base64,${base64}` } };
  if (file.contentType === PDF) return { type: 'file', file: { filename: file.fileName, file_data: `data:${PDF};base64,${base64}` } };
  throw new AiProviderError(false, `file type ${file.contentType} cannot be read by the model`);
}

/**
 * When the provider asked for the next try, in ms from now: `retry-after-ms` (OpenAI's, milliseconds),
 * else `Retry-After` (seconds, or an HTTP date), as the SDK itself reads them; null when neither says.
 */
export function retryAfter(headers: Headers | undefined, now = Date.now()): number | null {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return Math.ceil(millis);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The SDK's connection error says "Connection error."; the reason is in its cause (ECONNREFUSED, …). */
function causeOf(error: APIConnectionError): string {
  const cause = error.cause as { message?: string; cause?: { code?: string; message?: string } } | undefined;
  return cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? error.message;
}
