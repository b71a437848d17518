import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@fabquote/database';

export type SurveyInputKind = 'file' | 'text' | 'audio';
export type SurveyInputReader = 'cad' | 'ai';
/** The processing result of docs/product.md §4. */
export type SurveyInputStatus = 'created' | 'processing' | 'success' | 'error';
export const SURVEY_INPUT_STATUSES: SurveyInputStatus[] = ['created', 'processing', 'success', 'error'];

/** One customer inquiry (docs/api-surveys.md). Counts are not columns: they are read with it. */
@Entity('surveys')
export class Survey extends TenantRecord {
  /** SV-<year>-<4 digits>, per organization (`document_numbers`, kind `survey`). */
  @Column({ type: 'varchar', length: 40 })
  number: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;
}

/** A drawing, a text or a recording put into a survey, with its processing result. */
@Entity('survey_inputs')
export class SurveyInput extends TenantRecord {
  @Column({ name: 'survey_id', type: 'uuid' })
  surveyId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: SurveyInputKind;

  @Column({ type: 'varchar', length: 10 })
  reader: SurveyInputReader;

  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName: string | null;

  @Column({ name: 'content_type', type: 'varchar', length: 100, nullable: true })
  contentType: string | null;

  @Column({ type: 'integer', nullable: true })
  size: number | null;

  @Column({ type: 'bytea', nullable: true, select: false })
  content: Buffer | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'varchar', length: 12, default: 'created' })
  status: SurveyInputStatus;

  /** A message key of libs/i18n and a technical detail, said in the reader's language when read. */
  @Column({ type: 'jsonb', nullable: true })
  error: { key: string; detail?: string } | null;

  @Column({ name: 'preview_svg', type: 'text', nullable: true, select: false })
  previewSvg: string | null;

  @Column({ type: 'integer', default: 1 })
  run: number;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/** What an input made: the product, and what was read for it (for the review). */
@Entity('survey_products')
export class SurveyProduct extends TenantRecord {
  @Column({ name: 'survey_id', type: 'uuid' })
  surveyId: string;

  @Column({ name: 'survey_input_id', type: 'uuid' })
  surveyInputId: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'numeric', precision: 14, scale: 4, nullable: true })
  quantity: string | null;

  @Column({ type: 'jsonb', default: {} })
  extracted: Record<string, unknown>;

  @Column({ type: 'jsonb', default: {} })
  confidence: Record<string, number>;

  @Column({ type: 'text', array: true, default: '{}' })
  unmatched: string[];
}
