import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';

/**
 * Issue 35 (docs/decisions/030-siblings.md): a parent adds a brother and a sister in wizard step 1,
 * each with a look previewed as drawn and one with a toy of their own, goes on to the cover, and
 * finds the whole cast again after a reload; removing a child is one button.
 */
const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const personPhoto = path.join(demo, 'sample2.jpg');

test.describe.configure({ timeout: 240_000 });

test('a parent adds a brother and a sister, sees each drawn, keeps them through a reload and removes one', async ({
  page,
}) => {
  await page.goto('/wizard?theme=guardian-friend&type=storybook');
  await page.getByLabel('Your child’s first name').fill('Mia');
  await page.getByLabel('Girl').check();
  await page.getByRole('spinbutton', { name: 'Age' }).fill('5');
  await page.getByLabel('Photo of your child').setInputFiles(personPhoto);
  const crop = page.getByRole('dialog', { name: 'Crop the photo' });
  await crop.getByRole('button', { name: 'Use this photo' }).click();
  await expect(crop).toBeHidden();
  await page.getByLabel(/I confirm that I am authorised/).check();

  await page.getByRole('button', { name: 'Add a brother, sister or friend' }).click();
  // The new child's first name has the focus: the parent types at once.
  await page.keyboard.type('Leo');
  const leo = page.getByRole('article', { name: 'Leo' });
  await leo.getByText('Boy', { exact: true }).click();
  await leo.getByRole('spinbutton', { name: 'Age' }).fill('3');
  const preview = leo.getByRole('img', { name: 'Leo as drawn in the book' });
  const first = await preview.getAttribute('src');
  await leo.getByRole('radiogroup', { name: 'Hairstyle' }).locator('label[title="Afro"]').click();
  await expect(preview).not.toHaveAttribute('src', first ?? '');
  await expect
    .poll(async () => (await page.request.get((await preview.getAttribute('src'))!)).status())
    .toBe(200);
  await leo.getByLabel('Leo has a cuddly toy of their own too').check();
  await leo.getByLabel('Name of Leo’s toy').fill('Bunny');

  await page.getByRole('button', { name: 'Add another child' }).click();
  await page.keyboard.type('Zoé');
  const zoe = page.getByRole('article', { name: 'Zoé' });
  await zoe.getByText('Girl', { exact: true }).click();
  await zoe.getByRole('spinbutton', { name: 'Age' }).fill('7');
  await expect(page.getByRole('button', { name: /^Add/ })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);

  // What each added child costs, from the shop's price list.
  await expect(
    page.getByText('Each child you add costs CHF 9.00 more, once per order, whatever the number of copies.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  // The hero cover shows the whole cast, and its alt text names them all.
  await expect(
    page.getByRole('img', { name: 'The book’s cover, with Mia, Leo and Zoé as the heroes' }),
  ).toBeVisible({ timeout: 60_000 });

  await page.goto('/wizard?theme=guardian-friend&type=storybook&step=1');
  await expect(page.getByRole('article', { name: 'Leo' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Zoé' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Leo' }).getByLabel('Name of Leo’s toy')).toHaveValue(
    'Bunny',
  );
  await page.getByRole('button', { name: 'Remove Zoé from the book' }).click();
  await expect(page.getByRole('article', { name: 'Zoé' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add another child' })).toBeFocused();
});
