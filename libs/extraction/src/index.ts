/**
 * @fabquote/extraction: what the AI extraction asks for and what it accepts back. The JSON schema of
 * the answer (strict structured output), the system prompt, and `parseExtraction`, which checks an
 * answer whole and returns its products or throws `ExtractionError` naming the first bad field.
 * No I/O: the provider that calls the model is apps/api/src/surveys/ai.
 */
export { CONFIDENCE_FIELDS, EXTRACTION_SCHEMA, EXTRACTION_SCHEMA_NAME } from './schema';
export type { ConfidenceField } from './schema';
export type { ExtractedBend, ExtractedHole, ExtractedProduct, FieldConfidence } from './types';
export {
  decimal,
  ExtractionError,
  MAX_COUNT,
  MAX_OPERATIONS,
  MAX_PRODUCTS,
  MAX_QUANTITY,
  MAX_SIZE_MM,
  MAX_TEXT,
  parseExtraction,
  unfenced,
} from './parse-extraction';
export { LOW_CONFIDENCE, lowConfidenceFields } from './confidence';
export { extractionPrompt } from './prompt';
export type { ExtractionSource } from './prompt';
