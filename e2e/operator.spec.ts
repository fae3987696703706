import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';
import { finishedWizard, payOrder, placedOrder, signUpConfirmed, uniqueEmail } from './support/shop';

test.describe.configure({ timeout: 300_000 });

// playwright.config.ts names this address in ADMIN_EMAILS.
const OPERATOR = 'olga.operator@example.com';
// Set SHOTS to a folder to keep the console's screenshots (phone and desktop, English and French).
const SHOTS = process.env.SHOTS;

/** Opens the dialog of an action on the order page, says why, and confirms. */
async function act(
  page: Page,
  button: string,
  reason: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('textbox', { name: 'Why' }).fill(reason);
  await dialog.locator('button[type=submit]').click();
  await expect(dialog).toBeHidden();
}

test('an operator finds an order by e-mail, holds it, releases it and refunds part of it; the parent sees the refund', async ({
  page,
  browser,
}) => {
  // A parent's book is drawn and ordered, not yet paid.
  const parentEmail = uniqueEmail('operator.parent');
  await signUpConfirmed(page, parentEmail);
  const bookInstanceId = await finishedWizard(page, { childName: 'Mia', toyName: 'Bunny' });
  const orderId = await placedOrder(page, bookInstanceId, parentEmail);

  // The console is not there for the parent: the server and the page both say "not found".
  const denied = await page.goto('/admin/orders');
  expect(denied?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();

  // The operator signs in with a normal account and finds the order by the parent's e-mail.
  const console = await browser.newContext();
  const operator = await console.newPage();
  await signUpConfirmed(operator, OPERATOR).catch(async () => {
    // The account exists from an earlier journey on this server: sign in instead.
    const response = await operator.request.post('/api/auth/sign-in/email', {
      headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
      data: { email: OPERATOR, password: 'moonlit-teddy-42' },
    });
    expect(response.ok()).toBe(true);
  });
  await operator.goto('/admin');
  await expect(operator.getByRole('heading', { level: 1, name: 'At a glance' })).toBeVisible();
  await operator
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await operator.getByRole('searchbox', { name: 'Search' }).fill(parentEmail);
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(operator).toHaveURL(/q=operator\.parent/);
  await expect(operator.getByText('1 order shown')).toBeVisible();
  await operator.getByRole('table').getByRole('link').first().click();
  await expect(operator).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(operator.getByRole('heading', { level: 1, name: /^BK-/ })).toBeVisible();

  // Held before it is paid: the payment goes through, the printer is not handed the book.
  await act(operator, 'Hold before print', 'The parent asked us to check the dedication');
  await expect(
    operator.getByText('On hold: nothing goes to the printer until it is released.'),
  ).toBeVisible();

  // While it waits, the address is corrected: a postcode Switzerland does not use is refused in the
  // dialog, the right one saved, and the timeline says so (issue 36).
  await act(operator, 'Correct the address', 'The parent wrote the wrong house number', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Street and house number' }).fill('Hauptstrasse 12');
    const postcode = dialog.getByRole('textbox', { name: 'Postcode' });
    await postcode.fill('80001');
    await dialog.getByRole('textbox', { name: 'Why' }).fill('x');
    await dialog.locator('button[type=submit]').click();
    await expect(
      dialog.getByText('This postcode does not fit Switzerland: it should look like 8001.'),
    ).toBeVisible();
    if (SHOTS) await operator.screenshot({ path: `${SHOTS}/console-address-en-1280.png` });
    await postcode.fill('8002');
  });
  await expect(operator.getByText('Hauptstrasse 12').first()).toBeVisible();
  await expect(
    operator.getByRole('region', { name: 'What happened' }).getByText('Address corrected'),
  ).toBeVisible();

  await payOrder(page, orderId);
  const detail = async () => (await operator.request.get(`/api/admin/orders/${orderId}`)).json();
  await expect
    .poll(
      async () => {
        const order = await detail();
        const print = order.jobs.find((job: { queue: string }) => job.queue === 'print-book');
        return `${order.order.paymentStatus} ${print?.state} ${order.printJobId}`;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('paid done null');

  // Released: the book goes to the (local) printer.
  await operator.reload();
  await act(operator, 'Release', 'Dedication checked with the parent');
  await expect(operator.getByText(/^On hold:/)).toHaveCount(0);
  await expect
    .poll(async () => (await detail()).printJobId, { timeout: 200_000, intervals: [2000] })
    .not.toBeNull();

  // Part of the payment given back: the amount is checked, the refund recorded from the provider's
  // signed notification, and the parent sees it on the order.
  await operator.reload();
  await act(operator, 'Refund', 'The parcel was late', async (dialog) => {
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund (CHF)' });
    await amount.fill('500');
    await dialog.getByRole('textbox', { name: 'Why' }).fill('x');
    await dialog.locator('button[type=submit]').click();
    await expect(dialog.getByText(/^At most CHF\s?46\.15 can still be refunded\.$/)).toBeVisible();
    await amount.fill('10.00');
  });
  await expect
    .poll(async () => (await detail()).refundedAmount, { timeout: 60_000, intervals: [1000] })
    .toBe(1000);
  await operator.reload();
  await expect(operator.getByTestId('refunded-amount')).toHaveText(/CHF\s?10\.00/);
  const timeline = operator.getByRole('region', { name: 'What happened' });
  await expect(timeline.getByTestId('audit-entry')).toHaveCount(4);
  await expect(timeline.getByText('“The parcel was late”')).toBeVisible();
  await expectNoSeriousA11yIssues(operator);

  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId('order-refunded')).toContainText(/CHF\s?10\.00/);

  // The local printer ships and delivers the parcel; the console shows the order delivered.
  await expect
    .poll(async () => (await detail()).order.status, { timeout: 60_000, intervals: [1000] })
    .toBe('delivered');

  if (SHOTS) {
    for (const language of ['en', 'fr']) {
      for (const width of [390, 1280]) {
        await operator.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await operator.evaluate((lang) => localStorage.setItem('language', lang), language);
        await operator.goto(`/admin/orders?q=${encodeURIComponent(parentEmail)}`);
        await expect(operator.getByRole('link', { name: /^BK-/ }).first()).toBeVisible();
        await operator.screenshot({ path: `${SHOTS}/admin-list-${language}-${width}.png`, fullPage: true });
        await operator.goto(`/admin/orders/${orderId}`);
        await expect(operator.getByRole('heading', { level: 1, name: /^BK-/ })).toBeVisible();
        await operator.screenshot({ path: `${SHOTS}/admin-order-${language}-${width}.png`, fullPage: true });
        await operator.goto('/admin');
        await expect(operator.getByTestId('queue-failedJobs')).toBeVisible();
        await operator.screenshot({
          path: `${SHOTS}/admin-overview-${language}-${width}.png`,
          fullPage: true,
        });
      }
    }
  }
  await console.close();
});
