import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';
import { approvedBook, finishedWizard, signUpConfirmed, uniqueEmail } from './support/shop';

test.describe.configure({ timeout: 300_000 });

// playwright.config.ts names this address in ADMIN_EMAILS (operator.spec.ts, run alongside, has its own).
const OPERATOR = 'gus.operator@example.com';
// Set SHOTS to a folder to keep the screenshots (phone and desktop, English and French).
const SHOTS = process.env.SHOTS;

async function signedInOperator(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpConfirmed(page, OPERATOR).catch(async () => {
    // The account exists from an earlier journey on this server: sign in instead.
    const response = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
      data: { email: OPERATOR, password: 'moonlit-teddy-42' },
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
  const operator = await signedInOperator(browser);
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
  await page.getByLabel('Postal code').fill('10115');
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
  await page.getByRole('button', { name: /^Pay CHF/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\//);
  await expect(page.getByText(/by express courier: your book should arrive between/)).toBeVisible();

  // The console counts the use.
  await operator.evaluate(() => localStorage.setItem('language', 'en'));
  await operator.reload();
  await expect(operator.getByText(/10% off · no end date · 1 of 5 uses/)).toBeVisible();
});
