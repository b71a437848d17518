import { decimal, ExtractedProduct, ExtractionError, lowConfidenceFields, parseExtraction, unfenced } from './index';

const SURE = { name: 1, number: 1, quantity: 1, material: 1, thickness: 1, width: 1, length: 1, height: 1, bends: 1, holes: 1, operations: 1 };

/** A bracket as a careful model would answer for "50 brackets 120 x 80 mm, 3 mm S235, two 90° bends, 4 holes Ø 8.5". */
function bracket(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '  Bracket  ',
    number: 'BR-1001',
    quantity: 50,
    material: 'S235JR',
    thickness: 3,
    width: 80,
    length: 120,
    height: null,
    bends: [{ length: 80, angle: 90, count: 2 }],
    holes: [{ diameter: 8.5, count: 4 }],
    operations: ['laser cutting', ' deburring '],
    confidence: { ...SURE, height: 0.9 },
    ...overrides,
  };
}

const answer = (...products: unknown[]) => JSON.stringify({ products });

/** The ExtractionError `run` throws, so a test can check its exact message. */
function failure(run: () => unknown): ExtractionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error('expected an ExtractionError');
}

describe('parseExtraction: a good answer', () => {
  it('gives one product per entry, strings trimmed, figures as numbers and as exact decimals', () => {
    const [product] = parseExtraction(answer(bracket()));
    expect(product).toEqual<ExtractedProduct>({
      name: 'Bracket',
      number: 'BR-1001',
      quantity: 50,
      material: 'S235JR',
      thickness: 3,
      width: 80,
      length: 120,
      height: null,
      bends: [{ length: 80, angle: 90, count: 2, decimals: { length: '80', angle: '90' } }],
      holes: [{ diameter: 8.5, count: 4, decimals: { diameter: '8.5' } }],
      operations: ['laser cutting', 'deburring'],
      confidence: { ...SURE, height: 0.9 },
      decimals: { quantity: '50', thickness: '3', width: '80', length: '120', height: null },
    });
  });

  it('accepts the answer already parsed, and a text-only inquiry with nothing but a name and a quantity', () => {
    const sparse = bracket({ number: null, material: null, thickness: null, width: null, length: null, bends: [], holes: [], operations: [] });
    const products = parseExtraction({ products: [bracket(), sparse] });
    expect(products).toHaveLength(2);
    expect(products[1]).toMatchObject({ name: 'Bracket', number: null, thickness: null, bends: [], holes: [], operations: [], decimals: { thickness: null } });
  });

  it('reads a blank optional string as not stated', () => {
    const [product] = parseExtraction(answer(bracket({ number: '   ', material: '' })));
    expect(product.number).toBeNull();
    expect(product.material).toBeNull();
  });

  it('keeps a bend without length or angle (the drawing shows a bend but not its figures)', () => {
    const [product] = parseExtraction(answer(bracket({ bends: [{ length: null, angle: null, count: 1 }] })));
    expect(product.bends).toEqual([{ length: null, angle: null, count: 1, decimals: { length: null, angle: null } }]);
  });

  it('keeps figures with many decimals exactly as the model wrote them', () => {
    const [product] = parseExtraction('{"products":[' + JSON.stringify(bracket()).replace('"thickness":3', '"thickness":1.25').replace('"width":80', '"width":0.0000005') + ']}');
    expect(product.decimals.thickness).toBe('1.25');
    expect(product.width).toBe(5e-7);
    expect(product.decimals.width).toBe('0.0000005');
  });

  it('takes an empty list: the source asks for no part ("no parts found" is an answer, not a failure)', () => {
    expect(parseExtraction(answer())).toEqual([]);
    expect(parseExtraction('```json\n{"products": []}\n```')).toEqual([]);
  });

  it('takes an answer inside one code fence, as local models write it', () => {
    const plain = parseExtraction(answer(bracket()));
    expect(parseExtraction('```json\n' + answer(bracket()) + '\n```')).toEqual(plain);
    expect(parseExtraction('  ```\r\n' + answer(bracket()) + '\r\n```\n')).toEqual(plain);
    expect(parseExtraction('```JSON\n' + JSON.stringify({ products: [bracket()] }, null, 2) + '```')).toEqual(plain);
  });

  it('takes off only one fence around the whole answer', () => {
    expect(unfenced('{"products": []}')).toBe('{"products": []}');
    expect(unfenced('Here you are:\n```json\n{"products": []}\n```')).toBe('Here you are:\n```json\n{"products": []}\n```');
    expect(unfenced('```json\n{}\n```\n```json\n{}\n```')).toBe('```json\n{}\n```\n```json\n{}\n```');
    expect(failure(() => parseExtraction('Here you are:\n```json\n{"products": []}\n```')).message).toBe('answer: not valid JSON');
    expect(failure(() => parseExtraction('```json\n```')).message).toBe('answer: empty');
  });

  it('takes 200 products, the most an input may give', () => {
    expect(parseExtraction(answer(...Array.from({ length: 200 }, () => bracket())))).toHaveLength(200);
  });
});

describe('parseExtraction: an answer that breaks the schema fails as a whole, naming the place', () => {
  const cases: Array<[string, unknown, string]> = [
    ['invalid JSON', '{"products": [', 'answer: not valid JSON'],
    ['an empty answer', '   ', 'answer: empty'],
    ['not an object', '[1, 2]', 'answer: not an object (got a list)'],
    ['no products key', '{}', 'products: missing'],
    ['an extra top-level key', answer(bracket()).replace('{"products"', '{"note":"x","products"'), 'note: not in the schema'],
    ['products not a list', '{"products": {"name": "Bracket"}}', 'products: not a list (got object)'],
    ['more than 200 products', answer(...Array.from({ length: 201 }, () => bracket())), 'products: more than 200 entries (201)'],
    ['a product that is not an object', answer(bracket(), 'Bracket'), 'products[1]: not an object (got string)'],
    ['a missing field', answer(bracket(), (({ material: _material, ...rest }) => rest)(bracket())), 'products[1].material: missing'],
    ['an unexpected field', answer(bracket({ colour: 'red' })), 'products[0].colour: not in the schema'],
    ['an empty name', answer(bracket({ name: '  ' })), 'products[0].name: empty'],
    ['a null name', answer(bracket({ name: null })), 'products[0].name: not a string (got null)'],
    ['a name over 255 characters', answer(bracket({ name: 'x'.repeat(256) })), 'products[0].name: longer than 255 characters (256)'],
    ['a number as a number', answer(bracket({ number: 1001 })), 'products[0].number: not a string or null (got number)'],
    ['a thickness as text', answer(bracket({ thickness: '3 mm' })), 'products[0].thickness: not a number or null (got string)'],
    ['a zero thickness', answer(bracket(), bracket({ thickness: 0 })), 'products[1].thickness: not a positive number'],
    ['a negative width', answer(bracket({ width: -80 })), 'products[0].width: not a positive number'],
    ['a length in micrometres', answer(bracket({ length: 120_000 })), 'products[0].length: more than 100000 mm'],
    ['a quantity not whole', answer(bracket({ quantity: 2.5 })), 'products[0].quantity: not a whole number from 1 to 1000000'],
    ['a quantity of zero', answer(bracket({ quantity: 0 })), 'products[0].quantity: not a whole number from 1 to 1000000'],
    ['bends not a list', answer(bracket({ bends: null })), 'products[0].bends: not a list (got null)'],
    ['a bend count not whole', answer(bracket({ bends: [{ length: 80, angle: 90, count: 1.5 }] })), 'products[0].bends[0].count: not a whole number from 1 to 10000'],
    ['a bend angle over 180', answer(bracket({ bends: [{ length: 80, angle: 270, count: 1 }] })), 'products[0].bends[0].angle: not an angle above 0 and at most 180 degrees'],
    ['a hole count over 10,000', answer(bracket({ holes: [{ diameter: 5, count: 10_001 }] })), 'products[0].holes[0].count: not a whole number from 1 to 10000'],
    ['a hole without diameter', answer(bracket({ holes: [{ diameter: null, count: 4 }] })), 'products[0].holes[0].diameter: not a number (got null)'],
    ['a hole with an extra field', answer(bracket({ holes: [{ diameter: 5, count: 4, thread: 'M6' }] })), 'products[0].holes[0].thread: not in the schema'],
    ['an empty operation', answer(bracket({ operations: ['laser cutting', ' '] })), 'products[0].operations[1]: empty'],
    ['an operation that is not text', answer(bracket({ operations: [{ name: 'bending' }] })), 'products[0].operations[0]: not a string (got object)'],
    ['a confidence missing', answer(bracket({ confidence: { ...SURE, holes: undefined } })), 'products[0].confidence.holes: missing'],
    ['a confidence above 1', answer(bracket({ confidence: { ...SURE, material: 1.2 } })), 'products[0].confidence.material: not a confidence from 0 to 1'],
    ['a confidence below 0', answer(bracket({ confidence: { ...SURE, name: -0.1 } })), 'products[0].confidence.name: not a confidence from 0 to 1'],
    ['a confidence as a percentage string', answer(bracket({ confidence: { ...SURE, name: '90%' } })), 'products[0].confidence.name: not a number (got string)'],
  ];

  it.each(cases)('%s', (_title, raw, message) => {
    const error = failure(() => parseExtraction(raw));
    expect(error.message).toBe(message);
  });

  it('refuses NaN and Infinity handed over as values (they cannot come from JSON, but from a caller)', () => {
    expect(failure(() => parseExtraction({ products: [bracket({ thickness: Number.NaN })] })).message).toBe('products[0].thickness: not a finite number');
    expect(failure(() => parseExtraction({ products: [bracket({ height: Number.POSITIVE_INFINITY })] })).message).toBe('products[0].height: not a finite number');
  });

  it('refuses partial output: an answer cut off in the middle of a product', () => {
    const whole = answer(bracket(), bracket({ name: 'Cover' }));
    const cut = whole.slice(0, whole.indexOf('Cover') + 20);
    expect(failure(() => parseExtraction(cut)).message).toBe('answer: not valid JSON');
  });

  it('refuses partial output: the second product only half filled in', () => {
    const half = { name: 'Cover', number: null, quantity: 10, material: 'AlMg3' };
    const error = failure(() => parseExtraction(answer(bracket(), half)));
    expect(error).toMatchObject({ path: 'products[1].thickness', reason: 'missing' });
  });
});

describe('lowConfidenceFields', () => {
  it('lists the fields under 0.6 in schema order; 0.6 itself is not low', () => {
    const [product] = parseExtraction(answer(bracket({ confidence: { ...SURE, material: 0.3, quantity: 0.59, thickness: 0.6, holes: 0 } })));
    expect(lowConfidenceFields(product)).toEqual(['quantity', 'material', 'holes']);
  });

  it('is empty when everything is stated plainly', () => {
    expect(lowConfidenceFields({ confidence: SURE })).toEqual([]);
  });
});

describe('decimal', () => {
  it.each([
    [3, '3'],
    [8.5, '8.5'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [1e21, '1000000000000000000000'],
    [1.25e22, '12500000000000000000000'],
    [-2.5e-8, '-0.000000025'],
  ])('%p → %s', (value, expected) => {
    expect(decimal(value)).toBe(expected);
  });

  it('keeps null', () => {
    expect(decimal(null)).toBeNull();
  });
});
