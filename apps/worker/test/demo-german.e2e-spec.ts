import { INestApplicationContext } from '@nestjs/common';
import { explainCalculation } from '@fabquote/calculations';
import { DEMO_GERMAN } from '@fabquote/database';
import { Figure, PricedTiers, PricingRequest } from '@fabquote/pricing';
import { createTestDatabase, eventually, onServer, TestDatabase, testConfig } from '@fabquote/testing';
import { DEMO, DEMO_AWARD, DEMO_SURVEY, DEMO_SURVEY_DE, seedDemo, SeededDemo } from '../../../scripts/cli/demo';
import { startTestWorker } from '../../test-support';

jest.setTimeout(180_000);

/**
 * The demo organization created with `--locale de` (scripts/cli/org.ts calls seedDemo
 * with the locale) is a German shop: its machines, operations, materials, customers, parts, products,
 * purchase request and orders read German, and it works like the English one (award, calculations,
 * ratings, the survey's drawing read).
 */
describe('the demo organization created in German', () => {
  let db: TestDatabase;
  let worker: INestApplicationContext;
  let demo: SeededDemo;
  const sql = async (text: string, parameters: unknown[] = []) => (await onServer((client) => client.query(text, parameters), db.url)).rows;
  const column = async (query: string) => (await sql(query)).map((row) => Object.values(row)[0] as string);

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db);
    demo = await seedDemo(config, 'de');
    worker = await startTestWorker(config);
    await eventually(
      async () => {
        const [{ waiting }] = await sql(`SELECT count(*)::int AS waiting FROM outbox_events e WHERE NOT EXISTS (SELECT 1 FROM handled_jobs h WHERE h.job_id = e.id::text)`);
        return waiting === 0;
      },
      60_000,
      'the demo\'s jobs',
    );
  });

  afterAll(async () => {
    await worker?.close();
    await db?.drop();
  });

  it('is a German organization, seeded once, awarded and every product calculated like the English demo', async () => {
    expect(demo.organization).toMatchObject({ slug: DEMO.slug, defaultLocale: 'de' });
    expect(demo.seeded?.award).toEqual({ supplier: DEMO_AWARD.supplier });
    expect(demo.seeded?.run.failed).toEqual([]);
    expect(demo.seeded?.run.calculated).toHaveLength(6);
    expect(await sql(`SELECT language_code FROM users WHERE email = $1`, [DEMO.email])).toEqual([{ language_code: 'de' }]);
    // A second start finds the shop (and its language) as it was.
    const again = await seedDemo(testConfig(db));
    expect(again.seeded).toBeNull();
    expect(again.organization.defaultLocale).toBe('de');
  });

  it('names its machines, operations, materials, parts and products in German', async () => {
    expect(await sql(`SELECT fab_number, name FROM assets ORDER BY fab_number`)).toEqual([
      { fab_number: 'M-01', name: 'TruLaser 3030 fiber (Laserschneidanlage)' },
      { fab_number: 'M-02', name: 'TruBend 5130 (Abkantpresse)' },
      { fab_number: 'M-03', name: 'WIG-Schweißplatz' },
    ]);
    expect(await column(`SELECT name FROM operations ORDER BY fab_number`)).toEqual([
      'Laserschneiden',
      'Abkanten',
      'Entgraten',
      'WIG-Schweißen',
      'Einpressmuttern setzen',
      'Pulverbeschichten (Zukauf)',
      'Gewindeschneiden (Zukauf)',
    ]);
    expect(await sql(`SELECT name, description FROM material_groups ORDER BY name`)).toEqual([
      { name: 'Aluminium AlMg3', description: 'Aluminium EN AW-5754 H111' },
      { name: 'Baustahl S235', description: 'Baustahl S235JR, kaltgewalzt' },
      { name: 'Edelstahl 1.4301', description: 'Edelstahl X5CrNi18-10, Oberfläche 2B' },
    ]);
    // Thicknesses with a decimal comma; the numbers (codes) as in English.
    expect(await sql(`SELECT number, name FROM materials WHERE number IN ('S235-15', '14301-3') ORDER BY number`)).toEqual([
      { number: '14301-3', name: '14301 3 mm' },
      { number: 'S235-15', name: 'S235 1,5 mm' },
    ]);
    expect(await sql(`SELECT number, name, description, unit FROM parts WHERE number IN ('PN-M5', 'HG-40') ORDER BY number`)).toEqual([
      { number: 'HG-40', name: 'Scharnier 40 mm', description: 'Anschweißscharnier, Edelstahl', unit: 'Stück' },
      { number: 'PN-M5', name: 'Einpressmutter M5', description: 'Einpressmutter M5, Stahl verzinkt', unit: 'Stück' },
    ]);
    expect(await sql(`SELECT number, name, category FROM products WHERE number LIKE 'HS-%' OR number LIKE 'BR-%' ORDER BY number`)).toEqual([
      { number: 'BR-100', name: 'Montagewinkel', category: 'Blechteil' },
      { number: 'HS-200', name: 'Schaltschrankgehäuse', category: 'Baugruppe' },
      { number: 'HS-200-C', name: 'Gehäusedeckel', category: 'Blechteil' },
      { number: 'HS-200-D', name: 'Gehäusetür (Unterbaugruppe)', category: 'Baugruppe' },
      { number: 'HS-200-DP', name: 'Türblatt', category: 'Blechteil' },
      { number: 'HS-200-S', name: 'Gehäuseseitenwand', category: 'Blechteil' },
    ]);
    expect(await column(`SELECT name FROM factors ORDER BY value`)).toEqual(['Fracht und Verpackung', 'Energiezuschlag', 'Gemeinkosten und Gewinn']);
  });

  it('has German customers\' and suppliers\' countries, a German purchase request and German order names', async () => {
    expect(await sql(`SELECT account_number, country FROM customers ORDER BY account_number`)).toEqual([
      { account_number: 'K-10001', country: 'Deutschland' },
      { account_number: 'K-10002', country: 'Schweiz' },
      { account_number: 'K-10003', country: 'Vereinigtes Königreich' },
    ]);
    expect(new Set(await column(`SELECT country FROM suppliers`))).toEqual(new Set(['Deutschland', 'Vereinigtes Königreich', 'Litauen']));
    expect(await sql(`SELECT name, additional_information FROM purchase_requests`)).toEqual([
      {
        name: 'Beschichtung Gehäusetür, Gewinde Montagewinkel und Scharniere',
        additional_information: 'Pulverbeschichtung RAL 7035 Feinstruktur, 80 µm; die Scharniere werden vor dem Beschichten angeschweißt. Lieferung nach Stuttgart.',
      },
    ]);
    const orders = await column(`SELECT name FROM orders ORDER BY created_at`);
    expect(orders).toHaveLength(15);
    expect(orders).toEqual(expect.arrayContaining(['Montagewinkel für Linie 3', 'Gehäuse-Prototyp', 'Gehäuse für die Nachrüstung', 'Schaltschrankgehäuse Serie A']));
    expect(await column(`SELECT DISTINCT unit_price_reason FROM order_items WHERE unit_price_reason IS NOT NULL`)).toEqual(['Rahmenvertrag 2026']);
    expect(await column(`SELECT coalesce(text || ' (' || unit || ')', text) FROM order_items WHERE kind <> 'product' ORDER BY position`)).toEqual([
      'Fracht (pauschal)',
      'Lieferung in zwei Teilen: zuerst die Gehäuse, die Halter eine Woche später.',
    ]);
    // The settings that are words are German too; the codes the product reads are not translated.
    expect(await sql(`SELECT slug, value FROM settings WHERE slug IN ('payment-terms', 'shipping-methods', 'price-units') ORDER BY slug`)).toEqual([
      { slug: 'payment-terms', value: ['30 Tage netto', '14 Tage 2 % Skonto, 30 Tage netto'] },
      { slug: 'price-units', value: ['kg', 'm²', 'sheet', 'piece'] },
      { slug: 'shipping-methods', value: ['Abholung', 'Paket', 'Spedition'] },
    ]);
    // The order for the English customer is still written to them in English.
    expect(await sql(`SELECT DISTINCT o.language, o.payment_terms FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.account_number = 'K-10003'`)).toEqual([
      { language: 'en', payment_terms: '30 days net' },
    ]);
  });

  it('keeps none of the English demo\'s own texts (names of firms and codes aside)', async () => {
    const english = new Set(Object.entries(DEMO_GERMAN).filter(([en, de]) => en !== de).map(([en]) => en));
    const texts = [
      ...(await column(`SELECT name FROM assets`)),
      ...(await column(`SELECT name FROM operations`)),
      ...(await sql(`SELECT name, description FROM material_groups`)).flatMap((row) => [row.name, row.description]),
      ...(await sql(`SELECT name, description, unit FROM parts`)).flatMap((row) => [row.name, row.description, row.unit]),
      ...(await sql(`SELECT name, category FROM products`)).flatMap((row) => [row.name, row.category]),
      ...(await column(`SELECT country FROM customers`)),
      ...(await column(`SELECT country FROM suppliers`)),
      ...(await column(`SELECT name FROM factors`)),
      ...(await column(`SELECT name FROM purchase_requests`)),
      ...(await column(`SELECT name FROM orders`)),
      ...(await column(`SELECT title FROM surveys`)),
    ];
    expect(texts.length).toBeGreaterThan(60);
    expect(texts.filter((text) => english.has(text))).toEqual([]);
    expect(texts).not.toContain(DEMO_SURVEY.title);
  });

  it('reads the German survey\'s drawing into a product named after the file, and explains prices with German dates', async () => {
    const [input] = await sql(`SELECT i.status, s.title FROM survey_inputs i JOIN surveys s ON s.id = i.survey_id WHERE i.file_name = $1`, [DEMO_SURVEY_DE.fileName]);
    expect(input).toEqual({ status: 'success', title: DEMO_SURVEY_DE.title });
    const [product] = await sql(`SELECT p.name, m.number AS material FROM survey_products sp JOIN products p ON p.id = sp.product_id LEFT JOIN materials m ON m.id = p.material_id`);
    expect(product).toEqual({ name: 'Abdeckblech S235-3 3mm', material: 'S235-3' });

    // The coated door's explanation as a German reader gets it: German factor names, dates as 23.11.26.
    const [{ inputs, result }] = await sql(`SELECT c.inputs, c.result FROM calculations c JOIN products p ON p.id = c.product_id WHERE p.number = 'HS-200-D' ORDER BY c.index DESC LIMIT 1`);
    const explained = explainCalculation(inputs as PricingRequest, result as PricedTiers, 'de');
    const texts = (figure: Figure): string[] => [figure.formula, ...Object.entries(figure.inputs).flatMap(([name, input]) => [name, ...(typeof input === 'string' ? [input] : texts(input))])];
    const all = explained!.tiers.flatMap((tier) => [tier.unitPrice, tier.material.unit, tier.labor.unit, tier.purchase.unit].flatMap(texts)).join('\n');
    expect(all).toContain('Energiezuschlag (Faktor der Organisation, gültig 01.01.26 – 31.12.26)');
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
