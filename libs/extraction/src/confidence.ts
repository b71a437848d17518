import { CONFIDENCE_FIELDS, ConfidenceField } from './schema';
import { ExtractedProduct } from './types';

/** Below this a field is marked for review (docs/api-surveys.md, `lowConfidence`). */
export const LOW_CONFIDENCE = 0.6;

/** The fields staff should check first: those read with a confidence under LOW_CONFIDENCE, in schema order. */
export function lowConfidenceFields(product: Pick<ExtractedProduct, 'confidence'>): ConfidenceField[] {
  return CONFIDENCE_FIELDS.filter((field) => product.confidence[field] < LOW_CONFIDENCE);
}
