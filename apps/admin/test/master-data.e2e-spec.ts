import { Locator, Page } from 'playwright-core';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { createRecord, expectNotice, expectPath, gone, input, main, shown, SignedInProfile, signedInProfile, sql, until } from './browser-helpers';

/**
 * The master-data areas (docs/architecture.md "Master data and products") in Chromium against the served product: per area
 * create → find in the list → view → edit → delete by typing DELETE, as a person does it;
 * then a child table (an asset's prices) and the 409 of a supplier still in use.
 */
describe('admin console: master data', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  /** One browser profile for the file, signed in once through the sign-in page; each test opens its own tabs in it. */
  let profile: SignedInProfile;
  /** Records the screens choose from (a material's group, a suppliable's supplier and part), made through the API. */
  const given = { group: 'AlMg3 aluminium', supplier: 'Bossard AG', part: 'Hinge 40 mm' };

  /** Creates a record through the API as the signed-in administrator, for what a test needs but does not do itself. */
  const created = (resource: string, body: object) => createRecord(stack, admin, resource, body);

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Mara Master', privacyAccepted: true });
    [profile] = await Promise.all([
      signedInProfile(stack, admin),
      created('groups', { name: given.group }),
      created('suppliers', { name: given.supplier, email: 'info@bossard.example' }),
      created('parts', { name: given.part, number: 'HG-40' }),
    ]);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The console at `path` in a new tab, already signed in as the administrator. */
  const open = (path: string) => profile.open(path);
  const menuEntry = (page: Page, area: string, name: string) =>
    page.getByRole('menuitem', { name, exact: true }).and(page.locator(`a[href="/${area}"]`));
  const viewPath = (area: string) => new RegExp(`^/${area}/[^/]+/view(/details)?$`);
  const expectPathLike = (page: Page, pattern: RegExp) => page.waitForURL((url) => pattern.test(url.pathname));
  const idIn = (page: Page) => new URL(page.url()).pathname.split('/')[2];

  /** Types into the list's search and waits until the list has applied it (after its pause, the search is in the address). */
  const search = async (page: Page, text: string) => {
    const box = page.getByPlaceholder('Search');
    await box.fill(text);
    await until(async () => new URL(page.url()).searchParams.get('filter')?.includes(JSON.stringify(text)) ?? false, true);
  };

  /** What the list shows when no row is left: react-admin's "No … found" under an active search, or the empty state. */
  const noRows = (page: Page) => page.getByTestId('empty-list').or(page.getByText(/^No .+ found/));

  interface Field {
    label: string;
    value: string;
    required?: boolean;
    /** An autocomplete: type the value and pick the option. */
    choose?: boolean;
  }

  interface AreaCase {
    area: string;
    /** Its menu entry, and its singular name as in "Create Asset". */
    menu: string;
    singular: string;
    /** What the create dialog is filled with: every required field, plus the references to choose. */
    fields: Field[];
    /** Searched for and found in the list (a name or a number). */
    key: string;
    /** Shown on the view page after creating (a referenced record by name). */
    alsoShown?: string[];
    /** The field changed on the edit page; the view then shows the new value. */
    edit: { label: string; value: string };
    /** How the delete dialog names the record, after the edit. */
    name: string;
  }

  const AREAS: AreaCase[] = [
    {
      area: 'assets',
      menu: 'Assets',
      singular: 'Asset',
      fields: [{ label: 'Name', value: 'TruLaser 3030', required: true }],
      key: 'TruLaser 3030',
      edit: { label: 'Fab number', value: 'M-3030' },
      name: 'TruLaser 3030',
    },
    {
      area: 'operations',
      menu: 'Operations',
      singular: 'Operation',
      fields: [{ label: 'Name', value: 'Deburring', required: true }],
      key: 'Deburring',
      edit: { label: 'External fabrication number', value: 'OP-77' },
      name: 'Deburring',
    },
    {
      area: 'customers',
      menu: 'Customers',
      singular: 'Customer',
      fields: [{ label: 'Name', value: 'Müller Maschinenbau', required: true }],
      key: 'Müller Maschinenbau',
      edit: { label: 'City', value: 'Stuttgart' },
      name: 'Müller Maschinenbau',
    },
    {
      area: 'suppliers',
      menu: 'Suppliers',
      singular: 'Supplier',
      fields: [
        { label: 'Name', value: 'Blechhandel Süd', required: true },
        { label: 'Email', value: 'sales@blech-sued.example', required: true },
      ],
      key: 'Blechhandel Süd',
      edit: { label: 'City', value: 'München' },
      name: 'Blechhandel Süd',
    },
    {
      area: 'factors',
      menu: 'Factors',
      singular: 'Factor',
      fields: [
        { label: 'Name', value: 'Energy surcharge', required: true },
        { label: 'Value', value: '1.05', required: true },
      ],
      key: 'Energy surcharge',
      edit: { label: 'Value', value: '1.075' },
      name: 'Energy surcharge',
    },
    {
      area: 'groups',
      menu: 'Groups',
      singular: 'Group',
      fields: [{ label: 'Name', value: 'S235 steel', required: true }],
      key: 'S235 steel',
      edit: { label: 'Description', value: 'Structural steel, hot rolled' },
      name: 'S235 steel',
    },
    {
      area: 'materials',
      menu: 'Materials',
      singular: 'Material',
      fields: [
        { label: 'Name', value: 'AlMg3 3 mm', required: true },
        { label: 'Number', value: 'AL-3', required: true },
        { label: 'Group', value: given.group, choose: true },
      ],
      key: 'AL-3',
      alsoShown: [given.group],
      edit: { label: 'Name', value: 'AlMg3 3 mm pickled' },
      name: 'AlMg3 3 mm pickled',
    },
    {
      area: 'parts',
      menu: 'Parts',
      singular: 'Part',
      fields: [
        { label: 'Name', value: 'Press nut M6', required: true },
        { label: 'Number', value: 'PN-M6', required: true },
      ],
      key: 'PN-M6',
      edit: { label: 'Description', value: 'Zinc plated steel' },
      name: 'Press nut M6',
    },
    {
      area: 'suppliables',
      menu: 'Suppliables',
      singular: 'Suppliable',
      fields: [
        { label: 'Number', value: 'B-4711', required: true },
        { label: 'Supplier', value: given.supplier, required: true, choose: true },
        { label: 'Part', value: given.part, choose: true },
      ],
      key: 'B-4711',
      alsoShown: [given.supplier, given.part],
      edit: { label: 'Second number', value: 'ART-99' },
      name: 'B-4711',
    },
  ];

  const fill = async (page: Page, scope: Locator, field: Field) => {
    const labelled = input(scope, field.label, field.required);
    // "Part" also names a radio button of the suppliable's type.
    const box = field.choose ? labelled.and(scope.getByRole('combobox')) : labelled;
    await box.fill(field.value);
    if (field.choose) await page.getByRole('option', { name: field.value, exact: true }).click();
  };

  /** Deletes the record on its view page: the dialog's button stays off until DELETE is typed. */
  const deleteByTyping = async (page: Page, name: string) => {
    await main(page).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = await shown(page.getByRole('dialog', { name: `Delete ${name}?` }));
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('delete-confirmation-input').fill('DELETE');
    await confirm.click();
    return dialog;
  };

  it.each(AREAS)('$area: create → find in the list → view → edit → delete by typing DELETE', async (area) => {
    const page = await open(`/${area.area}`);
    await withScreenshot(page, `master-data-${area.area}`, async () => {
      // The toolbar's Create, or the empty list's when the area has no record yet.
      await page.getByRole('link', { name: 'Create', exact: true }).first().click();
      await expectPath(page, `/${area.area}/create`);
      const dialog = await shown(page.getByRole('dialog', { name: `Create ${area.singular}` }));
      for (const field of area.fields) await fill(page, dialog, field);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      // Saving opens the new record's view.
      await expectPathLike(page, viewPath(area.area));
      await expectNotice(page, `${area.singular} created`);
      const id = idIn(page);
      for (const text of [area.key, ...(area.alsoShown ?? [])]) await shown(main(page).getByText(text, { exact: true }).first());

      // Back to the list, where searching finds the row, which opens the record.
      await menuEntry(page, area.area, area.menu).click();
      await expectPath(page, `/${area.area}`);
      await search(page, area.key);
      await main(page).getByRole('cell', { name: area.key, exact: true }).click();
      await expectPathLike(page, viewPath(area.area));
      expect(idIn(page)).toBe(id);

      // Edit a field and save: the view shows the change.
      await main(page).getByRole('link', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/${area.area}/${id}/edit`);
      // The form is filled once the record has loaded; only then is typing into it kept.
      const [first] = area.fields;
      await until(() => input(main(page), first.label, first.required).inputValue(), first.value);
      const edited = input(main(page), area.edit.label, area.fields.some((field) => field.label === area.edit.label && field.required));
      await edited.fill(area.edit.value);
      await main(page).getByRole('button', { name: 'Save', exact: true }).click();
      await expectPathLike(page, viewPath(area.area));
      await expectNotice(page, `${area.singular} saved`);
      await shown(main(page).getByText(area.edit.value, { exact: true }).first());

      // Delete by typing DELETE: back on the list, the search finds nothing any more.
      await gone(await deleteByTyping(page, area.name));
      await expectNotice(page, `${area.singular} deleted`);
      await expectPath(page, `/${area.area}`);
      await search(page, area.key);
      await shown(noRows(page));
      expect(await main(page).getByRole('cell', { name: area.key, exact: true }).count()).toBe(0);
    });
  });

  it("adds a price by quantity on an asset's Prices tab and lists it", async () => {
    const asset = await created('assets', { name: 'Press brake 135t' });
    const page = await open(`/assets/${asset.id}/view`);
    await withScreenshot(page, 'master-data-asset-prices', async () => {
      await shown(main(page).getByText('Press brake 135t', { exact: true }).first());
      await page.getByRole('tab', { name: 'Prices' }).click();
      await expectPath(page, `/assets/${asset.id}/prices`);
      const prices = await shown(page.getByTestId('child-records-asset-prices'));
      await shown(prices.getByText('No data found'));
      await prices.getByRole('button', { name: 'Add' }).click();
      const dialog = await shown(page.getByRole('dialog', { name: 'Add Price by quantity' }));
      await input(dialog, 'From quantity', true).fill('50');
      await input(dialog, 'Price per piece').fill('12.5');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await gone(dialog);
      await expectNotice(page, 'Price by quantity created');
      const row = await shown(prices.getByRole('row').filter({ has: page.getByRole('cell', { name: '50', exact: true }) }));
      await shown(row.getByRole('cell', { name: '€12.50', exact: true }));
      const rows = await sql<{ quantity: string; price: string }>(stack, `SELECT quantity, price FROM asset_prices WHERE asset_id = $1`, [asset.id]);
      expect(rows.map((price) => [Number(price.quantity), Number(price.price)])).toEqual([[50, 12.5]]);
    });
  });

  it('keeps a supplier that still has a suppliable, with the 409 notice', async () => {
    const supplier = await created('suppliers', { name: 'Stahlhandel Nord', email: 'sales@stahl-nord.example' });
    const part = await created('parts', { name: 'Press nut M8', number: 'PN-M8' });
    await created('suppliables', { type: 'part', number: 'SN-M8', supplierId: supplier.id, partId: part.id });
    const page = await open(`/suppliers/${supplier.id}/view`);
    await withScreenshot(page, 'master-data-supplier-in-use', async () => {
      // The view lists what the supplier supplies.
      await shown(main(page).getByRole('cell', { name: 'SN-M8', exact: true }));
      const dialog = await deleteByTyping(page, 'Stahlhandel Nord');
      await expectNotice(page, 'Can not delete: still used by suppliables (1)');
      // Nothing went: the supplier is still there, and so is its page.
      await expectPath(page, `/suppliers/${supplier.id}/view`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await gone(dialog);
      await shown(main(page).getByText('Stahlhandel Nord', { exact: true }).first());
      expect(await sql(stack, `SELECT id FROM suppliers WHERE id = $1`, [supplier.id])).toHaveLength(1);
    });
  });

  /** A material's weight follows from its dimensions and density, unless typed. */
  it("works out a material's weight from its dimensions and density; a typed weight wins", async () => {
    const page = await open('/materials/create');
    await withScreenshot(page, 'master-data-material-weight', async () => {
      const dialog = await shown(page.getByRole('dialog', { name: 'Create Material' }));
      await input(dialog, 'Name', true).fill('DC01 3 mm sheet');
      await input(dialog, 'Number', true).fill('DC01-3-SHEET');
      const weight = input(dialog, 'Weight (kg)');
      const helper = page.locator(`[id="${await weight.getAttribute('aria-describedby')}"]`);
      await input(dialog, 'Height (mm)').fill('3');
      await input(dialog, 'Width (mm)').fill('1500');
      await input(dialog, 'Length (mm)').fill('3000');
      // Nothing to work out without a density.
      expect(await weight.inputValue()).toBe('');
      await shown(helper.getByText('Worked out from height, width, length and density', { exact: true }));
      await input(dialog, 'Density (g/cm³)').fill('7.85');
      // 3 × 1500 × 3000 mm = 13,500 cm³ at 7.85 g/cm³.
      await until(() => weight.inputValue(), '105.975');
      await shown(helper.getByText('Worked out: 105.975 kg', { exact: true }));
      // It follows the dimensions …
      await input(dialog, 'Width (mm)').fill('1000');
      await until(() => weight.inputValue(), '70.65');
      // … until a weight is typed: then the typed one stays, and the helper says what it would be.
      await weight.fill('71');
      await input(dialog, 'Length (mm)').fill('2000');
      await shown(helper.getByText('Typed in; worked out it would be 47.1 kg', { exact: true }));
      expect(await weight.inputValue()).toBe('71');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectPathLike(page, viewPath('materials'));
      const [row] = await sql<{ weight: string; density: string }>(stack, `SELECT weight, density FROM materials WHERE number = 'DC01-3-SHEET'`);
      expect([Number(row.weight), Number(row.density)]).toEqual([71, 7.85]);
    });
  });

  /** Identical rates are refused like overlapping price bands, the API's reason beside the field. */
  it("refuses a tying cutting rate and a second bending rate for a class on an asset's Prices tab, beside the field", async () => {
    const asset = await created('assets', { name: 'Laser and brake cell', calculateByTime: true, timeModel: 'bending' });
    await Promise.all([
      created('asset-cutting-rates', { assetId: asset.id, cutSpeed: 1000, pierceTime: 2 }),
      created('asset-bending-rates', { assetId: asset.id, bendClass: 'standard', seconds: 12 }),
    ]);
    const page = await open(`/assets/${asset.id}/prices`);
    await withScreenshot(page, 'master-data-rate-ties', async () => {
      const bending = await shown(page.getByTestId('child-records-asset-bending-rates'));
      await shown(bending.getByRole('cell', { name: 'standard', exact: true }));
      await bending.getByRole('button', { name: 'Add', exact: true }).click();
      const bendDialog = await shown(page.getByRole('dialog', { name: 'Add Bending rate' }));
      await input(bendDialog, 'Bend class', true).fill('Standard');
      await input(bendDialog, 'Seconds per bend', true).fill('15');
      await bendDialog.getByRole('button', { name: 'Save', exact: true }).click();
      const bendClass = input(bendDialog, 'Bend class', true);
      await shown(page.locator(`[id="${await bendClass.getAttribute('aria-describedby')}"]`).getByText('This machine already has a rate for bend class standard; change that rate instead of adding a second one', { exact: true }));
      // Another class is taken.
      await input(bendDialog, 'Bend class', true).fill('long');
      await bendDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await gone(bendDialog);
      await shown(bending.getByRole('cell', { name: 'long', exact: true }));

      // A second catch-all cutting rate ties with the first at every thickness.
      const cutting = await shown(page.getByTestId('child-records-asset-cutting-rates'));
      await cutting.getByRole('button', { name: 'Add', exact: true }).click();
      const cutDialog = await shown(page.getByRole('dialog', { name: 'Add Cutting rate' }));
      await input(cutDialog, 'Cut speed (mm/min)', true).fill('1200');
      await cutDialog.getByRole('button', { name: 'Save', exact: true }).click();
      const thicknessFrom = input(cutDialog, 'Thickness from (mm)');
      await shown(page.locator(`[id="${await thicknessFrom.getAttribute('aria-describedby')}"]`).getByText(/^Another cutting rate of this machine for the same material group \(0–∞ mm\) overlaps/));
      // Leaving the refused rate unsaved is confirmed first.
      page.once('dialog', (question) => void question.accept());
      await cutDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await gone(cutDialog);
      const rates = await sql<{ bend_class: string }>(stack, `SELECT bend_class FROM asset_bending_rates WHERE asset_id = $1 ORDER BY bend_class`, [asset.id]);
      expect(rates.map((rate) => rate.bend_class)).toEqual(['long', 'standard']);
      expect(await sql(stack, `SELECT id FROM asset_cutting_rates WHERE asset_id = $1`, [asset.id])).toHaveLength(1);
    });
  });
});
