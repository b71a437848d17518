import { CONFIDENCE_FIELDS, EXTRACTION_SCHEMA, extractionPrompt, parseExtraction } from './index';

type Schema = { type: string | string[]; properties?: Record<string, Schema>; required?: string[]; additionalProperties?: boolean; items?: Schema };

/** Every object schema inside `schema`, with its path. */
function objects(schema: Schema, path = '$'): Array<[string, Schema]> {
  const own: Array<[string, Schema]> = schema.type === 'object' ? [[path, schema]] : [];
  const inner = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => objects(child, `${path}.${key}`));
  return [...own, ...inner, ...(schema.items ? objects(schema.items, `${path}[]`) : [])];
}

/**
 * A small JSON-schema check of the keywords the extraction schema uses (type, properties, required,
 * additionalProperties, items), to prove a good answer fits the schema the model is held to.
 */
function fits(value: unknown, schema: Schema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const typeOf = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (!types.includes(typeOf) && !(typeOf === 'integer' && types.includes('number'))) return false;
  if (typeOf === 'array') return (value as unknown[]).every((item) => fits(item, schema.items as Schema));
  if (typeOf !== 'object') return true;
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  if ((schema.required ?? []).some((key) => !(key in record))) return false;
  if (schema.additionalProperties === false && Object.keys(record).some((key) => !(key in properties))) return false;
  return Object.entries(record).every(([key, item]) => fits(item, properties[key]));
}

const schema = EXTRACTION_SCHEMA as unknown as Schema;

describe('EXTRACTION_SCHEMA', () => {
  it('meets strict mode: every object lists all its properties as required and allows no others', () => {
    const found = objects(schema);
    expect(found.map(([path]) => path)).toEqual(['$', '$.products[]', '$.products[].bends[]', '$.products[].holes[]', '$.products[].confidence']);
    for (const [, object] of found) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
  });

  it('says null for what may be unknown and carries a confidence per field', () => {
    const product = (schema.properties?.products.items as Schema).properties ?? {};
    expect(product.name.type).toBe('string');
    expect(product.number.type).toEqual(['string', 'null']);
    for (const field of ['quantity', 'thickness', 'width', 'length', 'height']) expect(product[field].type).toEqual(['number', 'null']);
    expect(product.holes.items?.properties?.count.type).toBe('integer');
    expect(Object.keys(product.confidence.properties ?? {})).toEqual([...CONFIDENCE_FIELDS]);
  });

  it('accepts what parseExtraction accepts, and refuses an answer without confidence', () => {
    const good = {
      products: [
        {
          name: 'Cover',
          number: null,
          quantity: 10,
          material: 'AlMg3',
          thickness: 2,
          width: 200,
          length: 300,
          height: 40,
          bends: [{ length: 300, angle: 90, count: 2 }],
          holes: [],
          operations: ['powder coating'],
          confidence: Object.fromEntries(CONFIDENCE_FIELDS.map((field) => [field, 0.8])),
        },
      ],
    };
    expect(fits(good, schema)).toBe(true);
    expect(parseExtraction(good)).toHaveLength(1);
    const { confidence: _confidence, ...withoutConfidence } = good.products[0];
    expect(fits({ products: [withoutConfidence] }, schema)).toBe(false);
  });
});

describe('extractionPrompt', () => {
  it('asks for the schema, millimetres, null when not stated and honest confidence, for text and for files', () => {
    for (const kind of ['text', 'file'] as const) {
      const prompt = extractionPrompt(kind);
      expect(prompt).toContain('survey_products');
      expect(prompt).toContain('millimetres');
      expect(prompt).toContain('null');
      expect(prompt).toContain('honest');
    }
    expect(extractionPrompt('text')).toContain('transcript of a phone call');
    expect(extractionPrompt('file')).toContain('technical drawing');
  });
});
