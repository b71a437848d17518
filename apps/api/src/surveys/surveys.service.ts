import { HttpStatus, Injectable } from '@nestjs/common';
import { nextDocumentNumber } from '@fabquote/database';
import { LOW_CONFIDENCE } from '@fabquote/extraction';
import { isPhrase, Locale, say, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { MAX_REQUEST_FILE_BYTES, soundFileTypeOf, storableName } from '../common/file-type';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { SignedInUser } from '../common/request-context';
import { optionalText, requiredText } from '../common/text-field';
import { ProductEdits } from '../products';
import { AiProvider } from './ai';
import { QuoteRequestService } from './quote-request.service';
import { CreateSurveyDto, UpdateSurveyDto } from './survey.dto';
import { checkedFileInputs, jobOf, MAX_TEXT_LENGTH, UploadedSurveyFile } from './survey-files';
import { NewInput, SurveyInputRow, SurveyProductRow, SurveyRepository, SurveyRow } from './survey.repository';

export { MAX_FILES_AT_ONCE, MAX_TEXT_LENGTH } from './survey-files';
export type { UploadedSurveyFile } from './survey-files';

export const SURVEYS_LIST: ListSpec = {
  sortable: {
    number: 't.number',
    title: 't.title',
    customerName: 't.customer_name',
    inputCount: 't.input_count',
    processingCount: 't.processing_count',
    errorCount: 't.error_count',
    productCount: 't.product_count',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
  },
  filters: { customerId: { uuid: 't.customer_id' }, createdBy: { uuid: 't.created_by' }, source: 't.source' },
  searchable: ['t.title', 't.number', 't.customer_name'],
  defaultSort: 'createdAt',
};

export const INPUTS_LIST: ListSpec = {
  sortable: { createdAt: 't.created_at', status: 't.status', kind: 't.kind', fileName: 't.file_name', finishedAt: 't.finished_at' },
  filters: { surveyId: { uuid: 't.survey_id' }, status: 't.status', kind: 't.kind' },
  searchable: ['t.file_name', 't.text'],
  defaultSort: 'createdAt',
};

export const SURVEY_PRODUCTS_LIST: ListSpec = {
  sortable: { position: 't.position', createdAt: 't.created_at', productName: 't.product_name', productNumber: 't.product_number' },
  filters: { surveyId: { uuid: 't.survey_id' }, surveyInputId: { uuid: 't.survey_input_id' }, productId: { uuid: 't.product_id' } },
  searchable: ['t.product_name', 't.product_number'],
  defaultSort: 'createdAt',
};

/** Kept warnings (phrases) said in the reader's language; one whose message is gone is left out. */
function warningsIn(locale: Locale, value: unknown): string[] {
  return (Array.isArray(value) ? value : []).filter(isPhrase).map((phrase) => say(locale, phrase));
}

/** An input as the resource answers it: its error and the reader's warnings said in the reader's language. */
/** An input as answered: its error said, with the detail apart, and its warnings said. */
export interface SurveyInputAnswerRow extends Omit<SurveyInputRow, 'error' | 'warnings'> {
  error: string | null;
  errorDetail: string | null;
  warnings: string[];
}

/** A survey product as answered: the fields read with low confidence named, its warnings said. */
export interface SurveyProductAnswerRow extends Omit<SurveyProductRow, 'warnings'> {
  lowConfidence: string[];
  warnings: string[];
}

function inputRow(row: SurveyInputRow, locale: Locale): SurveyInputAnswerRow {
  const error = row.error;
  return { ...row, error: error ? translate(locale, error.key, error.params ?? {}) : null, errorDetail: error?.detail ?? null, warnings: warningsIn(locale, row.warnings) };
}

/** A survey product with the fields read with low confidence named and its warnings in the reader's language. */
function surveyProductRow(row: SurveyProductRow, locale: Locale): SurveyProductAnswerRow {
  const confidence = row.confidence ?? {};
  return { ...row, lowConfidence: Object.keys(confidence).filter((field) => confidence[field] < LOW_CONFIDENCE), warnings: warningsIn(locale, row.warnings) };
}

/**
 * Surveys (docs/api-surveys.md): customer inquiries, the drawings, texts and recordings put into
 * them, each sent to its job in the transaction that stores it, stopped and tried again by staff.
 */
@Injectable()
export class SurveysService {
  constructor(
    private readonly surveys: SurveyRepository,
    private readonly outbox: EventOutbox,
    private readonly ai: AiProvider,
    private readonly quotes: QuoteRequestService,
    private readonly products: ProductEdits,
  ) {}

  aiStatus(locale: Locale) {
    return { configured: this.ai.configured(), warning: translate(locale, 'survey_ai_warning') };
  }

  list(query: Record<string, unknown>): Promise<Page<SurveyRow>> {
    return readPage(this.surveys.listBuilder('surveys'), parseListRequest(query, SURVEYS_LIST), SURVEYS_LIST).then(
      async (page) => new Page(await this.surveys.withCreatorNames(page.rows), page.total),
    );
  }

  async get(id: string): Promise<SurveyRow> {
    const row = await this.surveys.record('surveys', id);
    if (!row) throw new RecordNotFound();
    const [named] = await this.surveys.withCreatorNames([row]);
    return named;
  }

  /** The survey as `GET /surveys/{id}` answers it: one from the quote page with its request and indicative prices (`quoteRequest`, in the reader's language). */
  async show(id: string, locale: Locale): Promise<SurveyRow & { quoteRequest: unknown }> {
    const row = await this.get(id);
    return { ...row, quoteRequest: row.source === 'quote-page' ? await this.quotes.forSurvey(id, locale) : null };
  }

  async create(input: CreateSurveyDto, createdBy: string): Promise<SurveyRow> {
    const customerId = await this.customer(input.customerId);
    const number = await nextDocumentNumber(this.surveys.manager, 'survey');
    const id = await this.surveys.insertSurvey({ number, title: requiredText('title', input.title), customerId: customerId ?? null, createdBy });
    return this.get(id);
  }

  async update(id: string, input: UpdateSurveyDto): Promise<SurveyRow> {
    const title = input.title === undefined ? undefined : requiredText('title', input.title);
    const customerId = await this.customer(input.customerId);
    if (!(await this.surveys.updateSurvey(id, { title, customerId }))) throw new RecordNotFound();
    return this.get(id);
  }

  /** With its inputs; the products it made stay (they are products now). */
  async remove(id: string): Promise<SurveyRow> {
    const row = await this.get(id);
    await this.surveys.deleteSurvey(id);
    return row;
  }

  /**
   * Files, a text or a recording, one kind per call: every part checked before any is stored, each
   * input stored with its job emitted in this transaction. Without an AI provider only drawings read
   * without AI (DXF, STEP) are taken; the rest is refused at once rather than left waiting.
   */
  async addInputs(surveyId: string, parts: { files: UploadedSurveyFile[]; audio: UploadedSurveyFile[]; text: string | undefined }, user: SignedInUser, locale: Locale) {
    const createdBy = user.id;
    if (!(await this.surveys.exists('surveys', surveyId))) throw new RecordNotFound();
    const text = parts.text ?? '';
    const given = [parts.files.length > 0, parts.audio.length > 0, text.trim() !== ''].filter(Boolean).length;
    if (given > 1) throw new FieldInvalid('files', 'survey_input_one_kind');
    let inputs: NewInput[];
    if (parts.files.length > 0) inputs = checkedFileInputs(surveyId, parts.files, createdBy);
    else if (parts.audio.length > 0) inputs = [this.audioInput(surveyId, parts.audio[0], createdBy)];
    else if (parts.text !== undefined) inputs = [this.textInput(surveyId, text, createdBy)];
    else throw new FieldInvalid('files', 'file_required');

    const toAi = inputs.some((input) => input.reader === 'ai');
    if (toAi) this.mayUseAi(user);
    if (toAi && !this.ai.configured()) {
      const field = inputs[0].kind === 'file' ? 'files' : inputs[0].kind;
      throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, 'ai_not_configured', 'ai_not_configured', {}, { [field]: { key: 'ai_not_configured' } });
    }
    const ids: string[] = [];
    for (const input of inputs) {
      const id = await this.surveys.insertInput(input);
      await this.outbox.emit(jobOf(input), { surveyInputId: id, run: 1 });
      ids.push(id);
    }
    return { data: (await this.surveys.rows('inputs', ids)).map((row) => inputRow(row, locale)) };
  }

  private audioInput(surveyId: string, audio: UploadedSurveyFile, createdBy: string): NewInput {
    if (audio.size > MAX_REQUEST_FILE_BYTES) throw new FieldInvalid('audio', 'file_too_large');
    const contentType = audio.size > 0 ? soundFileTypeOf(audio.buffer) : null;
    if (!contentType) throw new FieldInvalid('audio', 'audio_type_not_accepted');
    return { surveyId, kind: 'audio', reader: 'ai', fileName: storableName(audio.originalname), contentType, content: audio.buffer, text: null, createdBy };
  }

  private textInput(surveyId: string, text: string, createdBy: string): NewInput {
    if (!text.trim()) throw new FieldInvalid('text', 'text_required');
    if (text.length > MAX_TEXT_LENGTH) throw new FieldInvalid('text', 'text_too_long');
    return { surveyId, kind: 'text', reader: 'ai', fileName: null, contentType: null, content: null, text, createdBy };
  }

  inputs(query: Record<string, unknown>, locale: Locale): Promise<Page<SurveyInputAnswerRow>> {
    return readPage(this.surveys.listBuilder('inputs'), parseListRequest(query, INPUTS_LIST), INPUTS_LIST).then((page) => new Page(page.rows.map((row) => inputRow(row, locale)), page.total));
  }

  async input(id: string, locale: Locale): Promise<SurveyInputAnswerRow> {
    const row = await this.surveys.record('inputs', id);
    if (!row) throw new RecordNotFound();
    return inputRow(row, locale);
  }

  /** Staff stop an input still waiting or running: it ends in error "Creation stopped"; its job, on a run gone by, writes nothing. */
  async stopInput(id: string, locale: Locale): Promise<SurveyInputAnswerRow> {
    const input = await this.surveys.lockInput(id);
    if (!input) throw new RecordNotFound();
    if (input.status !== 'created' && input.status !== 'processing') throw new AppException(HttpStatus.CONFLICT, 'survey_input_finished', 'survey_input_finished');
    await this.surveys.restart(id, 'error', { key: 'survey_creation_stopped' });
    return this.input(id, locale);
  }

  /** An input that ended in error is tried again: a new run, its job emitted again. */
  async retryInput(id: string, user: SignedInUser, locale: Locale): Promise<SurveyInputAnswerRow> {
    const input = await this.surveys.lockInput(id);
    if (!input) throw new RecordNotFound();
    if (input.reader === 'ai') this.mayUseAi(user);
    if (input.status !== 'error') throw new AppException(HttpStatus.CONFLICT, 'survey_input_not_failed', 'survey_input_not_failed');
    if (input.reader === 'ai' && !this.ai.configured()) throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, 'ai_not_configured', 'ai_not_configured');
    const run = await this.surveys.restart(id, 'created', null);
    await this.outbox.emit(jobOf(input), { surveyInputId: id, run });
    return this.input(id, locale);
  }

  async removeInput(id: string, locale: Locale): Promise<SurveyInputAnswerRow> {
    const row = await this.input(id, locale);
    await this.surveys.deleteInput(id);
    return row;
  }

  async content(id: string) {
    const file = await this.surveys.content(id);
    if (!file) throw new RecordNotFound();
    return file;
  }

  async preview(id: string): Promise<string> {
    const svg = await this.surveys.preview(id);
    if (!svg) throw new RecordNotFound();
    return svg;
  }

  surveyProducts(query: Record<string, unknown>, locale: Locale): Promise<Page<SurveyProductAnswerRow>> {
    return readPage(this.surveys.listBuilder('products'), parseListRequest(query, SURVEY_PRODUCTS_LIST), SURVEY_PRODUCTS_LIST).then(
      async (page) => new Page((await this.surveys.withPricing(page.rows)).map((row) => surveyProductRow(row, locale)), page.total),
    );
  }

  async surveyProduct(id: string, locale: Locale): Promise<SurveyProductAnswerRow> {
    const row = await this.surveys.record('products', id);
    if (!row) throw new RecordNotFound();
    const [priced] = await this.surveys.withPricing([row]);
    return surveyProductRow(priced, locale);
  }

  /** The review drops a product read from an input (a part it does not want): the product goes with it, unless already used (409). */
  async dropSurveyProduct(id: string, locale: Locale): Promise<SurveyProductAnswerRow> {
    const row = await this.surveyProduct(id, locale);
    const found = await this.surveys.lockSurveyProduct(id);
    if (!found) throw new RecordNotFound();
    // The product it made goes, and with it (ON DELETE CASCADE) its geometry, lines, calculations and the survey product.
    if ((await this.products.dropUnlessUsed(found.productId)) === 'in-use') throw new AppException(HttpStatus.CONFLICT, 'survey_product_in_use', 'survey_product_in_use');
    await this.surveys.touchSurvey(found.surveyId);
    return row;
  }

  /** Sending anything to the AI provider takes the permission `ai.use` besides `surveys.update`. */
  private mayUseAi(user: SignedInUser): void {
    if (!user.permissions.has('ai.use')) throw new AppException(HttpStatus.FORBIDDEN, 'forbidden', 'forbidden');
  }

  /** A customer of this organization (row-level security hides the others); undefined: not given. */
  private async customer(value: string | null | undefined): Promise<string | null | undefined> {
    const id = optionalText(value ?? undefined);
    if (value === undefined) return undefined;
    if (id === null) return null;
    if (!(await this.surveys.exists('customers', id))) throw new FieldInvalid('customerId', 'unknown_reference');
    return id;
  }
}
