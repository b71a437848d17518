import { JobName } from '@fabquote/queue';
import { FieldInvalid } from '../common/app-exception';
import { MAX_REQUEST_FILE_BYTES, requestFileTypeOf, storableName } from '../common/file-type';
import { SurveyInputKind, SurveyInputReader } from './survey.entity';
import type { NewInput } from './survey.repository';

/** A file as multer hands it over (memory storage). */
export interface UploadedSurveyFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export const MAX_FILES_AT_ONCE = 20;
export const MAX_TEXT_LENGTH = 100_000;

/** Drawings read without AI; the other accepted files go to the AI provider. */
const CAD_TYPES = new Set(['image/vnd.dxf', 'model/step']);
const AI_FILE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const JOB_OF: Record<SurveyInputKind, Record<SurveyInputReader, JobName>> = {
  file: { cad: 'surveys.read-cad', ai: 'surveys.extract' },
  text: { cad: 'surveys.extract', ai: 'surveys.extract' },
  audio: { cad: 'surveys.transcribe', ai: 'surveys.transcribe' },
};

/**
 * Uploaded files as a survey's inputs, each checked before any is stored: at most `maxFiles`, each at most 10 MB,
 * typed by content (a DXF or STEP is read without AI, a PDF or image by the AI provider; anything else is refused).
 * Staff's uploads and the public quote page's take the same checks (`createdBy` null: the quote page).
 */
export function checkedFileInputs(surveyId: string, files: UploadedSurveyFile[], createdBy: string | null, maxFiles = MAX_FILES_AT_ONCE): NewInput[] {
  if (files.length > maxFiles) throw new FieldInvalid('files', maxFiles === MAX_FILES_AT_ONCE ? 'survey_too_many_files' : 'quote_too_many_files');
  return files.map((file) => {
    if (file.size > MAX_REQUEST_FILE_BYTES) throw new FieldInvalid('files', 'file_too_large');
    const fileName = storableName(file.originalname);
    const contentType = file.size > 0 ? requestFileTypeOf(file.buffer, fileName) : null;
    if (!contentType || !(CAD_TYPES.has(contentType) || AI_FILE_TYPES.has(contentType))) throw new FieldInvalid('files', 'file_type_not_accepted');
    return { surveyId, kind: 'file', reader: CAD_TYPES.has(contentType) ? 'cad' : 'ai', fileName, contentType, content: file.buffer, text: null, createdBy };
  });
}

/** The job that reads an input of this kind and reader. */
export const jobOf = (input: Pick<NewInput, 'kind' | 'reader'>): JobName => JOB_OF[input.kind][input.reader];

