import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LULU_E2E } from '../playwright.config';
import { finishedWizard, payOrder, placedOrder, signUpConfirmed, uniqueEmail } from './support/shop';

test.describe.configure({ timeout: 300_000 });
// The second shop of playwright.config.ts: it prints with PRINTER=lulu against a local stand-in.
test.use({ baseURL: LULU_E2E.shopUrl });

const OPERATOR = 'olga.operator@example.com';

type FakeJob = { id: number; external_id?: string; status: { name: string } };

test('a parent changes the address in the grace period; the operator prints it now, resubmits the job Lulu refused and marks the parcel delivered', async ({
  page,
  browser,
}) => {
  const parentEmail = uniqueEmail('lulu.parent');
  await signUpConfirmed(page, parentEmail, undefined, LULU_E2E.shopUrl);
  const bookInstanceId = await finishedWizard(page, { childName: 'Leo', toyName: 'Teddy' });
  const orderId = await placedOrder(page, bookInstanceId, parentEmail);
  await payOrder(page, orderId);

  // This shop waits an hour after payment (PRINT_GRACE_MINUTES=60): the parent moves the parcel to
  // Grandma's address in that hour, on the order's own page.
  await page.goto(`/order-confirmation/${orderId}`);
  const grace = page.getByRole('region', { name: 'You can still change your order' });
  await expect(grace.getByText(/Your book goes to the printer on /)).toBeVisible();
  await grace.getByRole('button', { name: 'Change the address' }).click();
  const change = page.getByRole('dialog', { name: 'Change the delivery address' });
  await change.getByRole('textbox', { name: 'Street and house number' }).fill('Seestrasse 12');
  await change.getByRole('textbox', { name: 'Town or city' }).fill('Luzern');
  await change.getByRole('textbox', { name: 'Postcode' }).fill('6004');
  await change.getByRole('button', { name: 'Save the new address' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByText('The new address is saved. Your book will go there.')).toBeVisible();

  // Nothing has gone to "Lulu" yet: the operator sees the grace period and sends the book now.
  const jobsOfOrder = async () =>
    ((await (await page.request.get(`${LULU_E2E.controlUrl}/jobs`)).json()) as FakeJob[]).filter(
      (job) => job.external_id === orderId,
    );
  expect(await jobsOfOrder()).toEqual([]);
  const context = await browser.newContext({ baseURL: LULU_E2E.shopUrl });
  const operator = await context.newPage();
  await signUpConfirmed(operator, OPERATOR, undefined, LULU_E2E.shopUrl);
  await operator.goto(`/admin/orders?q=${encodeURIComponent(parentEmail)}`);
  await operator.getByRole('table').getByRole('link').first().click();
  await expect(operator.getByText(/Grace period: goes to the printer on /)).toBeVisible();
  await operator.getByRole('button', { name: 'Print now' }).click();
  const printNow = operator.getByRole('dialog', { name: 'Send this book to the printer now?' });
  await printNow.getByRole('textbox', { name: 'Why' }).fill('Grandma’s birthday is on Saturday');
  await printNow.getByRole('button', { name: 'Print now' }).click();
  await expect(printNow).toBeHidden();
  await expect(operator.getByText(/Grace period: goes to the printer on /)).toBeHidden();

  // The shop builds the print files and hands them to "Lulu" at the new address.
  await expect
    .poll(async () => (await jobsOfOrder()).length, { timeout: 240_000, intervals: [2000] })
    .toBe(1);
  const [first] = await jobsOfOrder();
  expect(JSON.stringify(first)).toContain('Seestrasse 12');

  // Lulu refuses the job and says so through its signed webhook.
  const message = 'Interior file has the wrong trim size';
  await page.request.post(`${LULU_E2E.controlUrl}/jobs/${first!.id}/status`, {
    data: { name: 'REJECTED', message },
  });
  const body = JSON.stringify({
    topic: 'PRINT_JOB_STATUS_CHANGED',
    data: { ...first, status: { name: 'REJECTED', message } },
  });
  const told = await page.request.post('/api/printer/webhook', {
    headers: {
      'content-type': 'application/json',
      'lulu-hmac-sha256': createHmac('sha256', LULU_E2E.webhookSecret).update(body).digest('hex'),
    },
    data: body,
  });
  expect(told.ok(), await told.text()).toBe(true);

  // The operator sees it at a glance, opens the order and resubmits it.
  await operator.goto('/admin');
  await expect(operator.getByTestId('queue-rejectedPrintJobs')).toHaveText('1');
  await operator.goto(`/admin/orders?q=${encodeURIComponent(parentEmail)}`);
  await operator.getByRole('table').getByRole('link').first().click();
  const printer = operator.getByRole('region', { name: 'Printer' });
  await expect(printer.getByText(`Print job ${first!.id}`)).toBeVisible();
  await expect(printer.getByText(message)).toBeVisible();
  await operator.getByRole('button', { name: 'Resubmit to the printer' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Resubmit the print job?' });
  await dialog.getByRole('textbox', { name: 'Why' }).fill('Lulu support fixed the trim size');
  await dialog.getByRole('button', { name: 'Resubmit' }).click();
  await expect(dialog).toBeHidden();

  // The same approved book goes to Lulu as a new job; the order follows it.
  await expect
    .poll(async () => (await jobsOfOrder()).length, { timeout: 120_000, intervals: [2000] })
    .toBe(2);
  const second = (await jobsOfOrder()).find((job) => job.id !== first!.id)!;
  await expect
    .poll(
      async () => (await (await operator.request.get(`/api/admin/orders/${orderId}`)).json()).printJobId,
      {
        timeout: 60_000,
        intervals: [1000],
      },
    )
    .toBe(String(second.id));
  await operator.reload();
  await expect(
    operator.getByRole('region', { name: 'Printer' }).getByText(`Print job ${second.id}`),
  ).toBeVisible();

  // The parcel never reports itself delivered: the operator marks it so by hand.
  await operator.getByRole('button', { name: 'Mark delivered' }).click();
  const deliver = operator.getByRole('dialog', { name: 'Mark this order delivered?' });
  await deliver.getByRole('textbox', { name: 'Why' }).fill('The parent confirmed it by phone');
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(deliver).toBeHidden();
  await expect(operator.getByText(/Status:\s*Delivered/).first()).toBeVisible();
  const timeline = operator.getByRole('region', { name: 'What happened' });
  await expect(timeline.getByText('Print job resubmitted')).toBeVisible();
  await expect(timeline.getByText('Marked delivered')).toBeVisible();
  await context.close();

  // The parent sees the order delivered.
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByText('Delivered (current step)')).toBeVisible();
});
