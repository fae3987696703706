import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  approvedBook,
  finishedWizard,
  payOrder,
  placedOrder,
  signUpConfirmed,
  uniqueEmail,
} from './support/shop';

/**
 * Issue 32, the bilingual edition (docs/decisions/026-the-bilingual-edition.md): a French parent
 * chooses German as the second language in step 5, the reader shows each page with both texts as it
 * prints, the checkout's summary adds the edition, and the paid order's receipt names it.
 * SCREENSHOTS=folder keeps the step 5 choice at 1280 and 390 px in French and English, and the
 * reader's first story page.
 */

const shots = process.env.SCREENSHOTS;

test.describe.configure({ timeout: 480_000 });

async function shootBoth(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.getByRole('combobox', { name: /Second language|Deuxième langue/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a French book with German under every page: chosen in the wizard, read, priced and paid', async ({
  page,
}) => {
  const email = uniqueEmail('bilingue');
  await signUpConfirmed(page, email);
  await finishedWizard(page, { childName: 'Léa', toyName: 'Nounours', language: 'fr', untilStep5: true });

  // Step 5 in English first (the screenshot), then in French: the other three languages are offered.
  await page.goto('/wizard?step=5');
  const englishChoice = page.getByRole('combobox', { name: 'Second language (optional)' });
  await expect(englishChoice).toBeVisible({ timeout: 30_000 });
  await expect(englishChoice).toHaveValue('none');
  await shootBoth(page, 'wizard-5-bilingual-en');

  await page.evaluate(() => localStorage.setItem('language', 'fr'));
  await page.reload();
  const choice = page.getByRole('combobox', { name: 'Deuxième langue (facultatif)' });
  await expect(choice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Langue du livre\u00a0: Français, celle de ce site')).toBeVisible();
  await expect(choice.locator('option')).toHaveText(['Aucune', 'Anglais', 'Allemand', 'Italien']);
  // With the keyboard: focus the select and pick German by typing its first letter.
  await choice.focus();
  await page.keyboard.press('a');
  await page.keyboard.press('l');
  await choice.selectOption('de');
  await expect(choice).toHaveValue('de');
  await shootBoth(page, 'wizard-5-bilingual-fr');
  await page.getByRole('button', { name: 'Terminer la personnalisation' }).click();
  await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}/, { timeout: 60_000 });
  const bookId = page.url().split('/book/')[1]!.split(/[?#]/)[0]!;

  // The reader: each story page drawn as printed, the German under the French.
  await approvedBook(page, bookId);
  await page.goto(`/book/${bookId}`);
  await expect(page.getByTestId('reader-stage')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Aller à\u00a0: Page 1', exact: true }).click();
  const picture = page.getByTestId('page-3').getByRole('img');
  const src = await picture.getAttribute('src');
  expect(src).toBeTruthy();
  const image = await page.request.get(src!);
  expect(image.headers()['content-type']).toContain('image/webp');
  if (shots) {
    await page.screenshot({ path: path.join(shots, 'reader-bilingual-page-1-1280.png') });
  }

  // Ordered (the API's worked choices), its quote with the edition; the checkout's summary shows it.
  const orderId = await placedOrder(page, bookId, email);
  const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(order.quote.lines).toContainEqual(
    expect.objectContaining({ productKey: 'bilingual_edition', quantity: 1, totalPrice: 500 }),
  );
  await page.goto(`/checkout/${bookId}?step=3`);
  await expect(page.getByText('Édition bilingue').first()).toBeVisible({ timeout: 30_000 });
  if (shots)
    await page.screenshot({ path: path.join(shots, 'checkout-bilingual-fr-1280.png'), fullPage: true });

  // Paid on the local card page; the receipt of the order-paid e-mail names the edition.
  await payOrder(page, orderId);
  let receipt = '';
  await expect
    .poll(
      async () => {
        const { messages } = await (await page.request.get('/api/dev/outbox')).json();
        receipt =
          (messages as { to: string; text: string }[]).find(
            (message) => message.to === email && message.text.includes('Bilingual edition'),
          )?.text ?? '';
        return receipt !== '';
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  expect(receipt).toMatch(/Bilingual edition, two languages on every page/);
});
