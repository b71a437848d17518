import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CadReadError, readCadIsolated, TOO_COMPLEX_CODES } from '@fabquote/cad';
import { AppConfig } from '@fabquote/config';
import { TenantTransactions } from '@fabquote/database';
import { MessageKey, Phrase } from '@fabquote/i18n';
import { CallingOutJobHandler, EventOutbox, HandlesJob, JobContext, SurveyInputJob } from '@fabquote/queue';
import { CALCULATION_BATCH } from '../products';
import { AiProvider, AiProviderError } from './ai';
import { QuoteRequestRepository } from './quote-request.repository';
import { cadPhrases, DraftError, draftFromDxf, draftFromExtraction, draftFromStep, ProductDraft } from './product-drafts';
import { SurveyProductWriter } from './survey-product.writer';
import { InputToRead, SurveyRepository } from './survey.repository';

/** What an input's job read, to be written in the job's transaction; null: the input has moved on (stopped, retried, deleted). */
type Reading<T> = { input: InputToRead; result: T } | null;

/**
 * A failure no try mends (a drawing that cannot be read, an answer that breaks the schema, the
 * provider refusing the request): the job ends at once and its input in error, with the reason kept,
 * and, when it has one, the message of its own the input ends with (else the handler's).
 */
class InputError extends UnrecoverableError {
  constructor(
    detail: string,
    readonly key?: MessageKey,
    readonly params?: Record<string, number>,
  ) {
    super(detail.slice(0, 500));
  }
}

const giveUp = (detail: string, key?: MessageKey, params?: Record<string, number>) => new InputError(detail, key, params);

/** Provider errors by what a retry could mend: 429, 5xx, timeouts are retried by the queue; the rest end the job. */
function fromProvider(error: unknown): Error {
  if (error instanceof AiProviderError && !error.retryable) return giveUp(error.reason);
  return error as Error;
}

/**
 * The parts every survey input job shares: mark the input processing in a short transaction of its
 * own (so the console shows it), and, when the job fails for good, end the input in error with the
 * message of its kind, if the input is still in the job's run.
 */
abstract class SurveyInputJobBase<T> implements CallingOutJobHandler<'surveys.read-cad' | 'surveys.extract' | 'surveys.transcribe', Reading<T>> {
  protected abstract readonly logger: Logger;

  constructor(
    protected readonly tenants: TenantTransactions,
    protected readonly surveys: SurveyRepository,
    protected readonly outbox: EventOutbox,
  ) {}

  /** The message an input of this kind ends with when its job fails. */
  protected abstract failure(input: Pick<InputToRead, 'kind'>): MessageKey;
  protected abstract read(input: InputToRead): Promise<T>;
  protected abstract write(job: SurveyInputJob, input: InputToRead, result: T): Promise<void>;

  async prepare(job: SurveyInputJob): Promise<Reading<T>> {
    const input = await this.tenants.run(job.organizationId, async () =>
      (await this.surveys.startRun(job.surveyInputId, job.run)) ? this.surveys.inputToRead(job.surveyInputId) : undefined,
    );
    if (!input) return null;
    return { input, result: await this.read(input) };
  }

  async handle(job: SurveyInputJob, _context: JobContext, reading: Reading<T>): Promise<void> {
    if (!reading || !(await this.surveys.stillRunning(job.surveyInputId, job.run))) return;
    await this.write(job, reading.input, reading.result);
  }

  async failed(job: SurveyInputJob, _context: JobContext, error: Error): Promise<void> {
    if (!(await this.surveys.stillRunning(job.surveyInputId, job.run))) return;
    const input = await this.surveys.inputToRead(job.surveyInputId);
    if (!input) return;
    const notConfigured = error.message === AiProviderError.NOT_CONFIGURED;
    this.logger.warn({ surveyInputId: job.surveyInputId, err: error.message }, 'Survey input failed');
    const key = notConfigured ? 'ai_not_configured' : error instanceof InputError && error.key ? error.key : this.failure(input);
    const params = error instanceof InputError && error.key === key ? error.params : undefined;
    await this.surveys.finish(job.surveyInputId, { status: 'error', error: { key, detail: error.message, ...(params ? { params } : {}) } });
  }

  /** Writes the products, ends the input in success, and has the products priced at once (`pricing.calculate`, same transaction). */
  protected async success(
    input: InputToRead,
    writer: SurveyProductWriter,
    drafts: ProductDraft[],
    previewSvg?: string,
    warnings?: Phrase[],
    check?: { unitless: boolean },
  ): Promise<void> {
    const made = await writer.write(input, drafts, check);
    await this.surveys.finish(input.id, { status: 'success' }, { previewSvg, warnings: [...(warnings ?? []), ...made.flagged] });
    // A product flagged as implausible (the shop's limits) waits for staff to confirm it: no price until then.
    const productIds = made.priced;
    for (let start = 0; start < productIds.length; start += CALCULATION_BATCH) {
      await this.outbox.emit('pricing.calculate', {
        productIds: productIds.slice(start, start + CALCULATION_BATCH),
        reason: { key: 'survey_calculation_reason', params: { survey: input.surveyNumber } },
      });
    }
  }
}

/**
 * A DXF or STEP drawing read without AI (libs/cad): a product per part (a DXF sheet's parts, a STEP
 * assembly's bodies; identical ones once, with their count as the quantity), each with the reader's
 * warnings. The file is read in a worker thread of its own (`readCadIsolated`: the reader's work budget,
 * a heap of CAD_READ_MEMORY_MB, CAD_READ_TIMEOUT_MS), never on this process's event loop: a drawing that
 * asks too much ends its input in error "too complex" within seconds, and the server, its requests and
 * other jobs go on.
 */
@Injectable()
@HandlesJob('surveys.read-cad')
export class ReadCadHandler extends SurveyInputJobBase<{ drafts: ProductDraft[]; previewSvg?: string; warnings: Phrase[] }> {
  protected readonly logger = new Logger(ReadCadHandler.name);

  constructor(
    tenants: TenantTransactions,
    surveys: SurveyRepository,
    outbox: EventOutbox,
    private readonly writer: SurveyProductWriter,
    private readonly config: AppConfig,
    private readonly quotes: QuoteRequestRepository,
  ) {
    super(tenants, surveys, outbox);
  }

  protected failure(): MessageKey {
    return 'extraction_failed_files';
  }

  protected async read(input: InputToRead) {
    const fileName = input.fileName ?? 'drawing';
    const limits = { timeoutMs: this.config.CAD_READ_TIMEOUT_MS, memoryMb: this.config.CAD_READ_MEMORY_MB };
    try {
      if (input.contentType === 'model/step') {
        const model = await readCadIsolated('step', input.content as Buffer, limits);
        const warnings = cadPhrases(model.notes);
        const solids = model.solids.length ? model.solids : [model];
        return { drafts: solids.map((solid, index) => draftFromStep(fileName, solid, { index, of: solids.length, warnings })), warnings };
      }
      const drawing = await readCadIsolated('dxf', input.content as Buffer, limits);
      const warnings = cadPhrases(drawing.notes);
      const parts = drawing.parts.length ? drawing.parts : [drawing];
      return { drafts: parts.map((part, index) => draftFromDxf(fileName, part, { index, of: parts.length, warnings })), previewSvg: drawing.svg, warnings };
    } catch (error) {
      if (error instanceof CadReadError && error.code === 'several-views') throw giveUp(error.message, 'cad_several_views', error.params);
      if (error instanceof CadReadError) throw giveUp(error.message, TOO_COMPLEX_CODES.has(error.code) ? 'cad_too_complex' : undefined);
      if (error instanceof DraftError) throw giveUp(error.message);
      throw error;
    }
  }

  /**
   * A drawing of a quote request (docs/api-surveys.md "The quote-request page") goes one step further in the same
   * transaction: a DXF's parts take the customer's material and thickness wish (before their own pricing is relayed),
   * and `surveys.quote-prices` is emitted to price them at the stated quantities, or say why staff will.
   */
  protected async write(_job: SurveyInputJob, input: InputToRead, result: { drafts: ProductDraft[]; previewSvg?: string; warnings: Phrase[] }) {
    const unitless = result.warnings.some((warning) => warning.key === 'cad_warning_no_unit');
    await this.success(input, this.writer, result.drafts, result.previewSvg, result.warnings, { unitless });
    const quote = await this.quotes.ofSurvey(input.surveyId);
    // A STEP model has its own thickness and goes to staff (the page says it is no DXF).
    if (!quote || input.contentType !== 'image/vnd.dxf') return;
    await this.writer.applyWish(input.id, { materialId: quote.materialId, thickness: quote.thickness });
    await this.outbox.emit('surveys.quote-prices', { quoteRequestId: quote.id, surveyInputId: input.id });
  }
}

/** A text, PDF or image read by the AI provider into products (strict JSON schema, checked). */
@Injectable()
@HandlesJob('surveys.extract')
export class ExtractHandler extends SurveyInputJobBase<ProductDraft[]> {
  protected readonly logger = new Logger(ExtractHandler.name);

  constructor(tenants: TenantTransactions, surveys: SurveyRepository, outbox: EventOutbox, private readonly writer: SurveyProductWriter, private readonly ai: AiProvider) {
    super(tenants, surveys, outbox);
  }

  protected failure(input: Pick<InputToRead, 'kind'>): MessageKey {
    return input.kind === 'file' ? 'extraction_failed_files' : 'extraction_failed_text';
  }

  protected async read(input: InputToRead): Promise<ProductDraft[]> {
    let products;
    try {
      products = await this.ai.extract(
        input.kind === 'file'
          ? { file: { content: input.content as Buffer, fileName: input.fileName ?? 'drawing', contentType: input.contentType ?? 'application/octet-stream' } }
          : { text: input.text ?? '' },
      );
    } catch (error) {
      throw fromProvider(error);
    }
    try {
      return products.map(draftFromExtraction);
    } catch (error) {
      if (error instanceof DraftError) throw giveUp(error.message);
      throw error;
    }
  }

  /** No product read is an answer too: the input ends in success with none, saying "No parts found". */
  protected write(_job: SurveyInputJob, input: InputToRead, drafts: ProductDraft[]) {
    return this.success(input, this.writer, drafts, undefined, drafts.length === 0 ? [{ key: 'survey_no_parts_found' }] : undefined);
  }
}

/** A recording turned into text by the provider; the input then goes on as a text (`surveys.extract`, same run). */
@Injectable()
@HandlesJob('surveys.transcribe')
export class TranscribeHandler extends SurveyInputJobBase<string> {
  protected readonly logger = new Logger(TranscribeHandler.name);

  constructor(tenants: TenantTransactions, surveys: SurveyRepository, outbox: EventOutbox, private readonly ai: AiProvider) {
    super(tenants, surveys, outbox);
  }

  protected failure(): MessageKey {
    return 'speech_failed';
  }

  /**
   * The transcript, made once: a recording already turned into text (its extraction failed and staff
   * retry it) goes on with the stored text, without sending the recording again.
   */
  protected async read(input: InputToRead): Promise<string> {
    if (input.text?.trim()) return input.text;
    let text;
    try {
      text = await this.ai.transcribe({ content: input.content as Buffer, fileName: input.fileName ?? 'recording.webm', contentType: input.contentType ?? 'audio/webm' });
    } catch (error) {
      throw fromProvider(error);
    }
    if (!text.trim()) throw giveUp('The recording gave no text');
    return text.trim().slice(0, 100_000);
  }

  protected async write(job: SurveyInputJob, input: InputToRead, text: string): Promise<void> {
    await this.surveys.storeTranscript(input.id, text);
    await this.outbox.emit('surveys.extract', { surveyInputId: input.id, run: job.run });
  }
}

export const SURVEY_INPUT_HANDLERS = [ReadCadHandler, ExtractHandler, TranscribeHandler];
