/**
 * The answer the model must give: the JSON schema for chat completions' structured output in strict
 * mode (`response_format: { type: 'json_schema', json_schema: { name: 'survey_products', strict: true,
 * schema: EXTRACTION_SCHEMA } }`).
 *
 * Strict mode wants every property required and `additionalProperties: false` on every object; a value
 * that may be missing is `null` (`type: [..., 'null']`), never an absent key. Bounds (positive sizes,
 * whole counts, confidences 0..1) are said in the descriptions only: keywords such as `minimum` are
 * not accepted by every OpenAI-compatible server, and `parseExtraction` checks them all anyway.
 */

/** The fields a product carries a confidence for, in the order the schema lists them. */
export const CONFIDENCE_FIELDS = ['name', 'number', 'quantity', 'material', 'thickness', 'width', 'length', 'height', 'bends', 'holes', 'operations'] as const;

export type ConfidenceField = (typeof CONFIDENCE_FIELDS)[number];

const strictObject = (description: string, properties: Record<string, unknown>) => ({
  type: 'object',
  description,
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const millimetres = (description: string) => ({
  type: ['number', 'null'],
  description: `${description} in millimetres (mm), greater than 0; null when not stated`,
});

const wholeCount = (description: string) => ({ type: 'integer', description: `${description}: a whole number from 1 to 10000` });

const BEND = strictObject('One bend line, or several equal ones (count)', {
  length: millimetres('Length of the bend line'),
  angle: { type: ['number', 'null'], description: 'Bend angle in degrees, greater than 0 and at most 180; null when not stated' },
  count: wholeCount('How many such bends the part has'),
});

const HOLE = strictObject('One round hole size, with how often it occurs', {
  diameter: { type: 'number', description: 'Hole diameter in millimetres (mm), greater than 0' },
  count: wholeCount('How many holes of this diameter the part has'),
});

const CONFIDENCE = strictObject(
  'How sure the reading of each field is, from 0 (a guess) to 1 (stated plainly in the source)',
  Object.fromEntries(CONFIDENCE_FIELDS.map((field) => [field, { type: 'number', description: `Confidence for ${field}, 0 to 1` }])),
);

const PRODUCT = strictObject('One part (sheet-metal or machined) the customer asks for', {
  name: { type: 'string', description: 'What the part is called (the drawing title or the words of the inquiry), at most 255 characters' },
  number: { type: ['string', 'null'], description: 'The part or drawing number as written; null when none is given' },
  quantity: { type: ['number', 'null'], description: 'How many pieces the customer asks for, a whole number; null when not stated' },
  material: { type: ['string', 'null'], description: 'The material as written (e.g. "S235JR", "1.4301", "AlMg3"); null when not stated' },
  thickness: millimetres('Sheet or plate thickness'),
  width: millimetres('Width of the part (the shorter extent of the flat part or blank)'),
  length: millimetres('Length of the part (the longer extent)'),
  height: millimetres('Height of the formed part (its third extent)'),
  bends: { type: 'array', description: 'The bends; empty when the part is flat or none are shown', items: BEND },
  holes: { type: 'array', description: 'The round holes grouped by diameter; empty when none are shown', items: HOLE },
  operations: {
    type: 'array',
    description: 'Other work asked for, in the source words (e.g. "laser cutting", "deburring", "powder coating", "threading M8")',
    items: { type: 'string' },
  },
  confidence: CONFIDENCE,
});

export const EXTRACTION_SCHEMA_NAME = 'survey_products';

export const EXTRACTION_SCHEMA: { [key: string]: unknown } = strictObject('The parts found in the customer inquiry', {
  products: { type: 'array', description: 'Every distinct part, one entry each', items: PRODUCT },
});
