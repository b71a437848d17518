import { CONFIDENCE_FIELDS } from './schema';
import { ExtractedBend, ExtractedHole, ExtractedProduct, FieldConfidence } from './types';

/** At most this many products per input: more is a misreading (a parts list read line by line twice). None is an answer too. */
export const MAX_PRODUCTS = 200;
/** Bends or holes of one kind, and bend or hole entries per product. */
export const MAX_COUNT = 10_000;
/** Pieces asked for; a larger figure is a misread number, and it keeps numeric(14, 4) safe. */
export const MAX_QUANTITY = 1_000_000;
/** Any size in mm (100 m): beyond that a unit was misread (µm read as mm). */
export const MAX_SIZE_MM = 100_000;
/** Names, numbers, materials and operations: the products' varchar(255). */
export const MAX_TEXT = 255;
/** Operations per product. */
export const MAX_OPERATIONS = 50;

/**
 * The model's answer breaks the schema: invalid JSON, a missing or unexpected field, a wrong type, a
 * size that is not positive, … `path` names the place (`products[1].thickness`). English, for the log:
 * the input's own error says "Could not create products from …" in the reader's language.
 */
export class ExtractionError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'ExtractionError';
  }
}

const PRODUCT_FIELDS = ['name', 'number', 'quantity', 'material', 'thickness', 'width', 'length', 'height', 'bends', 'holes', 'operations', 'confidence'];

/**
 * Checks the model's answer (the JSON text, or the value already parsed) against the extraction
 * schema and the shop's limits, and returns its products. Throws `ExtractionError` at the first
 * problem: an answer is taken whole or not at all, so no input ever gets half its products.
 */
export function parseExtraction(raw: unknown): ExtractedProduct[] {
  let answer = raw;
  if (typeof raw === 'string') {
    const json = unfenced(raw);
    try {
      answer = JSON.parse(json);
    } catch {
      throw new ExtractionError('answer', json.trim() === '' ? 'empty' : 'not valid JSON');
    }
  }
  const root = record(answer, 'answer', ['products']);
  // An empty list is an answer: the source asks for no part ("no parts found"), not a failure.
  const products = list(root.products, 'products', MAX_PRODUCTS);
  return products.map((entry, index) => product(entry, `products[${index}]`));
}

/** One Markdown code fence around the whole answer (```json … ```, as local models often write it). */
const FENCE = /^\s*```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/;

/**
 * The answer without one code fence around it, if it has one: models served without structured
 * output (vLLM, Ollama, …) like to wrap JSON in ```json … ```. Only a fence around the whole answer
 * is taken off; text before or after it, or a second fence, leaves the answer as it is (and invalid).
 */
export function unfenced(raw: string): string {
  const match = FENCE.exec(raw);
  if (!match || match[1].includes('```')) return raw;
  return match[1];
}

function product(value: unknown, path: string): ExtractedProduct {
  const fields = record(value, path, PRODUCT_FIELDS);
  const at = (field: string) => `${path}.${field}`;
  const name = text(fields.name, at('name'));
  if (name === null) throw new ExtractionError(at('name'), 'empty');
  const quantity = wholeNumber(fields.quantity, at('quantity'), MAX_QUANTITY, true);
  const thickness = size(fields.thickness, at('thickness'));
  const width = size(fields.width, at('width'));
  const length = size(fields.length, at('length'));
  const height = size(fields.height, at('height'));
  return {
    name,
    number: text(fields.number, at('number'), true),
    quantity,
    material: text(fields.material, at('material'), true),
    thickness,
    width,
    length,
    height,
    bends: list(fields.bends, at('bends'), MAX_COUNT).map((entry, index) => bend(entry, `${at('bends')}[${index}]`)),
    holes: list(fields.holes, at('holes'), MAX_COUNT).map((entry, index) => hole(entry, `${at('holes')}[${index}]`)),
    operations: list(fields.operations, at('operations'), MAX_OPERATIONS).map((entry, index) => {
      const operation = text(entry, `${at('operations')}[${index}]`);
      if (operation === null) throw new ExtractionError(`${at('operations')}[${index}]`, 'empty');
      return operation;
    }),
    confidence: confidence(fields.confidence, at('confidence')),
    decimals: { quantity: decimal(quantity), thickness: decimal(thickness), width: decimal(width), length: decimal(length), height: decimal(height) },
  };
}

function bend(value: unknown, path: string): ExtractedBend {
  const fields = record(value, path, ['length', 'angle', 'count']);
  const length = size(fields.length, `${path}.length`);
  const angle = number(fields.angle, `${path}.angle`, true);
  // The bends table holds 0 < angle ≤ 180: a flat "bend" of 0° or a reflex angle is a misreading.
  if (angle !== null && !(angle > 0 && angle <= 180)) throw new ExtractionError(`${path}.angle`, 'not an angle above 0 and at most 180 degrees');
  const count = wholeNumber(fields.count, `${path}.count`, MAX_COUNT, false);
  return { length, angle, count, decimals: { length: decimal(length), angle: decimal(angle) } };
}

function hole(value: unknown, path: string): ExtractedHole {
  const fields = record(value, path, ['diameter', 'count']);
  const diameter = size(fields.diameter, `${path}.diameter`, false);
  const count = wholeNumber(fields.count, `${path}.count`, MAX_COUNT, false);
  return { diameter, count, decimals: { diameter: decimal(diameter) } };
}

function confidence(value: unknown, path: string): FieldConfidence {
  const fields = record(value, path, CONFIDENCE_FIELDS);
  const result = {} as FieldConfidence;
  for (const field of CONFIDENCE_FIELDS) {
    const share = number(fields[field], `${path}.${field}`, false);
    if (share < 0 || share > 1) throw new ExtractionError(`${path}.${field}`, 'not a confidence from 0 to 1');
    result[field] = share;
  }
  return result;
}

/** A plain object with exactly `keys`: strict mode promises every key and no other. */
function record(value: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ExtractionError(path, `not an object (got ${kind(value)})`);
  const fields = value as Record<string, unknown>;
  const missing = keys.find((key) => !Object.prototype.hasOwnProperty.call(fields, key));
  if (missing !== undefined) throw new ExtractionError(path === 'answer' ? missing : `${path}.${missing}`, 'missing');
  const unexpected = Object.keys(fields).find((key) => !keys.includes(key));
  if (unexpected !== undefined) throw new ExtractionError(path === 'answer' ? unexpected : `${path}.${unexpected}`, 'not in the schema');
  return fields;
}

function list(value: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw new ExtractionError(path, `not a list (got ${kind(value)})`);
  if (value.length > max) throw new ExtractionError(path, `more than ${max} entries (${value.length})`);
  return value;
}

/** A trimmed string of at most 255 characters; with `nullable`, null or blank gives null. */
function text(value: unknown, path: string, nullable = false): string | null {
  if (value === null && nullable) return null;
  if (typeof value !== 'string') throw new ExtractionError(path, `not a string${nullable ? ' or null' : ''} (got ${kind(value)})`);
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw new ExtractionError(path, `longer than ${MAX_TEXT} characters (${trimmed.length})`);
  return trimmed === '' ? null : trimmed;
}

function number(value: unknown, path: string, nullable: true): number | null;
function number(value: unknown, path: string, nullable: false): number;
function number(value: unknown, path: string, nullable: boolean): number | null {
  if (value === null && nullable) return null;
  if (typeof value !== 'number') throw new ExtractionError(path, `not a number${nullable ? ' or null' : ''} (got ${kind(value)})`);
  if (!Number.isFinite(value)) throw new ExtractionError(path, 'not a finite number');
  return value;
}

/** A size in mm: positive, at most MAX_SIZE_MM. */
function size(value: unknown, path: string, nullable?: true): number | null;
function size(value: unknown, path: string, nullable: false): number;
function size(value: unknown, path: string, nullable = true): number | null {
  const millimetres = nullable ? number(value, path, true) : number(value, path, false);
  if (millimetres === null) return null;
  if (!(millimetres > 0)) throw new ExtractionError(path, 'not a positive number');
  if (millimetres > MAX_SIZE_MM) throw new ExtractionError(path, `more than ${MAX_SIZE_MM} mm`);
  return millimetres;
}

function wholeNumber(value: unknown, path: string, max: number, nullable: true): number | null;
function wholeNumber(value: unknown, path: string, max: number, nullable: false): number;
function wholeNumber(value: unknown, path: string, max: number, nullable: boolean): number | null {
  const count = nullable ? number(value, path, true) : number(value, path, false);
  if (count === null) return null;
  if (!Number.isInteger(count) || count < 1 || count > max) throw new ExtractionError(path, `not a whole number from 1 to ${max}`);
  return count;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

/**
 * `n` as the decimal string JavaScript prints for it (the shortest that reads back as `n`), with an
 * exponent written out (`1e-7` → `0.0000001`), so any numeric column takes it as is.
 */
export function decimal(n: number): string;
export function decimal(n: number | null): string | null;
export function decimal(n: number | null): string | null {
  if (n === null) return null;
  const printed = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(printed);
  if (!match) return printed;
  const [, sign, lead, rest = '', exponentText] = match;
  const digits = lead + rest;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
