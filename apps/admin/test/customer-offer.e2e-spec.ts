import { Page } from 'playwright-core';
import { createTestUser, ReceivedMail, TestUser, withScreenshot } from '@fabquote/testing';
import { BrowserStack } from '../../test-support';
import { callApi, createRecord, expectNotice, gone, mailTo, main, openPage, shown, signedInProfile, SignedInProfile } from './browser-helpers';

jest.setTimeout(240_000);

/** A phone: 390 × 844 CSS pixels. */
const PHONE = { width: 390, height: 844 };

/** The page's path and query from the personal link in the offer mail, as the customer clicks it. */
function offerLinkIn(mail: ReceivedMail): string {
  const found = /https?:\/\/\S+?(\/pub\/offers\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+&host=demo)/.exec(mail.text ?? '');
  if (!found) throw new Error(`no offer link in: ${mail.text}`);
  return found[1];
}

const fitsTheWindow = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

/** docs/api-orders.md "The customer's offer page": the customer opens the mailed link on a phone, in German, and answers. */
describe("admin console: the customer's offer page", () => {
  let stack: BrowserStack;
  let clerk: TestUser;
  let profile: SignedInProfile;
  let customerId = '';
  let productId = '';

  /** An offer of 120 brackets at 4.135, 2.5 % off (483.79), Offered; its German PDF mailed from the console. */
  async function offer(contactEmail: string, name: string): Promise<{ id: string; number: string }> {
    const order = await callApi<{ id: string; number: string }>(stack, clerk, 'POST', 'orders', {
      name,
      customerId,
      language: 'de',
      contactName: 'Franz Huber',
      contactEmail,
      items: [{ productId, quantity: 120, discountPercent: 2.5 }],
    });
    await callApi(stack, clerk, 'POST', `orders/${order.id}/status`, { status: 'offered' });
    return order;
  }

  beforeAll(async () => {
    stack = await BrowserStack.start();
    clerk = await createTestUser(stack.api, stack.organization, { roles: ['Administrator'], name: 'Clara Clerk', email: 'clara.clerk@demo.example', privacyAccepted: true });
    const [customer, product] = await Promise.all([
      createRecord(stack, clerk, 'customers', { name: 'Huber Anlagenbau GmbH', city: 'München', language: 'de' }),
      createRecord(stack, clerk, 'products', { name: 'Bracket 90', number: 'BR-90', type: 'single', status: 'manually_created' }),
    ]);
    customerId = customer.id;
    productId = product.id;
    await createRecord(stack, clerk, 'product-bulk-prices', { productId, minQuantity: 1, unitPrice: 4.135 });
    profile = await signedInProfile(stack, clerk);
  });

  afterEach(async () => {
    await profile.closeTabs();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('sends the offer from the console; the customer opens the mailed link on a phone in German and accepts; staff see it Ordered, accepted online', async () => {
    const made = await offer('franz@huber.example', 'Halter 2027');
    const staff = await profile.open(`/orders/${made.id}/view`);
    await staff.getByTestId('order-send-pdf').click();
    const send = await shown(staff.getByRole('dialog', { name: `Send ${made.number} as PDF?` }));
    await send.getByRole('button', { name: 'Send PDF to contact', exact: true }).click();
    await gone(send);
    const mail = await mailTo(stack, 'franz@huber.example');
    expect(mail.text).toContain('Angebot online ansehen und annehmen: ');
    const link = offerLinkIn(mail);

    // An en-US browser on a phone: the page speaks the offer's German, numbers and dates its way.
    const { context, page } = await openPage(stack, link, 'en-US');
    try {
      await withScreenshot(page, 'customer-offer-accept', async () => {
        await page.setViewportSize(PHONE);
        const offerPage = await shown(page.getByTestId('offer-page'));
        await shown(offerPage.getByRole('heading', { name: `Angebot ${made.number}: Halter 2027` }));
        await shown(page.getByTestId('offer-letterhead').getByText('Demo Metallbau GmbH'));
        // 120 × 4,135 € = 496,20 €, 2,5 % off 12,41 → 483,79 €; VAT 19 % 91,92 → 575,71 € (the PDF's figures).
        await shown(page.getByTestId('offer-line-card').getByText('483,79\u00a0€'));
        await shown(page.getByTestId('offer-line-card').getByText(/120 × 4,14\u00a0€ − 2,5\u00a0%/));
        expect(await page.getByTestId('offer-total').innerText()).toBe('575,71\u00a0€');
        await shown(page.getByRole('link', { name: 'PDF herunterladen' }));
        expect(await fitsTheWindow(page)).toBe(true);

        // A question first.
        await page.getByTestId('offer-question-input').fill('Ist eine Pulverbeschichtung möglich?');
        await page.getByTestId('offer-question-send').click();
        await shown(page.getByTestId('offer-notice').getByText('Ihre Frage wurde gesendet. Wir antworten Ihnen per E-Mail.'));
        await shown(page.getByTestId('offer-question').getByText('Ist eine Pulverbeschichtung möglich?'));

        // Accept: the name is required.
        await page.getByTestId('offer-accept').click();
        const accept = await shown(page.getByRole('dialog', { name: `Angebot ${made.number} annehmen` }));
        await accept.getByTestId('offer-accept-confirm').click();
        await shown(accept.getByText('Pflichtfeld'));
        await accept.getByTestId('offer-accept-name').fill('Franz Huber');
        await accept.getByTestId('offer-accept-customerOrderNumber').fill('PO-4711');
        await accept.getByTestId('offer-accept-confirm').click();
        await gone(accept);
        await shown(page.getByTestId('offer-notice').getByText(/^Vielen Dank! Das Angebot wurde angenommen/));
        await shown(page.getByTestId('offer-state').getByText('Dieses Angebot wurde angenommen. Vielen Dank für Ihren Auftrag.'));
        await shown(page.getByTestId('offer-acceptance').getByText(/^Angenommen von Franz Huber am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/));
        // Read-only now: no answers, no question form.
        expect(await page.getByTestId('offer-accept').count()).toBe(0);
        expect(await page.getByTestId('offer-question-input').count()).toBe(0);
        expect(await fitsTheWindow(page)).toBe(true);
      });
    } finally {
      await context.close();
    }

    // The clerk is told, the customer gets a confirmation.
    const told = await mailTo(stack, 'clara.clerk@demo.example', 2);
    expect([told.headers.subject, (await mailTo(stack, 'clara.clerk@demo.example', 1)).headers.subject].join(' | ')).toMatch(/online angenommen|accepted online/);
    expect((await mailTo(stack, 'franz@huber.example', 2)).headers.subject).toBe(`Ihr Auftrag ${made.number} – Demo Metallbau GmbH`);

    // Staff: Ordered, "accepted online by", the customer's question with an answer box.
    await staff.reload();
    await shown(main(staff).getByTestId('order-status').getByText('Ordered'));
    await shown(staff.getByTestId('order-accepted-online').getByText(/^Accepted online by Franz Huber on /));
    await shown(staff.getByTestId('order-accepted-online').getByText('Their order number: PO-4711'));
    await shown(staff.getByTestId('order-history').getByText('accepted online by Franz Huber'));
    const question = await shown(staff.getByTestId('order-question').filter({ hasText: 'Pulverbeschichtung' }));
    await question.getByTestId('order-question-answer').fill('Ja, in RAL 7016.');
    await question.getByRole('button', { name: 'Send answer' }).click();
    await expectNotice(staff, 'Answer saved; it is being mailed to the customer');
    const answerMail = await mailTo(stack, 'franz@huber.example', 3);
    expect(answerMail.text).toContain('Ja, in RAL 7016.');
  });

  it('a second offer is declined with a reason after a confirmation; staff see the reason', async () => {
    const made = await offer('eva@huber.example', 'Konsole 2027');
    await callApi(stack, clerk, 'POST', `orders/${made.id}/send-pdf`);
    const link = offerLinkIn(await mailTo(stack, 'eva@huber.example'));
    const { context, page } = await openPage(stack, link, 'en-US');
    try {
      await page.setViewportSize(PHONE);
      await page.getByTestId('offer-decline').click();
      const decline = await shown(page.getByRole('dialog', { name: `Angebot ${made.number} ablehnen?` }));
      await decline.getByTestId('offer-decline-reason').fill('Lieferzeit zu lang');
      // Cancel with typed text asks first; declining it keeps the dialog.
      page.once('dialog', (ask) => void ask.dismiss());
      await decline.getByRole('button', { name: 'Abbrechen', exact: true }).click();
      await shown(decline);
      await decline.getByTestId('offer-decline-confirm').click();
      await gone(decline);
      await shown(page.getByTestId('offer-state').getByText('Dieses Angebot wurde abgelehnt.'));
      await shown(page.getByTestId('offer-state').getByText('Ihre Begründung: Lieferzeit zu lang'));
    } finally {
      await context.close();
    }
    const staff = await profile.open(`/orders/${made.id}/view`);
    await shown(main(staff).getByTestId('order-status').getByText('Declined'));
    await shown(staff.getByTestId('order-declined-online').getByText('Reason: Lieferzeit zu lang'));
    await shown(staff.getByTestId('order-history').getByText('declined online: Lieferzeit zu lang'));

    // A wrong link: the neutral page.
    const wrong = await openPage(stack, `/pub/offers/${made.id}?token=${'x'.repeat(43)}&host=demo`, 'de-DE');
    try {
      await shown(wrong.page.getByTestId('offer-page-not-found').getByText('Angebot nicht gefunden'));
    } finally {
      await wrong.context.close();
    }
  });
});
