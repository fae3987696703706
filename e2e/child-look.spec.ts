import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';

/**
 * Wizard step 2, "Does this look like Mia?", with the parts of the look added for issue 30
 * (docs/decisions/024-more-of-the-child.md): the clothes, new hairstyles, face details, hearing.
 * With SCREENSHOTS set, the step is shot at 390 and 1280 px in English, French, German and Italian.
 */
const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const personPhoto = path.join(demo, 'sample2.jpg');

test.describe.configure({ timeout: 240_000 });

async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({
      path: path.join(process.env.SCREENSHOTS, `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a parent dresses the drawn child, gives her afro puffs, freckles and a cochlear implant on her left ear, by mouse and keyboard', async ({
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
  await page.getByRole('button', { name: 'Next' }).click();
  const cover = page.getByRole('img', { name: 'The book’s cover, with Mia as the hero' });
  await expect(cover).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Does this look like Mia?' })).toBeVisible();
  const readCover = await cover.getAttribute('src');

  // The options are labels around visually hidden radios: a parent taps the label.
  const option = (group: string, name: string) =>
    page
      .getByRole('radiogroup', { name: group })
      .locator('label')
      .filter({ hasText: new RegExp(`^${name}$`) });
  await option('Day clothes', 'Dress').click();
  await page.getByRole('radiogroup', { name: 'Dress colour' }).locator('label[title="Green"]').click();
  await page.getByRole('radiogroup', { name: 'Shoes colour' }).locator('label[title="White"]').click();
  await option('Hairstyle', 'Afro puffs').click();
  // The keyboard: Tab reaches a radio group, the arrows move in it; Space ticks a detail.
  await page.getByRole('radiogroup', { name: 'Hearing' }).getByRole('radio', { name: 'Nothing' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('radiogroup', { name: 'Hearing' }).getByRole('radio', { name: 'Cochlear implant' }),
  ).toBeChecked();
  // Which ear: the hearing aids arrowed over came on both ears, the implant kept them; the arrows
  // move it to her left ear.
  const ears = page.getByRole('radiogroup', { name: 'Which ear' });
  await expect(ears.getByRole('radio', { name: 'Both ears' })).toBeChecked();
  await ears.getByRole('radio', { name: 'Both ears' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(ears.getByRole('radio', { name: 'Left ear' })).toBeChecked();
  const details = page.getByRole('group', { name: 'Little details' });
  await details.getByRole('checkbox', { name: 'Freckles' }).focus();
  await page.keyboard.press('Space');
  await expect(details.getByRole('checkbox', { name: 'Freckles' })).toBeChecked();

  await expect(cover).not.toHaveAttribute('src', readCover ?? '', { timeout: 60_000 });
  await expect(page.getByText('The cover is up to date.')).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousA11yIssues(page);
  // A reload shows the adjusted look: the server kept every part.
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Day clothes' }).getByRole('radio', { name: 'Dress' }),
  ).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Shoes colour' }).getByRole('radio', { name: 'White' }),
  ).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Hearing' }).getByRole('radio', { name: 'Cochlear implant' }),
  ).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Which ear' }).getByRole('radio', { name: 'Left ear' }),
  ).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Little details' }).getByRole('checkbox', { name: 'Freckles' }),
  ).toBeChecked();
  await shoot(page, 'step2-look-en');

  for (const [language, heading, dress] of [
    ['fr', 'Est-ce que ça ressemble à Mia\u00a0?', 'Robe'],
    ['de', 'Sieht das aus wie Mia?', 'Kleid'],
    ['it', 'Assomiglia a Mia?', 'Vestitino'],
  ] as const) {
    await page.evaluate((lng) => localStorage.setItem('language', lng), language);
    await page.reload();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: dress, exact: true })).toBeChecked();
    await shoot(page, `step2-look-${language}`);
  }
});
