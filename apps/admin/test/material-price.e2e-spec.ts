import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { createRecord, expectNotice, gone, input, main, shown, SignedInProfile, signedInProfile, sql, until } from './browser-helpers';

/**
 * In Chromium, in German (docs/architecture.md "Master data and products"): a material's page and form say which price the engine takes today
 * and why, a price per unit the group's list overrules is called out while typing and after saving, and a
 * price added to the history takes over on the prices tab.
 */
describe('admin console: the price in effect of a material', () => {
  let stack: BrowserStack;
  let clerk: TestUser;
  let profile: SignedInProfile;

  beforeAll(async () => {
    stack = await BrowserStack.start();
    clerk = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Mara Material', language: 'de', privacyAccepted: true });
    profile = await signedInProfile(stack, clerk);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("shows the group's list at the material's thickness in German, warns that a new price per unit is overruled, and follows the price history", async () => {
    const group = await createRecord(stack, clerk, 'groups', { name: 'S235' });
    await createRecord(stack, clerk, 'group-prices', { groupId: group.id, price: 1.85, minThickness: 1, maxThickness: 3, validFrom: '2020-01-01' });
    await createRecord(stack, clerk, 'group-prices', { groupId: group.id, price: 2.1, minThickness: 3.5, minQuantity: 100, validFrom: '2020-01-01' });
    const material = await createRecord(stack, clerk, 'materials', { name: 'S235 2 mm', number: 'S235-2', groupId: group.id, height: 2, density: 7.85, priceUnit: 'kg', pricePerUnit: 1.2 });

    const page = await profile.open(`/materials/${material.id}/view`);
    await withScreenshot(page, 'material-price-in-effect', async () => {
      const panel = await shown(main(page).getByTestId('price-in-effect'));
      await shown(panel.getByText('Heute gültiger Preis', { exact: true }));
      await shown(panel.getByText('Gültig: Preisliste der Gruppe S235 bei 2 mm, 1,85\u00a0€ / kg', { exact: true }));
      await shown(panel.getByText('Die Preisliste der Gruppe S235 gilt bei 2 mm: sie hat Vorrang vor dem Preis je Einheit des Materials', { exact: true }));
      await shown(panel.getByText('Die Preisliste der Gruppe S235 gilt heute für: 1–3 mm, ab 3,5 mm (ab 100 Stück)', { exact: true }));
      await shown(panel.getByText('Der Preis je Einheit wird heute nicht verwendet: eine Änderung ändert keinen Preis.', { exact: true }));

      // On the form, a new price per unit is called out while it is typed …
      await page.goto(`${stack.baseUrl}/materials/${material.id}/edit`);
      const form = main(page);
      const formPanel = await shown(form.getByTestId('price-in-effect'));
      await input(form, 'Preis je Einheit').fill('3,5');
      await shown(formPanel.getByText('Dieser Preis je Einheit wird nicht verwendet: der gültige Preis hat Vorrang, eine Änderung ändert also keinen Preis.', { exact: true }));
      // … and, saved, the notice says it changes no price.
      await form.getByRole('button', { name: 'Speichern', exact: true }).click();
      await page.waitForURL(/\/materials\/[0-9a-f-]{36}\/view$/);
      await expectNotice(
        page,
        'Gespeichert. Der neue Preis je Einheit ändert heute keinen Preis: Die Preisliste der Gruppe S235 gilt bei 2 mm: sie hat Vorrang vor dem Preis je Einheit des Materials.',
      );
      const [row] = await sql<{ price_per_unit: string }>(stack, `SELECT price_per_unit FROM materials WHERE id = $1`, [material.id]);
      expect(Number(row.price_per_unit)).toBe(3.5);

      // A price of its own history, added on the prices tab, takes precedence from its day on.
      await page.goto(`${stack.baseUrl}/materials/${material.id}/prices`);
      const prices = main(page);
      await shown(prices.getByTestId('price-in-effect').getByText('Gültig: Preisliste der Gruppe S235 bei 2 mm, 1,85\u00a0€ / kg', { exact: true }));
      await prices.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
      const dialog = await shown(page.getByRole('dialog'));
      await input(dialog, 'Preis', true).fill('1,15');
      await input(dialog, 'Gültig ab', true).fill('01.06.2020');
      await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
      await gone(dialog);
      const panel2 = prices.getByTestId('price-in-effect');
      await shown(panel2.getByText('Gültig: eigener Preis ab 01.06.20, 1,15\u00a0€ / kg', { exact: true }));
      await until(() => panel2.getAttribute('data-source'), 'own');
    });
  });
});
