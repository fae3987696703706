import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { extractText } from '../src/server/print/test-pdf-text';
import { expectNoSeriousA11yIssues } from './support/axe';
import { approvedBook, finishedWizard, signUpConfirmed, uniqueEmail } from './support/shop';

test.describe.configure({ timeout: 600_000 });

// playwright.config.ts names these addresses in ADMIN_EMAILS. Each journey has its own operator, as
// they may run at the same time (operator.spec.ts has its own too): two sign-ups of one address at
// once leave one of them signed out.
const OPERATORS = { promo: 'gus.operator@example.com', gifts: 'hana.operator@example.com' } as const;
// Set SHOTS to a folder to keep the screenshots (phone and desktop, English and French).
const SHOTS = process.env.SHOTS;

async function signedInOperator(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpConfirmed(page, email).catch(async () => {
    // The account exists from an earlier journey on this server: sign in instead.
    const response = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
      data: { email, password: 'moonlit-teddy-42' },
    });
    expect(response.ok()).toBe(true);
  });
  return page;
}

test('an operator makes a promo code; a parent uses it with express shipping and pays the lower total', async ({
  page,
  browser,
}) => {
  const code = `GIFT${Date.now().toString(36).toUpperCase()}`;
  const operator = await signedInOperator(browser, OPERATORS.promo);
  await operator.goto('/admin/pricing');
  await expect(
    operator.getByRole('heading', { level: 1, name: 'Prices, VAT and promo codes' }),
  ).toBeVisible();
  const make = operator.locator('form', { has: operator.getByRole('heading', { name: 'Make a code' }) });
  await make.getByLabel('Code').fill(code);
  await make.getByLabel('Percentage (1 to 100)').fill('10');
  await make.getByLabel('Maximum uses (optional)').fill('5');
  await make.getByLabel('Why (kept in the audit log)').fill('Grandparents’ day letter');
  await make.getByRole('button', { name: 'Make the code' }).click();
  await expect(operator.getByText(`The code ${code} is ready to use.`)).toBeVisible();
  await expect(operator.getByText(code, { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(operator);

  // The parent: a book drawn and approved, then the checkout.
  await signUpConfirmed(page, uniqueEmail('gift'));
  const bookInstanceId = await finishedWizard(page);
  await approvedBook(page, bookInstanceId);
  await page.goto(`/checkout/${bookInstanceId}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Muster');
  await page.getByLabel('Street and house number').fill('Hauptstrasse 1');
  await page.getByLabel('Postcode').fill('10115');
  await page.getByLabel('Town or city').fill('Berlin');
  await page.getByLabel('Country').selectOption('DE');
  const express = page.getByRole('radio', { name: /^Express\s*CHF\s21\.98/ });
  await express.check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Express shipping to Germany')).toBeVisible();
  await expect(summary.getByText(/^Arrives between \w+day \d+ \w+ and \w+day \d+ \w+$/)).toBeVisible();
  // Softcover 29.99 + express 21.98 = 51.97; VAT 7.7 % = 4.00.
  await expect(summary.getByText('CHF 55.97')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();

  await page.getByLabel('Promo code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/We don’t know this code/)).toBeVisible();
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code} applied: CHF 3.00 off your books.`)).toBeVisible();
  // 29.99 − 3.00 + 21.98 = 48.97; VAT 3.77; total 52.74.
  await expect(summary.getByText('CHF 52.74')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  if (SHOTS) {
    for (const language of ['en', 'fr']) {
      for (const width of [390, 1280]) {
        for (const target of [page, operator]) {
          await target.setViewportSize({ width, height: width < 600 ? 844 : 900 });
          await target.evaluate((lang) => localStorage.setItem('language', lang), language);
          await target.reload();
          await target.waitForLoadState('networkidle');
        }
        await page.screenshot({ path: `${SHOTS}/checkout-promo-${language}-${width}.png`, fullPage: true });
        await operator.screenshot({
          path: `${SHOTS}/admin-pricing-${language}-${width}.png`,
          fullPage: true,
        });
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
  }

  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('button', { name: 'Pay CHF 52.74' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await expect(page.getByText('52.74').first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Anna Muster');
  await page.getByRole('button', { name: /^Pay CHF\s[\d.]+$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\//);
  await expect(page.getByText(/by express courier: your book should arrive between/)).toBeVisible();

  // The console counts the use.
  await operator.evaluate(() => localStorage.setItem('language', 'en'));
  await operator.reload();
  await expect(operator.getByText(/10% off · no end date · 1 of 5 uses/)).toBeVisible();
});

test('two grandparent copies go as gifts: each to its own address, one in French with its own dedication; three print jobs', async ({
  page,
  browser,
}) => {
  const code = `GRAN${Date.now().toString(36).toUpperCase()}`;
  const operator = await signedInOperator(browser, OPERATORS.gifts);
  await operator.goto('/admin/pricing');
  const make = operator.locator('form', { has: operator.getByRole('heading', { name: 'Make a code' }) });
  await make.getByLabel('Code').fill(code);
  await make.getByLabel('Percentage (1 to 100)').fill('10');
  await make.getByLabel('Why (kept in the audit log)').fill('Grandparents’ day');
  await make.getByRole('button', { name: 'Make the code' }).click();
  await expect(operator.getByText(`The code ${code} is ready to use.`)).toBeVisible();

  const email = uniqueEmail('grandparents');
  await signUpConfirmed(page, email);
  const bookInstanceId = await finishedWizard(page, { childName: 'Emma', toyName: 'Teddy' });
  await approvedBook(page, bookInstanceId);
  await page.goto(`/checkout/${bookInstanceId}`);
  const copies = page.getByRole('group', { name: 'Copies for the grandparents' });
  await copies.locator('label', { has: page.getByRole('radio', { name: /^2 copies/ }) }).click();
  await expect(copies.getByRole('radio', { name: /^2 copies/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('First name', { exact: true }).fill('Anna');
  await page.getByLabel('Last name', { exact: true }).fill('Muster');
  await page.getByLabel('Street and house number').fill('Hauptstrasse 1');
  await page.getByLabel('Postcode').fill('10115');
  await page.getByLabel('Town or city').fill('Berlin');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByRole('radio', { name: /^Express/ }).check();

  const gifts = page.getByRole('region', { name: 'Gifts for the grandparents' });
  const first = gifts.getByRole('group', { name: 'Copy 1' });
  await first.getByRole('button', { name: 'Make it a gift' }).click();
  await first.getByRole('checkbox', { name: 'Send this copy to another address' }).check();
  await first.getByLabel('Their first name').fill('Colette');
  await first.getByLabel('Their last name').fill('Martin');
  await first.getByLabel('Street and house number').fill('12 rue des Lilas');
  await first.getByLabel('Postcode').fill('69003');
  await first.getByLabel('Town or city').fill('Lyon');
  await first.getByLabel('Country').selectOption('FR');
  await first.getByRole('checkbox', { name: 'Write this copy its own dedication' }).check();
  await first.getByLabel('Dedication for this copy').fill('Pour notre petite Emma, avec tout notre amour');
  await first.getByLabel('Signed (optional)').fill('Mamie et Papi');
  await first.getByRole('checkbox', { name: 'Print this copy in another language' }).check();
  // Any of the shop's languages but the book's own; grandma reads French.
  await first.getByLabel('Language of this copy').selectOption('fr');
  const second = gifts.getByRole('group', { name: 'Copy 2' });
  await second.getByRole('button', { name: 'Make it a gift' }).click();
  await second.getByRole('checkbox', { name: 'Send this copy to another address' }).check();
  await second.getByLabel('Their first name').fill('Henri');
  await second.getByLabel('Their last name').fill('Keller');
  await second.getByLabel('Street and house number').fill('Bahnhofstrasse 5');
  await second.getByLabel('Postcode').fill('8001');
  await second.getByLabel('Town or city').fill('Zürich');
  await second.getByLabel('Country').selectOption('CH');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Colette’s parcel to France')).toBeVisible();
  await expect(summary.getByText('Henri’s parcel to Switzerland')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  // 29.99 + 2 × 20.99 = 71.97, minus 10 % (7.20), express to Germany, France (21.98 each) and
  // Switzerland (19.98), VAT 7.7 % = 9.91: 138.62.
  await expect(summary.getByText('CHF 138.62')).toBeVisible();

  // Grandma's copy, read before paying: French, with her dedication.
  await page.getByRole('link', { name: 'Preview copy 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emma et le Gardien de la nuit' })).toBeVisible();
  await expect(page.getByText('This is a gift copy of your order.')).toBeVisible();
  if (SHOTS) await shots(page, 'reader-gift-copy');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
  if (SHOTS) {
    // The saved order brings the gifts back on a reload (step 2 as the parent left it).
    await page.goto(`/checkout/${bookInstanceId}?step=2`);
    await shots(page, 'checkout-gifts');
    await page.goto(`/checkout/${bookInstanceId}?step=3`);
    await shots(page, 'checkout-gifts-pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Check and pay' })).toBeVisible();
  }

  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('button', { name: 'Pay CHF 138.62' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Anna Muster');
  await page.getByRole('button', { name: /^Pay CHF\s[\d.]+$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\//);
  const orderId = page.url().split('/order-confirmation/')[1]!.split('?')[0]!;
  const details = page.getByRole('region', { name: 'Order details' });
  await expect(details.getByText('To Colette Martin, Lyon, France')).toBeVisible();
  await expect(details.getByText('To Henri Keller, Zürich, Switzerland')).toBeVisible();

  // The local printer gets three jobs: the book to Berlin, each gift to its own address, the
  // French copy from its own interior.
  const folder = path.join(process.env.E2E_DATA_DIR!, 'storage', 'instances', bookInstanceId, 'print');
  const ticket = async (name: string) =>
    JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')) as {
      externalId: string;
      shipTo: { city: string; country: string };
      items: { quantity: number; interior: string; copy?: number }[];
      shippingLevel: string;
    };
  await expect
    .poll(
      async () =>
        (await fs.readdir(folder).catch(() => [] as string[]))
          .filter((file) => file.startsWith('print-job') && !file.endsWith('.meta.json'))
          .sort(),
      { timeout: 180_000, intervals: [1000] },
    )
    .toEqual(['print-job-copy-1.json', 'print-job-copy-2.json', 'print-job.json']);
  const book = await ticket('print-job.json');
  const grandma = await ticket('print-job-copy-1.json');
  const grandpa = await ticket('print-job-copy-2.json');
  expect([book.externalId, grandma.externalId, grandpa.externalId]).toEqual([
    orderId,
    `${orderId}-copy-1`,
    `${orderId}-copy-2`,
  ]);
  expect([book.shipTo.city, grandma.shipTo.city, grandpa.shipTo.city]).toEqual(['Berlin', 'Lyon', 'Zürich']);
  expect(book.items.map((item) => item.quantity)).toEqual([1]);
  expect(grandma.items[0]?.interior).toMatch(/copy-1-interior\.pdf$/);
  expect(grandpa.items[0]?.interior).toMatch(/\/interior\.pdf$/);
  expect([book.shippingLevel, grandma.shippingLevel, grandpa.shippingLevel]).toEqual([
    'express',
    'express',
    'express',
  ]);
  const french = (await extractText(await fs.readFile(path.join(folder, 'copy-1-interior.pdf')))).join('\n');
  expect(french).toContain('Pour notre petite Emma');
  expect(french).toContain('Le soleil glisse');

  // The receipt, in the order-paid e-mail and as the PDF: a shipping line for each parcel.
  const lines = [
    /Express shipping to Germany:?\s*CHF\s21\.98/,
    /Express shipping to France:?\s*CHF\s21\.98/,
    /Express shipping to Switzerland:?\s*CHF\s19\.98/,
    /CHF\s138\.62/,
  ];
  let mail = '';
  await expect
    .poll(async () => {
      const { messages } = await (await page.request.get('/api/dev/outbox')).json();
      mail =
        (messages as { to: string; subject: string; text: string }[]).find(
          (message) =>
            message.to === email && /receipt|confirmed|thank/i.test(`${message.subject} ${message.text}`),
        )?.text ?? '';
      return mail !== '';
    })
    .toBe(true);
  for (const line of lines) expect(mail).toMatch(line);
  const receipt = await page.request.get(`/api/orders/${orderId}/receipt`);
  expect(receipt.ok()).toBe(true);
  const receiptText = (await extractText(await receipt.body())).join('\n');
  for (const line of lines) expect(receiptText).toMatch(line);
  if (SHOTS) await shots(page, 'confirmation-gifts');
});

/** The page at phone and desktop width in English, French and German, into SHOTS; back to English after. */
async function shots(page: Page, name: string) {
  for (const language of ['en', 'fr', 'de']) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    await page.reload();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/${name}-${language}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 720 });
}
