import { readFile } from 'node:fs/promises';
import { Page } from 'playwright-core';
import { encodePng } from '@fabquote/database';
import { createTestUser, TestUser, withScreenshot } from '@fabquote/testing';
import { readPdfText } from '../../../libs/documents/test/read-pdf-text';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, expectPath, gone, input, main, shown, SignedInProfile, signedInProfile, until } from './browser-helpers';

/** react-admin's question before unsaved changes are left, in German. */
const UNSAVED_CHANGES = 'Einige Ihrer Änderungen wurden nicht gespeichert. Möchten Sie sie wirklich verwerfen?';

/** A phone: 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };

/**
 * In Chromium (docs/api-orders.md "Company profile"): the company profile filled in by a German clerk in German notation, a logo
 * uploaded and seen, saved and still there after a reload, the offer's PDF printed from it with the logo;
 * the page asks before unsaved changes are lost and fits a phone.
 */
describe('admin console: the company profile', () => {
  let stack: BrowserStack;
  let admin: TestUser;
  let profile: SignedInProfile;
  const logo = encodePng(120, 40, (x) => (x < 60 ? [31, 78, 121, 255] : [230, 126, 34, 255]));

  beforeAll(async () => {
    stack = await BrowserStack.start();
    admin = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Paula Profil', language: 'de', privacyAccepted: true });
    profile = await signedInProfile(stack, admin);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
  /** Writes the profile or its logo through the API, for what a test needs but does not do through the screens. */
  const putProfile = async (path: string, body: object | FormData) => {
    const json = !(body instanceof FormData);
    const response = await fetch(`${stack.baseUrl}/api/v1/${path}`, {
      method: 'PUT',
      headers: { ...admin.headers, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
  };

  it('is found in the Settings group, filled in German notation with a logo, saved, and still there after a reload; the offer prints it', async () => {
    const page = await profile.open('/dashboard');
    await withScreenshot(page, 'company-profile-fill', async () => {
      // In the menu's Settings group, beside the settings themselves.
      await shown(page.getByRole('menuitem', { name: 'Einstellungen', exact: true }).and(page.locator(':not(a)')));
      await page.getByRole('menuitem', { name: 'Firmenprofil', exact: true }).and(page.locator('a[href="/company-profile"]')).click();
      await expectPath(page, '/company-profile');
      await shown(main(page).getByText('Noch kein Logo', { exact: true }));

      const company = section(page, 'Firma');
      await input(company, 'Firmenname').fill('Demo Metallbau GmbH & Co. KG');
      await input(company, 'Anschrift').fill('Industriestraße 5\n70565 Stuttgart\nDeutschland');
      const contact = section(page, 'Kontakt');
      await input(contact, 'Telefon').fill('+49 711 987654-0');
      await input(contact, 'E-Mail').fill('info@demo-metallbau.example');
      await input(contact, 'Website').fill('https://www.demo-metallbau.example');
      const bank = section(page, 'Steuer & Bank');
      await input(bank, 'USt-IdNr.').fill('DE123456789');
      await input(bank, 'Steuernummer').fill('99/123/45678');
      await input(bank, 'Bank').fill('Commerzbank Stuttgart');
      // A typo in the IBAN: the API's check digits refuse it, said in German beside the field.
      await input(bank, 'IBAN').fill('de89 3704 0044 0532 0130 01');
      await input(bank, 'BIC').fill('cobadeffxxx');
      const documents = section(page, 'Dokumente & Vorgaben');
      await input(documents, 'Zeitzone').fill('Europe/Berl');
      await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
      await input(documents, 'Standard-Zahlungsbedingungen').fill('14 Tage 2 % Skonto, 30 Tage netto');
      await input(documents, 'Standard-Lieferbedingungen').fill('Ab Werk Stuttgart');
      // German notation: a decimal comma is no whole number of days; "45" is.
      const validity = input(documents, 'Angebote gültig für (Tage)');
      await validity.fill('4,5');
      await main(page).getByRole('button', { name: 'Speichern', exact: true }).click();
      await shown(documents.getByText(/^Bitte eine ganze Zahl eingeben/));
      await validity.fill('45');
      await main(page).getByRole('button', { name: 'Speichern', exact: true }).click();
      await shown(bank.getByText('Geben Sie eine gültige IBAN an, etwa DE89 3704 0044 0532 0130 00', { exact: true }));
      expect((await callApi<{ iban: string | null }>(stack, admin, 'GET', 'company-profile')).iban).toBeNull();
      await input(bank, 'IBAN').fill('de89 3704 0044 0532 0130 00');
      await main(page).getByRole('button', { name: 'Speichern', exact: true }).click();
      await expectNotice(page, 'Firmenprofil gespeichert');

      // The logo: a PNG, shown as soon as it is uploaded.
      await main(page).getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expectNotice(page, 'Logo gespeichert');
      const preview = await shown(main(page).getByTestId('logo-preview'));
      await until(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), 120);
      await shown(main(page).getByText('120 × 40 Pixel', { exact: true }));

      await page.reload();
      await until(() => input(section(page, 'Steuer & Bank'), 'IBAN').inputValue(), 'DE89 3704 0044 0532 0130 00');
      expect(await input(section(page, 'Steuer & Bank'), 'BIC').inputValue()).toBe('COBADEFFXXX');
      expect(await input(section(page, 'Firma'), 'Anschrift').inputValue()).toBe('Industriestraße 5\n70565 Stuttgart\nDeutschland');
      expect(await input(section(page, 'Dokumente & Vorgaben'), 'Angebote gültig für (Tage)').inputValue()).toBe('45');
      expect(await input(section(page, 'Dokumente & Vorgaben'), 'Zeitzone').inputValue()).toBe('Europe/Berlin');
      await until(() => main(page).getByTestId('logo-preview').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), 120);
    });

    // A new order takes the profile's terms; its PDF, downloaded in the console, prints the letterhead with the logo.
    const product = await createRecord(stack, admin, 'products', { name: 'Montagewinkel', number: 'MW-1', type: 'single', status: 'manually_created' });
    await createRecord(stack, admin, 'product-bulk-prices', { productId: product.id, minQuantity: 1, unitPrice: 4 });
    const order = await callApi<{ id: string; paymentTerms: string; shippingTerms: string }>(stack, admin, 'POST', 'orders', { contactName: 'Jana Müller', language: 'de', items: [{ productId: product.id, quantity: 10 }] }, 201);
    expect(order).toMatchObject({ paymentTerms: '14 Tage 2 % Skonto, 30 Tage netto', shippingTerms: 'Ab Werk Stuttgart' });
    const orderPage = await profile.open(`/orders/${order.id}/view`);
    await withScreenshot(orderPage, 'company-profile-pdf', async () => {
      const [response, download] = await Promise.all([
        orderPage.waitForResponse((answer) => answer.url().endsWith(`/api/v1/orders/${order.id}/pdf`)),
        orderPage.waitForEvent('download'),
        orderPage.getByTestId('order-pdf').first().click(),
      ]);
      expect(response.status()).toBe(200);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await readFile(await download.path());
      expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
      const text = (await readPdfText(pdf)).pages.flat().join('\n').replace(/[\u00a0\u202f]/g, ' ');
      for (const expected of ['Demo Metallbau GmbH & Co. KG', 'Industriestraße 5', 'St.-Nr. 99/123/45678', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX', 'Bank Commerzbank Stuttgart']) expect(text).toContain(expected);
    });
  });

  it('asks before unsaved changes are left, and removes the logo only after a confirmation', async () => {
    await putProfile('company-profile', { phone: '+49 711 987654-0' });
    const form = new FormData();
    form.append('logo', new Blob([logo], { type: 'image/png' }), 'logo.png');
    await putProfile('company-profile/logo', form);
    const page = await profile.open('/company-profile');
    const prompts: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    await withScreenshot(page, 'company-profile-guard', async () => {
      const phone = input(section(page, 'Kontakt'), 'Telefon');
      await until(async () => (await phone.inputValue()).length > 0, true);
      await phone.fill('+49 711 000000');
      const settingsEntry = page.getByRole('menuitem', { name: 'Einstellungen', exact: true }).and(page.locator('a[href="/settings"]'));
      await settingsEntry.click();
      await until(() => Promise.resolve(prompts.length), 1);
      expect(prompts).toEqual([UNSAVED_CHANGES]);
      expect(new URL(page.url()).pathname).toBe('/company-profile');
      expect(await phone.inputValue()).toBe('+49 711 000000');
      answer = 'accept';
      await settingsEntry.click();
      await expectPath(page, '/settings');
      // The settings list leads back to the profile.
      await main(page).getByRole('link', { name: 'Firmenprofil', exact: true }).first().click();
      await expectPath(page, '/company-profile');
      await until(() => input(section(page, 'Kontakt'), 'Telefon').inputValue(), '+49 711 987654-0');

      // Removing the logo asks first; "Abbrechen" keeps it.
      await shown(main(page).getByTestId('logo-preview'));
      await main(page).getByRole('button', { name: 'Logo entfernen', exact: true }).click();
      const confirm = await shown(page.getByRole('dialog', { name: 'Logo entfernen?' }));
      await confirm.getByRole('button', { name: 'Abbrechen', exact: true }).click();
      await gone(confirm);
      expect((await callApi<{ logo: unknown }>(stack, admin, 'GET', 'company-profile')).logo).not.toBeNull();
      await main(page).getByRole('button', { name: 'Logo entfernen', exact: true }).click();
      await (await shown(page.getByRole('dialog', { name: 'Logo entfernen?' }))).getByRole('button', { name: 'Logo entfernen', exact: true }).click();
      await expectNotice(page, 'Logo entfernt');
      await shown(main(page).getByText('Noch kein Logo', { exact: true }));
      expect((await callApi<{ logo: unknown }>(stack, admin, 'GET', 'company-profile')).logo).toBeNull();
    });
  });

  it('fits a phone: one column, nothing wider than 390 px, the logo and Save in reach', async () => {
    const page = await profile.open('/company-profile', PHONE);
    await withScreenshot(page, 'company-profile-phone', async () => {
      await shown(input(section(page, 'Steuer & Bank'), 'IBAN'));
      await shown(main(page).getByTestId('logo-input').locator('..'));
      await shown(main(page).getByRole('button', { name: 'Speichern', exact: true }));
      expect(await page.evaluate(`document.documentElement.scrollWidth <= ${PHONE.width}`)).toBe(true);
      const [iban, bic] = await Promise.all([input(section(page, 'Steuer & Bank'), 'IBAN').boundingBox(), input(section(page, 'Steuer & Bank'), 'BIC').boundingBox()]);
      // One column: BIC below IBAN.
      expect(bic!.y).toBeGreaterThan(iban!.y);
    });
  });
});
