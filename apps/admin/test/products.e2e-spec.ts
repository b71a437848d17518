import { Locator, Page } from 'playwright-core';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, expectPath, gone, input, main, openPage, shown, SignedInProfile, signedInProfile, signInAs, sql, until } from './browser-helpers';

/**
 * Products in Chromium against the served product (API, worker, PostgreSQL, Redis): a product
 * built up through its tabs and calculated, with a figure of its tier table explained; then a
 * material price changed on the materials edit page, which the worker answers with a new
 * calculation of the product while the first keeps its price.
 */
describe('admin console: products', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  /** One browser profile for the file, signed in once through the sign-in page; each test opens its own tabs in it. */
  let profile: SignedInProfile;
  /** Made through the API in beforeAll: what the product screens choose from, and a product already calculated. */
  const given = {
    material: { id: '', name: 'DC01 steel 2 mm', number: 'DC01-2' },
    operation: { id: '', name: 'Laser cutting' },
    part: { id: '', name: 'Press nut M5', number: 'PN-M5' },
    calculated: { id: '', name: 'Bracket 90', firstUnitPrice: '' },
  };

  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Paul Products', privacyAccepted: true });
    const prepare = async () => {
      const [material, operation, part] = await Promise.all([
        created('materials', { name: given.material.name, number: given.material.number, density: 7.85, pricePerUnit: 2.4, priceUnit: 'kg' }),
        created('operations', { name: given.operation.name }),
        created('parts', { name: given.part.name, number: given.part.number, ownCost: 1.5 }),
      ]);
      given.material.id = material.id;
      given.operation.id = operation.id;
      given.part.id = part.id;
      // The product of the repricing test: its blank, a material line and an operation line, calculated once.
      const product = await created('products', {
        name: given.calculated.name,
        number: 'BR-90',
        type: 'single',
        status: 'manually_created',
        materialId: material.id,
        thickness: 2,
        blankWidth: 120,
        blankLength: 80,
      });
      await created('product-materials', { productId: product.id, materialId: material.id });
      await created('product-operations', { productId: product.id, sorting: 10, operationId: operation.id, timePerUnit: 2, hourlyRate: 65, programTime: 10, programRate: 80 });
      const calculation = await callApi<{ index: number; tiers: Array<{ unitPrice: string }> }>(stack, admin, 'POST', `products/${product.id}/calculations`);
      expect(calculation.index).toBe(1);
      given.calculated.id = product.id;
      given.calculated.firstUnitPrice = calculation.tiers[0].unitPrice;
    };
    [profile] = await Promise.all([signedInProfile(stack, admin), prepare()]);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The console at `path` in a new tab, already signed in as the administrator. */
  const open = (path: string) => profile.open(path);

  /** Types into an autocomplete and picks the option. */
  const choose = async (page: Page, scope: Locator, label: string, option: string, required = false) => {
    await input(scope, label, required).and(scope.getByRole('combobox')).fill(option.split(' (')[0]);
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  /** Opens a tab of the product (a sub-tab after its group) and waits for its table of `reference`. */
  const openTab = async (page: Page, id: string, tabs: string[], path: string, reference?: string) => {
    for (const tab of tabs) await page.getByRole('tab', { name: tab, exact: true }).click();
    await expectPath(page, `/products/${id}/${path}`);
    return reference ? shown(page.getByTestId(`child-records-${reference}`)) : main(page);
  };

  /** Adds a row in a child table's dialog: `fill` fills it, Save stores it and closes it; the caller waits for the row. */
  const addRow = async (page: Page, table: Locator, name: string, fill: (dialog: Locator) => Promise<void>) => {
    await table.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = await shown(page.getByRole('dialog', { name: `Add ${name}` }));
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await gone(dialog);
  };

  const cellRow = (table: Locator, text: string) => table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: text, exact: true }) });

  it('creates a product, gives it geometry and production, calculates it and explains a figure', async () => {
    const page = await open('/products/create');
    await withScreenshot(page, 'products-create-calculate', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Product' }));
      await input(dialog, 'Name', true).fill('Mounting plate');
      await input(dialog, 'Number', true).fill('MP-100');
      await choose(page, dialog, 'Material', `${given.material.name} (${given.material.number})`);
      await input(dialog, 'Thickness (mm)').fill('2');
      await input(dialog, 'Blank width (mm)').fill('100');
      await input(dialog, 'Blank length (mm)').fill('200');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/products\/[^/]+\/view$/.test(url.pathname));
      await expectNotice(page, 'Product created');
      const id = new URL(page.url()).pathname.split('/')[2];
      await shown(main(page).getByText(given.material.name, { exact: true }).first());

      // Geometry: an outer contour, a hole and a bend.
      const contours = await openTab(page, id, ['Geometry', 'Contours'], 'geometry/contours', 'product-contours');
      await addRow(page, contours, 'Contour', async (form) => {
        await form.getByRole('radio', { name: 'Outer' }).check();
        await input(form, 'Length (mm)', true).fill('600');
      });
      await shown(cellRow(contours, 'Outer'));
      const holes = await openTab(page, id, ['Holes'], 'geometry/holes', 'product-holes');
      await addRow(page, holes, 'Hole', async (form) => {
        await input(form, 'Diameter (mm)').fill('6');
      });
      await shown(holes.getByRole('cell', { name: 'Ø 6 mm' }));
      const bends = await openTab(page, id, ['Bends'], 'geometry/bends', 'product-bends');
      await addRow(page, bends, 'Bend', async (form) => {
        await input(form, 'Length (mm)').fill('100');
        await input(form, 'Angle (°)').fill('90');
      });
      await shown(cellRow(bends, 'standard'));

      // Production: the blank's material, a priced operation and a bought part.
      const materials = await openTab(page, id, ['Production', 'Materials'], 'production/materials', 'product-materials');
      await addRow(page, materials, 'Material', (form) => choose(page, form, 'Material', `${given.material.name} (${given.material.number})`, true));
      await shown(materials.getByText(given.material.name, { exact: true }));
      const operations = await openTab(page, id, ['Operations'], 'production/operations', 'product-operations');
      await addRow(page, operations, 'Operation', async (form) => {
        await choose(page, form, 'Operation', given.operation.name, true);
        await input(form, 'Time per piece (min)').fill('3');
        await input(form, 'Hourly rate').fill('60');
      });
      await shown(operations.getByText(given.operation.name, { exact: true }));
      const parts = await openTab(page, id, ['Parts'], 'production/parts', 'product-parts');
      await addRow(page, parts, 'Part or sub-assembly', async (form) => {
        await choose(page, form, 'Part', `${given.part.name} (${given.part.number})`, true);
        await input(form, 'Quantity per piece', true).fill('2');
      });
      await shown(parts.getByText(given.part.name, { exact: true }));

      // Calculate: the tier table lists the organization's tiers, each with a unit price.
      await openTab(page, id, ['Calculations'], 'calculations');
      await shown(main(page).getByText('Not calculated yet.', { exact: true }));
      await main(page).getByRole('button', { name: 'Calculate', exact: true }).click();
      await expectNotice(page, 'Calculation #1 stored');
      const breakdown = await shown(main(page).getByRole('table', { name: 'Breakdown per quantity tier' }));
      // Each tier's figures become buttons once the explained result has loaded.
      await shown(breakdown.getByRole('button', { name: /^Explain Unit price at 1 piece: / }));
      const tiers = await breakdown.locator('tbody th').allInnerTexts();
      expect(tiers.slice(0, 4)).toEqual(['1', '5', '10', '25']);
      const firstTier = breakdown.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) });
      expect(await firstTier.getByRole('button', { name: /^Explain Unit price at 1 piece: / }).innerText()).toMatch(/^€\d+\.\d{2}$/);

      // The material amount of tier 1 opens its explanation, with its formula.
      const material = firstTier.getByRole('button', { name: /^Explain Material at 1 piece: / });
      // 100 × 200 × 2 mm at 7.85 g/cm³ is 0.314 kg, at €2.40 per kg.
      expect(await material.innerText()).toContain('0.75');
      await material.click();
      const explanation = await shown(page.getByRole('dialog', { name: 'Material per piece at 1 piece' }));
      await shown(explanation.getByText('Formula', { exact: true }));
      const formula = await explanation.locator('code').first().innerText();
      expect(formula).toBe('Σ 0.7536');
      await shown(explanation.getByRole('tree', { name: 'Inputs' }).getByRole('treeitem').first());
      await explanation.getByRole('button', { name: 'Close', exact: true }).click();
      await gone(explanation);
    });
  });

  it("reprices a calculated product when its material's price changes on the materials edit page", async () => {
    const product = given.calculated;
    const page = await open(`/materials/${given.material.id}/edit`);
    await withScreenshot(page, 'products-repriced', async () => {
      // The form is filled once the material has loaded; only then is typing into it kept.
      await until(() => input(main(page), 'Name', true).inputValue(), given.material.name);
      await until(() => input(main(page), 'Price per unit').inputValue(), '2.40');
      await input(main(page), 'Price per unit').fill('3.1');
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/materials/${given.material.id}/view`);
      await expectNotice(page, 'Material saved');

      // The worker recalculates the product; its Calculations tab shows the new one once it is stored.
      await until(async () => (await sql<{ stored: number }>(stack, `SELECT count(*)::int AS stored FROM calculations WHERE product_id = $1`, [product.id]))[0].stored, 2);
      await page.goto(`${stack.baseUrl}/products/${product.id}/calculations`);
      const list = main(page).getByRole('table', { name: 'Calculations', exact: true });
      const row = (index: number) => list.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${index}`, exact: true }) });
      const repriced = await shown(row(2));
      await shown(repriced.getByRole('cell', { name: 'Repriced: a material price changed', exact: true }));

      // The first calculation is a snapshot: its unit price stays, the new one is higher.
      const unitPriceOf = async (line: Locator) => (await line.getByRole('cell').nth(3).innerText()).split(' · ')[0];
      const first = Number(product.firstUnitPrice).toFixed(2);
      expect(await unitPriceOf(row(1))).toBe(`€${first}`);
      const second = (await unitPriceOf(repriced)).replace(/[€,]/g, '');
      expect(Number(second)).toBeGreaterThan(Number(first));
      const stored = await sql<{ index: number; reason_phrase: object }>(stack, `SELECT index, reason_phrase FROM calculations WHERE product_id = $1 ORDER BY index`, [product.id]);
      expect(stored).toEqual([
        { index: 1, reason_phrase: { key: 'calculated_manually', params: { name: 'Paul Products' } } },
        { index: 2, reason_phrase: { key: 'reprice_reason', params: { what: { key: 'what_material' } } } },
      ]);
    });
  });

  it("explains a figure in German to a German user: the engine's words, not only the console's", async () => {
    const german = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: 'de', privacyAccepted: true });
    const { context: own, page } = await openPage(stack, '/login');
    try {
      await withScreenshot(page, 'products-explained-in-german', async () => {
        await signInAs(page, german);
        await page.goto(`${stack.baseUrl}/products/${given.calculated.id}/calculations`);
        const breakdown = await shown(main(page).getByRole('table', { name: 'Aufschlüsselung je Mengenstaffel' }));
        // The English-speaking administrator calculated it; a German reader reads why in German.
        await shown(main(page).getByRole('cell', { name: 'Kalkuliert von Paul Products', exact: true }));
        const firstTier = breakdown.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) });
        await firstTier.getByRole('button', { name: /^Material bei 1 Stück erklären: / }).click();
        const explanation = await shown(page.getByRole('dialog', { name: /^Material pro Stück bei 1 Stück/ }));
        await shown(explanation.getByText('Formel', { exact: true }));
        await explanation.getByTestId('figure-value').first().click();
        await shown(explanation.getByTestId('figure-exact').getByText(/^Genau: \d+,\d+ EUR$/));
        expect(await explanation.locator('code').first().innerText()).toMatch(/^Σ \d+,\d+$/);
        const inputs = explanation.getByRole('tree', { name: 'Eingaben' });
        await shown(inputs.getByText(`Materialzeile 1: ${given.material.name}`));
        expect(await inputs.innerText()).not.toMatch(/material line|per piece|price/);
        await explanation.getByRole('button', { name: 'Schließen', exact: true }).click();

        // German words are long: the page still fits the window, a wide table scrolls within its card.
        const fitsTheWindow = () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;
        const inView = async (locator: Locator) => {
          const box = (await locator.boundingBox())!;
          return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
        };
        expect(await fitsTheWindow()).toBe(true);
        expect(await inView(main(page).getByRole('button', { name: 'Kalkulieren', exact: true }))).toBe(true);
        await page.goto(`${stack.baseUrl}/products/${given.calculated.id}/production/operations`);
        await shown(page.getByTestId('child-records-product-operations').getByText(given.operation.name, { exact: true }));
        expect(await fitsTheWindow()).toBe(true);
        expect(await inView(page.getByRole('link', { name: 'Bearbeiten', exact: true }))).toBe(true);
        expect(await inView(page.getByTestId('child-records-product-operations').getByRole('button', { name: 'Hinzufügen', exact: true }))).toBe(true);
      });
    } finally {
      await own.close();
    }
  });

  describe('geometry at the speed of a drawing', () => {
    it('adds four Ø8 holes as one row, and shows the fields each hole kind has', async () => {
      const product = await created('products', { name: 'Flange plate', number: 'FL-4' });
      await created('product-contours', { productId: product.id, kind: 'outer', length: 400 });
      const page = await open(`/products/${product.id}/geometry/holes`);
      await withScreenshot(page, 'products-geometry-counts', async () => {
        const holes = await shown(page.getByTestId('child-records-product-holes'));
        await addRow(page, holes, 'Hole', async (form) => {
          await input(form, 'Count').fill('4');
          await input(form, 'Diameter (mm)').fill('8');
        });
        await shown(holes.getByRole('cell', { name: '4 × Ø 8 mm', exact: true }));
        // The derived figures count the row four times.
        const figures = main(page).getByRole('region', { name: 'Derived from the geometry' });
        await shown(figures.getByText('0 inner contours + 4 holes + 1 outer contour', { exact: true }));

        // A plain hole: diameter, through, the tolerance class and the count.
        await holes.getByRole('button', { name: 'Add', exact: true }).click();
        const dialog = await shown(page.getByRole('dialog', { name: 'Add Hole' }));
        const labels = async () => {
          const found: string[] = [];
          for (const label of ['Diameter (mm)', 'Size (mm)', 'Inner diameter (mm)', 'Outer diameter (mm)', 'Depth (mm)', 'Inner depth (mm)', 'Outer depth (mm)', 'Through', 'Count']) {
            if ((await input(dialog, label).count()) > 0) found.push(label);
          }
          return found;
        };
        const kind = async (name: string) => {
          await dialog.getByRole('combobox', { name: /^Kind/ }).click();
          await page.getByRole('option', { name, exact: true }).click();
        };
        await shown(dialog.getByRole('combobox', { name: /^Tolerance class/ }));
        expect(await labels()).toEqual(['Diameter (mm)', 'Through', 'Count']);
        // A thread: its size and depth only.
        await kind('Thread');
        await shown(input(dialog, 'Size (mm)'));
        expect(await labels()).toEqual(['Size (mm)', 'Depth (mm)', 'Count']);
        await shown(dialog.getByRole('combobox', { name: /^Tolerance class/ }));
        // A counterbore: inner and outer diameters and depths.
        await kind('Counterbore');
        await shown(input(dialog, 'Inner diameter (mm)'));
        expect(await labels()).toEqual(['Inner diameter (mm)', 'Outer diameter (mm)', 'Inner depth (mm)', 'Outer depth (mm)', 'Count']);
        // Saved as a thread M6, 10 mm deep: one more hole.
        await kind('Thread');
        await input(dialog, 'Size (mm)').fill('6');
        await input(dialog, 'Depth (mm)').fill('10');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await gone(dialog);
        const thread = await shown(cellRow(holes, 'Thread'));
        await shown(thread.getByRole('cell', { name: 'Ø 6 mm', exact: true }));
        await shown(figures.getByText('0 inner contours + 5 holes + 1 outer contour', { exact: true }));
        const stored = await sql<{ kind: string; count: number; diameter: string; depth: string | null; through: boolean }>(
          stack,
          `SELECT kind, count, diameter, depth, through FROM product_holes WHERE product_id = $1 ORDER BY created_at`,
          [product.id],
        );
        expect(stored).toEqual([
          { kind: 'hole', count: 4, diameter: '8.0000', depth: null, through: true },
          { kind: 'thread', count: 1, diameter: '6.0000', depth: '10.0000', through: false },
        ]);
      });
    });

    it('says one inner contour, one hole and one bend in the singular, in German and in English', async () => {
      const product = await created('products', { name: 'Washer plate', number: 'WP-1' });
      await created('product-contours', { productId: product.id, kind: 'outer', length: 200 });
      await created('product-contours', { productId: product.id, kind: 'inner', length: 50 });
      await created('product-holes', { productId: product.id, kind: 'hole', diameter: 5 });
      await created('product-bends', { productId: product.id, bendClass: 'standard', length: 50, angle: 90 });
      const german = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: 'de', privacyAccepted: true });
      const { context: own, page: inGerman } = await openPage(stack, '/login');
      try {
        await withScreenshot(inGerman, 'products-geometry-singular-de', async () => {
          await signInAs(inGerman, german);
          await inGerman.goto(`${stack.baseUrl}/products/${product.id}/geometry/holes`);
          const figures = await shown(main(inGerman).getByRole('region', { name: 'Aus der Geometrie abgeleitet' }));
          await shown(figures.getByText('1 Innenkontur + 1 Bohrung + 1 Außenkontur', { exact: true }));
          await shown(figures.getByText('1 Biegung', { exact: true }));
        });
      } finally {
        await own.close();
      }

      const page = await open(`/products/${product.id}/geometry/contours`);
      await withScreenshot(page, 'products-geometry-singular', async () => {
        const figures = await shown(main(page).getByRole('region', { name: 'Derived from the geometry' }));
        await shown(figures.getByText('1 inner contour + 1 hole + 1 outer contour', { exact: true }));
        await shown(figures.getByText('1 bend', { exact: true }));
        // The outer contour is one: its dialog takes no count, an inner contour's does.
        const contours = await shown(page.getByTestId('child-records-product-contours'));
        await contours.getByRole('button', { name: 'Add', exact: true }).click();
        const dialog = await shown(page.getByRole('dialog', { name: 'Add Contour' }));
        await dialog.getByRole('radio', { name: 'Outer' }).check();
        expect(await input(dialog, 'Count').count()).toBe(0);
        await dialog.getByRole('radio', { name: 'Inner' }).check();
        await input(dialog, 'Count').fill('2');
        await input(dialog, 'Length (mm)', true).fill('30');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await gone(dialog);
        await shown(figures.getByText('3 inner contours + 1 hole + 1 outer contour', { exact: true }));
      });
    });
  });
});

/**
 * The product form knows what it can know. Choosing a material fills the thickness
 * (a sheet's height); area, volume and weight per unit are worked out from the blank, the thickness and
 * the material's density while nobody typed them, and a typed value wins.
 */
describe('admin console: the product form works out what it can', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const sheets = {
    two: { id: '', name: 'S235 sheet 2 mm', number: 'S235-2' },
    three: { id: '', name: 'S235 sheet 3 mm', number: 'S235-3' },
  };
  const option = (sheet: { name: string; number: string }) => `${sheet.name} (${sheet.number})`;

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Fiona Form', privacyAccepted: true });
    const sheet = (entry: { name: string; number: string }, height: number) =>
      createRecord(stack, admin, 'materials', { name: entry.name, number: entry.number, height, width: 1500, length: 3000, density: 7.85, pricePerUnit: 1.2, priceUnit: 'kg' });
    const [two, three] = await Promise.all([sheet(sheets.two, 2), sheet(sheets.three, 3)]);
    sheets.two.id = two.id;
    sheets.three.id = three.id;
    profile = await signedInProfile(stack, admin);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  type Source = 'materialId' | 'thickness' | 'blankWidth' | 'blankLength' | 'area' | 'volume' | 'weightPerUnit';
  const LABELS: Record<'en' | 'de', Record<Source, string>> = {
    en: { materialId: 'Material', thickness: 'Thickness (mm)', blankWidth: 'Blank width (mm)', blankLength: 'Blank length (mm)', area: 'Area (m²)', volume: 'Volume (cm³)', weightPerUnit: 'Weight per unit (kg)' },
    de: { materialId: 'Material', thickness: 'Dicke (mm)', blankWidth: 'Zuschnittbreite (mm)', blankLength: 'Zuschnittlänge (mm)', area: 'Fläche (m²)', volume: 'Volumen (cm³)', weightPerUnit: 'Gewicht pro Stück (kg)' },
  };
  const FIGURES: Source[] = ['thickness', 'area', 'volume', 'weightPerUnit'];

  /** The product form's inputs by their labels in the reader's language, and the helper text under one. */
  const formOf = (scope: Locator, language: 'en' | 'de') => {
    const field = (source: Source) => input(scope, LABELS[language][source]);
    return {
      field,
      values: () => Promise.all(FIGURES.map((source) => field(source).inputValue())),
      helper: async (source: Source) => scope.page().locator(`[id="${await field(source).getAttribute('aria-describedby')}"]`),
      chooseMaterial: async (sheet: { name: string; number: string }) => {
        await field('materialId').and(scope.getByRole('combobox')).fill(sheet.name);
        await scope.page().getByRole('option', { name: option(sheet), exact: true }).click();
      },
    };
  };

  it('fills the thickness from the material and works out area, volume and weight per unit; a typed weight wins', async () => {
    const page = await profile.open('/products/create');
    await withScreenshot(page, 'products-form-derived-figures', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Product' }));
      await input(dialog, 'Name', true).fill('Derived bracket');
      await input(dialog, 'Number', true).fill('DB-17');
      const form = formOf(dialog, 'en');
      await form.chooseMaterial(sheets.two);
      await until(() => form.field('thickness').inputValue(), '2');
      await shown((await form.helper('thickness')).getByText('Taken from the material', { exact: true }));
      await shown((await form.helper('area')).getByText('Worked out from the blank width and length', { exact: true }));

      // 380 × 280 mm = 0.1064 m²; × 2 mm = 212.8 cm³; × 7.85 g/cm³ = 1.6705 kg.
      await form.field('blankWidth').fill('380');
      await form.field('blankLength').fill('280');
      await until(form.values, ['2', '0.1064', '212.8', '1.6705']);
      await shown((await form.helper('weightPerUnit')).getByText('Worked out: 1.6705 kg', { exact: true }));

      // A typed weight stays when the blank changes; area and volume follow it.
      await form.field('weightPerUnit').fill('1.5');
      await form.field('blankLength').fill('300');
      await until(form.values, ['2', '0.114', '228', '1.5']);
      await shown((await form.helper('weightPerUnit')).getByText('Typed in; worked out it would be 1.7898 kg', { exact: true }));
      await shown((await form.helper('volume')).getByText('Worked out: 228 cm³', { exact: true }));

      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL((url) => /^\/products\/[^/]+\/view$/.test(url.pathname));
      const [row] = await sql<Record<string, string>>(stack, `SELECT thickness, area, volume, weight_per_unit FROM products WHERE number = 'DB-17'`);
      expect([row.thickness, row.area, row.volume, row.weight_per_unit].map(Number)).toEqual([2, 0.114, 228, 1.5]);
    });
  });

  it('in German on the edit page: opening changes nothing; another material brings its thickness, the figures follow, a typed weight stays', async () => {
    const product = await createRecord(stack, admin, 'products', {
      name: 'Typed bracket',
      number: 'TB-17',
      type: 'single',
      status: 'manually_created',
      materialId: sheets.two.id,
      thickness: 2,
      blankWidth: 380,
      blankLength: 300,
      area: 0.114,
      volume: 228,
      weightPerUnit: 1.5,
    });
    const german = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], language: 'de', privacyAccepted: true });
    const { context, page } = await openPage(stack, '/login');
    try {
      await withScreenshot(page, 'products-form-derived-figures-de', async () => {
        await signInAs(page, german);
        await page.goto(`${stack.baseUrl}/products/${product.id}/edit`);
        const form = formOf(main(page), 'de');
        // The inputs write numbers the German way.
        await until(form.values, ['2', '0,114', '228', '1,5']);
        await shown((await form.helper('thickness')).getByText('Vom Material übernommen', { exact: true }));
        await shown((await form.helper('weightPerUnit')).getByText('Eingegeben; errechnet wären es 1,7898 kg', { exact: true }));
        await shown((await form.helper('area')).getByText('Errechnet: 0,114 m²', { exact: true }));
        // Opening the product left nothing to save.
        expect(await main(page).getByRole('button', { name: 'Speichern', exact: true }).isDisabled()).toBe(true);

        await form.chooseMaterial(sheets.three);
        // 380 × 300 × 3 mm = 342 cm³; the typed weight stays.
        await until(form.values, ['3', '0,114', '342', '1,5']);
        await shown((await form.helper('thickness')).getByText('Vom Material übernommen', { exact: true }));
        await shown((await form.helper('weightPerUnit')).getByText('Eingegeben; errechnet wären es 2,6847 kg', { exact: true }));
        // A thickness typed over the material's is said to differ.
        await form.field('thickness').fill('2,5');
        await shown((await form.helper('thickness')).getByText('Das Material ist 3 mm dick', { exact: true }));
        await form.field('thickness').fill('3');
        await main(page).getByRole('button', { name: 'Speichern', exact: true }).click();
        await expectPath(page, `/products/${product.id}/view`);
        const [row] = await sql<Record<string, string>>(stack, `SELECT material_id, thickness, area, volume, weight_per_unit FROM products WHERE id = $1`, [product.id]);
        expect(row.material_id).toBe(sheets.three.id);
        expect([row.thickness, row.area, row.volume, row.weight_per_unit].map(Number)).toEqual([3, 0.114, 342, 1.5]);
      });
    } finally {
      await context.close();
    }
  });
});
