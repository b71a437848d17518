import type { Survey as SurveyContract, SurveyAiStatus, SurveyInput as SurveyInputContract, SurveyInputsAdded, SurveyProduct as SurveyProductContract } from '../api/contracts';
import { fileProblem, isAccepted, MAX_FILE_BYTES } from '../shared/files';

/*
 * The rows of docs/api-surveys.md as the API's generated contracts describe them, and the rules the
 * screens and the specs share. Pure.
 */

/** One customer inquiry: its drawings, an email's text or a phone call. */
export type Survey = SurveyContract;
/** One thing put into a survey, with its own processing result (docs/product.md §4). */
export type SurveyInput = SurveyInputContract;
export type SurveyInputKind = SurveyInput['kind'];
export type SurveyInputStatus = SurveyInput['status'];
/** The link from an input to a product it made, with what was read (read-only). */
export type SurveyProduct = SurveyProductContract;
/** GET /surveys/ai-status: whether a provider is configured, and docs/product.md §1's warning. */
export type AiStatus = SurveyAiStatus;
/** POST /surveys/{id}/inputs: the new inputs. */
export type InputsAdded = SurveyInputsAdded;

/** While any input is still waiting or being read, the view asks again this often. */
export const POLL_INTERVAL_MS = 2000;

/** Created or Processing: it can still be stopped, and its result is still to come. */
export const isUnfinished = (input: Pick<SurveyInput, 'status'>): boolean => input.status === 'created' || input.status === 'processing';

/** How often to read the inputs again: every 2 s while one is unfinished, never once all are done. */
export function pollInterval(inputs: readonly Pick<SurveyInput, 'status'>[] | undefined): number | false {
  return inputs?.some(isUnfinished) ? POLL_INTERVAL_MS : false;
}

/** Staff stop an input still Created or Processing; retry one that ended in Error (docs/api-surveys.md). */
export const canStop = isUnfinished;
export const canRetry = (input: Pick<SurveyInput, 'status'>): boolean => input.status === 'error';

/** Only files and recordings are kept as uploaded; a text input has nothing to download. */
export const hasContent = (input: Pick<SurveyInput, 'kind'>): boolean => input.kind !== 'text';

/** The first non-empty line of a text, cut to `max` characters with an ellipsis. */
export function firstLine(text: string | null | undefined, max = 80): string {
  const line = (text ?? '').split(/\r?\n/).find((candidate) => candidate.trim() !== '')?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** How the inputs table names an input: its file's name, else the first line of its text (a transcript too). */
export function inputLabel(input: Pick<SurveyInput, 'fileName' | 'text'>): string {
  return input.fileName?.trim() || firstLine(input.text);
}

// --- What goes in, and which of it goes to the AI provider -------------------------------------

/** Drawings read by libs/cad without any AI. */
export const CAD_FILE_ACCEPT = ['.dxf', '.step', '.stp'] as const;
/** Documents and pictures the AI provider reads. */
export const AI_FILE_ACCEPT = ['application/pdf', '.pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', '.png', '.jpg', '.jpeg', '.gif', '.webp'] as const;
/** docs/api-surveys.md: PDF, PNG, JPEG, GIF, WebP, DXF, STEP; the API checks the content again. */
export const SURVEY_FILE_ACCEPT = [...AI_FILE_ACCEPT, ...CAD_FILE_ACCEPT] as const;
/** WebM, Ogg, MP3, WAV, M4A (docs/api-surveys.md); browsers name some of them differently. */
export const AUDIO_ACCEPT = ['audio/*', 'video/webm', '.webm', '.ogg', '.oga', '.mp3', '.wav', '.m4a'] as const;
/** docs/api-surveys.md: one to 20 files a time. */
export const MAX_FILES = 20;
/** docs/api-surveys.md: a text holds 100,000 characters at most. */
export const MAX_TEXT_LENGTH = 100_000;

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** Who reads a file: the CAD reader (DXF, STEP), the AI provider (PDF, images), or nobody (not accepted). */
export function fileReader(file: FileLike): 'cad' | 'ai' | null {
  if (isAccepted(file, CAD_FILE_ACCEPT)) return 'cad';
  if (isAccepted(file, AI_FILE_ACCEPT)) return 'ai';
  return null;
}

/** What one submission of the Add input panel sends. */
export type InputSubmission = { kind: 'files'; files: readonly FileLike[] } | { kind: 'text'; text: string } | { kind: 'audio'; audio: FileLike };

/** docs/product.md §1: a text, a recording, a PDF or a picture goes to the AI provider; drawings in DXF or STEP do not. */
export function needsAi(submission: InputSubmission): boolean {
  if (submission.kind !== 'files') return true;
  return submission.files.some((file) => fileReader(file) !== 'cad');
}

/** The texts of the checks below: shared ones (docs/product.md §5) and the area's own. */
export const INPUT_PROBLEMS = {
  filesRequired: 'fabquote.files.required',
  typeNotAccepted: 'fabquote.files.type_not_accepted',
  tooLarge: 'fabquote.files.too_large',
  tooManyFiles: 'resources.surveys.add.too_many_files',
  aiNotConfigured: 'resources.surveys.ai.not_configured',
  aiNotAllowed: 'resources.surveys.ai.not_allowed',
  textRequired: 'resources.surveys.add.text_required',
  textTooLong: 'resources.surveys.add.text_too_long',
  audioRequired: 'resources.surveys.add.audio_required',
  audioNotAccepted: 'resources.surveys.add.audio_not_accepted',
} as const;

export interface FileCheck<T> {
  /** The files that may go. */
  accepted: T[];
  /** The first reason one was left out (a translation key), or null. */
  problem: string | null;
}

/**
 * Why nothing can go to the AI provider from here, or null when it can: none is configured, or the
 * person's roles lack the special permission `ai.use` (docs/api-surveys.md: the API answers 403).
 */
export function aiRefusal(configured: boolean, allowed: boolean): string | null {
  if (!configured) return INPUT_PROBLEMS.aiNotConfigured;
  if (!allowed) return INPUT_PROBLEMS.aiNotAllowed;
  return null;
}

/**
 * The client's first net over picked files: each accepted type (by name, the API looks at the
 * content), 10 MB each, and, when nothing may go to the AI provider (`aiRefused`, see aiRefusal),
 * drawings only. Refused files are left out with the first reason; the rest stay.
 */
export function checkFiles<T extends FileLike>(files: readonly T[], aiRefused: string | null): FileCheck<T> {
  let problem: string | null = null;
  const accepted = files.filter((file) => {
    const found = fileProblem(file, SURVEY_FILE_ACCEPT, MAX_FILE_BYTES);
    const refused = found === 'type_not_accepted' ? INPUT_PROBLEMS.typeNotAccepted : found === 'too_large' ? INPUT_PROBLEMS.tooLarge : fileReader(file) === 'ai' ? aiRefused : null;
    problem ??= refused;
    return refused === null;
  });
  return { accepted, problem };
}

/** Before sending: at least one file, at most 20. */
export function filesRefusal(files: readonly FileLike[]): string | null {
  if (files.length === 0) return INPUT_PROBLEMS.filesRequired;
  if (files.length > MAX_FILES) return INPUT_PROBLEMS.tooManyFiles;
  return null;
}

/** 'Please enter text to process' (docs/product.md §5) for an empty or blank text. */
export function textRefusal(text: string): string | null {
  if (text.trim() === '') return INPUT_PROBLEMS.textRequired;
  if (text.length > MAX_TEXT_LENGTH) return INPUT_PROBLEMS.textTooLong;
  return null;
}

/** A recording or sound file: one, of a sound type, 10 MB at most. */
export function audioRefusal(audio: FileLike | null | undefined): string | null {
  if (!audio) return INPUT_PROBLEMS.audioRequired;
  const problem = fileProblem(audio, AUDIO_ACCEPT, MAX_FILE_BYTES);
  if (problem === 'type_not_accepted') return INPUT_PROBLEMS.audioNotAccepted;
  if (problem === 'too_large') return INPUT_PROBLEMS.tooLarge;
  return null;
}

/** The multipart fields of POST /surveys/{id}/inputs: `files` repeated, `text`, or `audio`. */
export function inputFormFields(submission: InputSubmission): [name: 'files' | 'text' | 'audio', value: FileLike | string][] {
  if (submission.kind === 'files') return submission.files.map((file) => ['files', file]);
  if (submission.kind === 'text') return [['text', submission.text]];
  return [['audio', submission.audio]];
}

// --- Recording in the browser -------------------------------------------------------------------

/** What MediaRecorder is asked to record, best first; the API reads all of them by content. */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg', 'audio/mp4'] as const;

/** The first type this browser records, or '' to let it choose. */
export function recordingType(isSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((type) => isSupported(type)) ?? '';
}

/** A recording's file name: recording-2026-03-31-1407.webm, the ending from its type. */
export function recordingFileName(type: string, at: Date): string {
  const base = type.split(';')[0].trim().toLowerCase();
  const ending = base === 'audio/ogg' ? 'ogg' : base === 'audio/mp4' ? 'm4a' : base === 'audio/mpeg' ? 'mp3' : base === 'audio/wav' ? 'wav' : 'webm';
  const two = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}`;
  return `recording-${stamp}.${ending}`;
}

/** A recording's length as m:ss (or h:mm:ss). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds % 60)}` : `${minutes}:${two(seconds % 60)}`;
}

// --- Review ---------------------------------------------------------------------------------------

export interface InputGroup<I, P> {
  /** Null for products whose input was deleted since (the products stay). */
  input: I | null;
  products: P[];
}

/**
 * The survey's products under the input that made them, in the inputs' order, each input's by
 * position. Inputs that made nothing are left out; products of a deleted input come last.
 */
export function groupByInput<I extends { id: string }, P extends Pick<SurveyProduct, 'surveyInputId' | 'position'>>(
  products: readonly P[],
  inputs: readonly I[],
): InputGroup<I, P>[] {
  const byInput = new Map<string, P[]>();
  for (const product of products) byInput.set(product.surveyInputId, [...(byInput.get(product.surveyInputId) ?? []), product]);
  const byPosition = (list: P[]) => [...list].sort((a, b) => a.position - b.position);
  const groups: InputGroup<I, P>[] = [];
  for (const input of inputs) {
    const made = byInput.get(input.id);
    if (!made) continue;
    groups.push({ input, products: byPosition(made) });
    byInput.delete(input.id);
  }
  const orphans = [...byInput.values()].flat();
  if (orphans.length > 0) groups.push({ input: null, products: byPosition(orphans) });
  return groups;
}

// What was read: `extracted` holds one of three shapes, by the reader (docs/api-surveys.md).

/** A DXF read without AI (libs/cad's readDxf): lengths in mm, the net area in mm², the rest counts. */
export interface DrawingReading {
  kind: 'drawing';
  width: number | null;
  length: number | null;
  area: number | null;
  innerContours: number | null;
  slots: number | null;
  holes: number | null;
  cutLength: number | null;
  pierces: number | null;
  /** From the file's name (`plate_3mm.dxf`), if it says one: a DXF holds none. */
  thickness: number | null;
}

/** A STEP read without AI (libs/cad's readStep): the bounding box in mm, the volume in mm³, the area in mm². */
export interface SolidReading {
  kind: 'solid';
  length: number | null;
  width: number | null;
  thickness: number | null;
  volume: number | null;
  area: number | null;
}

export interface HoleRead {
  diameter: number | null;
  count: number;
}
export interface BendRead {
  length: number | null;
  angle: number | null;
  count: number;
}

/** A product the AI provider read from a text, a recording, a PDF or a picture (libs/extraction, without its confidence). */
export interface ProductReading {
  kind: 'product';
  name: string | null;
  number: string | null;
  quantity: number | null;
  material: string | null;
  thickness: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
  holes: HoleRead[];
  bends: BendRead[];
  operations: string[];
}

export type Reading = DrawingReading | SolidReading | ProductReading;

type Extracted = Record<string, unknown> | null | undefined;

const numberIn = (values: Extracted, field: string): number | null => {
  const value = values?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
const textIn = (values: Extracted, field: string): string | null => {
  const value = values?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};
const entriesIn = (values: Extracted, field: string): Record<string, unknown>[] => {
  const value = values?.[field];
  return Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];
};
/** An entry's `count`: how many times it stands (1 when not said). */
const countOf = (entry: Record<string, unknown>): number => {
  const count = numberIn(entry, 'count');
  return count !== null && count > 0 ? count : 1;
};

/**
 * `extracted` as what it is: a drawing's figures (they hold a cut length), a solid's (a volume), or
 * a product the AI read. Anything missing or of another type is null (or empty), never a guess.
 */
export function readingOf(extracted: Extracted): Reading {
  if (extracted && ('cutLength' in extracted || 'pierces' in extracted)) {
    return {
      kind: 'drawing',
      width: numberIn(extracted, 'width'),
      length: numberIn(extracted, 'length'),
      area: numberIn(extracted, 'area'),
      innerContours: numberIn(extracted, 'innerContours'),
      slots: numberIn(extracted, 'slots'),
      holes: numberIn(extracted, 'holes'),
      cutLength: numberIn(extracted, 'cutLength'),
      pierces: numberIn(extracted, 'pierces'),
      thickness: numberIn(extracted, 'thickness'),
    };
  }
  if (extracted && 'volume' in extracted) {
    return {
      kind: 'solid',
      length: numberIn(extracted, 'length'),
      width: numberIn(extracted, 'width'),
      thickness: numberIn(extracted, 'thickness'),
      volume: numberIn(extracted, 'volume'),
      area: numberIn(extracted, 'area'),
    };
  }
  const operations = extracted?.operations;
  return {
    kind: 'product',
    name: textIn(extracted, 'name'),
    number: textIn(extracted, 'number'),
    quantity: numberIn(extracted, 'quantity'),
    material: textIn(extracted, 'material'),
    thickness: numberIn(extracted, 'thickness'),
    width: numberIn(extracted, 'width'),
    length: numberIn(extracted, 'length'),
    height: numberIn(extracted, 'height'),
    holes: entriesIn(extracted, 'holes').map((hole) => ({ diameter: numberIn(hole, 'diameter'), count: countOf(hole) })),
    bends: entriesIn(extracted, 'bends').map((bend) => ({ length: numberIn(bend, 'length'), angle: numberIn(bend, 'angle'), count: countOf(bend) })),
    operations: Array.isArray(operations) ? operations.filter((name): name is string => typeof name === 'string' && name.trim() !== '') : [],
  };
}

/**
 * The fields the review shows, each with the names of `confidence` it is read under: a drawing's
 * cut length and pierces come from its contours and holes (the API names those `contours`, `holes`).
 */
export const REVIEW_FIELDS = {
  name: ['name'],
  number: ['number'],
  quantity: ['quantity'],
  materialId: ['material'],
  thickness: ['thickness'],
  blankWidth: ['width'],
  blankLength: ['length'],
  area: ['area'],
  volume: ['volume'],
  cutLength: ['contours', 'holes'],
  pierces: ['contours', 'holes'],
  innerContours: ['contours'],
  slots: ['contours'],
  holes: ['holes'],
  bends: ['bends'],
  operations: ['operations'],
} as const satisfies Record<string, readonly string[]>;
export type ReviewField = keyof typeof REVIEW_FIELDS;

/** Which fields the review shows for each kind of reading, in its order. */
export const REVIEW_LAYOUT: Record<Reading['kind'], readonly ReviewField[]> = {
  drawing: ['name', 'number', 'materialId', 'thickness', 'blankWidth', 'blankLength', 'area', 'cutLength', 'pierces', 'innerContours', 'slots', 'holes'],
  solid: ['name', 'number', 'materialId', 'thickness', 'blankWidth', 'blankLength', 'volume', 'area'],
  product: ['name', 'number', 'quantity', 'materialId', 'thickness', 'blankWidth', 'blankLength', 'holes', 'bends', 'operations'],
};

/** Whether a shown field was read with low confidence (docs/api-surveys.md `lowConfidence`, under 0.6). */
export function isLowConfidence(row: Pick<SurveyProduct, 'lowConfidence'>, field: ReviewField): boolean {
  const low = new Set(row.lowConfidence ?? []);
  return REVIEW_FIELDS[field].some((source) => low.has(source));
}

/** Read, but matched to nothing of the organization's: `material`, or `operation:<name>`. */
export const isUnmatched = (row: Pick<SurveyProduct, 'unmatched'>, field: string): boolean => (row.unmatched ?? []).includes(field);

/** The operations read that are none of the organization's (so the product has no production line for them). */
export function unmatchedOperations(row: Pick<SurveyProduct, 'unmatched'>): Set<string> {
  return new Set((row.unmatched ?? []).filter((field) => field.startsWith('operation:')).map((field) => field.slice('operation:'.length)));
}

/**
 * Whether the review says the product was not priced: the plausibility check flagged it (the API's
 * `notPriced`) and the product, as loaded now, has no calculation either (a Calculate since clears it at once).
 */
export function isNotPriced(row: Pick<SurveyProduct, 'notPriced'>, product: { latestCalculationIndex?: number | null } | undefined): boolean {
  return row.notPriced === true && (product?.latestCalculationIndex ?? null) === null;
}

/** The survey list's warning chip: the count, or nothing when there are none. */
export const warningChipCount = (survey: Pick<Survey, 'warningCount'>): number | null => (survey.warningCount > 0 ? survey.warningCount : null);

/** Whether the review marks a shown field: read unsure, or read and matched to nothing. */
export function isMarked(row: Pick<SurveyProduct, 'lowConfidence' | 'unmatched'>, field: ReviewField): boolean {
  if (isLowConfidence(row, field)) return true;
  if (field === 'materialId') return isUnmatched(row, 'material');
  if (field === 'operations') return unmatchedOperations(row).size > 0;
  return false;
}

/** The fields of this row's layout that the review marks: "please check" when there are any. */
export function markedFields(row: Pick<SurveyProduct, 'lowConfidence' | 'unmatched' | 'extracted'>): ReviewField[] {
  return REVIEW_LAYOUT[readingOf(row.extracted).kind].filter((field) => isMarked(row, field));
}

/** How many holes or bends were read: each entry counts `count` times (1 when not said); null when none were read. */
export function featureCount(extracted: Extracted, feature: 'holes' | 'bends'): number | null {
  const value = extracted?.[feature];
  if (typeof value === 'number') return value;
  if (!Array.isArray(value)) return null;
  return entriesIn(extracted, feature).reduce((sum, entry) => sum + countOf(entry), 0);
}

/**
 * Holes as the AI read them, for people: `4 × Ø8.5, 2 × Ø5` (`figure` writes a number in the
 * reader's locale); a drawing's holes are a count. Null when none were read.
 */
export function holesText(reading: Reading, figure: (value: number) => string): string | null {
  if (reading.kind === 'drawing') return reading.holes === null ? null : figure(reading.holes);
  if (reading.kind !== 'product' || reading.holes.length === 0) return null;
  return reading.holes.map((hole) => (hole.diameter === null ? figure(hole.count) : `${figure(hole.count)} × Ø${figure(hole.diameter)}`)).join(', ');
}

/** Bends as the AI read them: `2 × 90°, 1 × 45° (120 mm)`; null when none were read. */
export function bendsText(reading: Reading, figure: (value: number) => string): string | null {
  if (reading.kind !== 'product' || reading.bends.length === 0) return null;
  return reading.bends
    .map((bend) => {
      const angle = bend.angle === null ? '' : ` × ${figure(bend.angle)}°`;
      const length = bend.length === null ? '' : ` (${figure(bend.length)} mm)`;
      return `${figure(bend.count)}${angle}${length}`;
    })
    .join(', ');
}

/** How the review shows an input's source beside what was read from it. */
export type SourceView = 'drawing' | 'pdf' | 'image' | 'audio' | 'text' | 'none';

export function sourceView(input: Pick<SurveyInput, 'kind' | 'contentType' | 'hasPreview' | 'text'>): SourceView {
  if (input.hasPreview) return 'drawing';
  if (input.kind === 'text') return 'text';
  if (input.kind === 'audio') return 'audio';
  const type = (input.contentType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  return 'none';
}

/** The one change "Mark ready" makes to a product (docs/api-surveys.md: staff set `ready` through PUT /products/{id}). */
export const READY = { status: 'ready' } as const;

/** The product fields the review edits in place; empty texts and numbers are sent as null. */
export const PRODUCT_EDIT_FIELDS = ['name', 'number', 'materialId', 'thickness', 'blankWidth', 'blankLength'] as const;

export function productChanges(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    PRODUCT_EDIT_FIELDS.map((field) => {
      const value = values[field];
      if (value === undefined || value === '' || value === null) return [field, null];
      if (field === 'name' || field === 'number') return [field, typeof value === 'string' ? value.trim() : value];
      return [field, value];
    }),
  );
}
