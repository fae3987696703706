import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';
import { drawnBook, finishedWizard, paidOrder, signUpConfirmed, uniqueEmail } from './support/shop';

// A whole book drawn by the local illustrator, then redrawn and paid: minutes, not seconds.
test.describe.configure({ timeout: 300_000 });

const SHOTS = process.env.BOOK_SHOTS_DIR;

/** Waits until a picture has really loaded (not a broken image). */
const loaded = (picture: ReturnType<Page['getByTestId']>) =>
  expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);

const SHEET_HEADING = {
  en: 'The whole cover as printed',
  fr: 'Toute la couverture, telle qu’elle sera imprimée',
};

/** Every view of the reader, from the front cover to the back: each picture really loaded. */
async function readEveryPage(page: Page, next: string) {
  const stage = page.getByTestId('reader-stage');
  const seen: string[] = [];
  for (;;) {
    for (const figure of await stage.getByRole('figure').all()) {
      seen.push((await figure.getAttribute('aria-label')) ?? '');
      const picture = figure.getByRole('img');
      if ((await picture.count()) > 0) {
        await expect
          .poll(() =>
            picture.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          )
          .toBe(true);
      }
    }
    const button = page.getByRole('button', { name: next });
    if (await button.isDisabled()) break;
    const shown = seen.at(-1);
    await button.click();
    // The next view, not the one still on the stage while the reader turns the page.
    await expect(stage.getByRole('figure').last()).not.toHaveAttribute('aria-label', shown ?? '');
  }
  return seen;
}

test('a parent reads the drawn book in EN and FR at 390 and 1280, changes it, redraws a page, approves and pays', async ({
  page,
}) => {
  await signUpConfirmed(page, uniqueEmail('book.parent'));
  const id = await finishedWizard(page);
  await page.goto(`/book/${id}`);
  // The progress while the pages are drawn, then the reader (the page polls by itself).
  await expect(page.getByRole('progressbar', { name: 'Drawing progress' })).toBeVisible();
  await expect(page.getByTestId('reader-stage')).toBeVisible({ timeout: 150_000 });

  for (const [language, next] of [
    ['en', 'Next page'],
    ['fr', 'Page suivante'],
  ] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate((lng) => localStorage.setItem('language', lng), language);
      await page.reload();
      // The ready reader is painted by the server; the app takes it over at the first key (issue 33).
      await page.keyboard.press('Shift');
      const stage = page.getByTestId('reader-stage');
      await expect(stage).toHaveAttribute('data-layout', width >= 1024 ? 'spread' : 'single');
      const seen = await readEveryPage(page, next);
      // Front cover to back cover, every page once.
      expect(seen[0]).toBe(language === 'en' ? 'Front cover' : 'Couverture');
      expect(seen.at(-1)).toBe(language === 'en' ? 'Back cover' : 'Quatrième de couverture');
      expect(new Set(seen).size).toBe(seen.length);
      if (SHOTS) {
        await page
          .getByRole('button', {
            name: language === 'en' ? 'Go to Page 1' : 'Aller à\u00a0: Page 1',
            exact: true,
          })
          .click();
        await page.screenshot({ path: `${SHOTS}/reader-${language}-${width}.png`, fullPage: false });
      }
      // The whole cover as it prints (issue 31), softcover first, then the hardcover's sheet.
      const sheets = page.getByRole('region', { name: SHEET_HEADING[language] });
      await sheets.scrollIntoViewIfNeeded();
      for (const [binding, label] of [
        ['softcover', language === 'en' ? 'Softcover' : 'Couverture souple'],
        ['hardcover', language === 'en' ? 'Hardcover' : 'Couverture rigide'],
      ] as const) {
        await sheets.getByText(label, { exact: true }).click();
        const sheet = sheets.getByTestId('cover-sheet');
        await expect(sheet).toHaveAttribute('src', new RegExp(`binding=${binding}&w=800`));
        await loaded(sheet);
        if (SHOTS) {
          await sheets.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/cover-sheet-${binding}-${language}-${width}.png` });
        }
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.keyboard.press('Shift');
  await expect(page.getByTestId('reader-stage')).toHaveAttribute('data-layout', 'spread');
  await expectNoSeriousA11yIssues(page);

  // The dedication is set again in seconds, with no picture drawn.
  await page.getByRole('textbox', { name: 'Dedication' }).fill('To Mia, our bravest explorer.');
  await page.getByRole('button', { name: 'Save the changes' }).click();
  await expect(page.getByText('Saved. The pages above show your new text.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Dedication' }).click();
  await expect(page.getByTestId('reader-stage').getByText('To Mia, our bravest explorer.')).toBeVisible();

  // Page 1 drawn again; the parent keeps the new picture.
  await page.getByRole('button', { name: 'Go to Page 1', exact: true }).click();
  const before = await page.getByTestId('page-3').getByRole('img').getAttribute('src');
  await page.getByRole('button', { name: 'Draw Page 1 again' }).click();
  const keepNew = page.getByRole('button', { name: 'Keep the new picture for Page 1' });
  await expect(keepNew).toBeVisible({ timeout: 120_000 });
  await keepNew.click();
  await expect(page.getByTestId('redraw-choice')).toBeHidden();
  await expect(page.getByTestId('page-3').getByRole('img')).not.toHaveAttribute('src', before ?? '');
  await expect(page.getByTestId('page-3').getByText('2 of 3 left')).toBeVisible();

  // "This is my book", then the checkout with the real front cover, then payment.
  await page.getByRole('button', { name: 'This is my book' }).click();
  await page
    .getByRole('dialog', { name: 'Is this your book?' })
    .getByRole('button', { name: 'Yes, this is my book' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${id}$`));
  const cover = page.getByRole('img', { name: /The cover of your book/ });
  await expect(cover).toHaveAttribute('src', `/api/books/${id}/pages/0/image?w=960`);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Beside the choice of cover, the whole sheet of the binding chosen; it follows the choice.
  const sheet = page.getByTestId('cover-sheet');
  await expect(sheet).toHaveAttribute('src', `/api/books/${id}/cover-sheet?binding=softcover&w=800`);
  await loaded(sheet);
  const covers = page.getByRole('group', { name: 'Choose the cover' });
  await covers.locator('label', { has: page.getByRole('radio', { name: /^Hardcover/ }) }).click();
  await expect(sheet).toHaveAttribute('src', `/api/books/${id}/cover-sheet?binding=hardcover&w=800`);
  await loaded(sheet);
  if (SHOTS) {
    for (const language of ['en', 'fr'] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.evaluate((lng) => localStorage.setItem('language', lng), language);
        await page.reload();
        const shown = page.getByTestId('cover-sheet');
        await shown.scrollIntoViewIfNeeded();
        await loaded(shown);
        await page.screenshot({ path: `${SHOTS}/checkout-sheet-${language}-${width}.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
  }
  await paidOrder(page, id);
  await page.goto('/profile');
  await expect(
    page.getByRole('article', { name: /Mia/ }).getByRole('link', { name: 'Continue to payment' }),
  ).toHaveCount(0);
});

test('an unpaid book is found again from My Books and paid', async ({ page }) => {
  await signUpConfirmed(page, uniqueEmail('unpaid.parent'));
  const id = await finishedWizard(page);
  await drawnBook(page, id);

  await page.goto('/profile');
  const card = page.getByRole('article').first();
  await expect(card.getByRole('img', { name: /The front cover of/ })).toBeVisible();
  await card.getByRole('link', { name: 'See your book' }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${id}$`));
  await page.getByRole('button', { name: 'This is my book' }).click();
  await page.getByRole('button', { name: 'Yes, this is my book' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${id}$`));

  // Left unpaid: the top bar counts it and My Books offers to continue.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Cart, 1 book' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 book' }).click();
  await page.getByRole('article').first().getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your book' })).toBeVisible();
  await paidOrder(page, id);
  await page.goto('/profile');
  await expect(
    page.getByRole('article').first().getByRole('link', { name: 'Continue to payment' }),
  ).toHaveCount(0);
});
