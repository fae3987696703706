import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';
import { approvedBook, finishedWizard, signUpConfirmed, uniqueEmail } from './support/shop';

/**
 * Issue 20, the parent's path at a laptop's and a phone's size: the main button of every wizard and
 * checkout step in sight without scrolling, every control reached with Tab shown above the sticky
 * step bar (WCAG 2.4.11), focus back on the photo field after the crop dialog, axe at 0 serious.
 * SCREENSHOTS=folder keeps a picture of each changed screen in English and French.
 */

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const personPhoto = path.join(demo, 'sample2.jpg');
const toyPhoto = path.join(demo, 'sample4.jpg');
const shots = process.env.SCREENSHOTS;

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe.configure({ timeout: 400_000 });

/** The step bar kept at the bottom of the window. */
const stepBar = (page: Page) => page.getByRole('navigation', { name: /^(Wizard|Checkout) steps$/ });

/** Inside the window as it is, without scrolling: the page is at its top and the box fully shows. */
async function expectInSight(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const size = page.viewportSize()!;
  expect(box.y, 'top inside the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom inside the window').toBeLessThanOrEqual(size.height);
  expect(box.x + box.width, 'inside the window’s width').toBeLessThanOrEqual(size.width);
}

/** Where the focused control shows (a visually hidden input through its label) and the step bar's top. */
function focusedBox(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const bar = document.querySelector('nav.sticky.bottom-0');
    const inBar = bar?.contains(element) ?? false;
    let box = element.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) {
      const label = (element as HTMLInputElement).labels?.[0] ?? element.closest('label');
      if (label) box = label.getBoundingClientRect();
    }
    return {
      what: element.outerHTML.slice(0, 120),
      inBar,
      top: box.top,
      bottom: box.bottom,
      barTop: bar ? bar.getBoundingClientRect().top : window.innerHeight,
    };
  });
}

/**
 * Tabs from the step's heading through every control until the step bar: each one shows inside the
 * window and above the step bar (compared as boxes), never under it. Answers how many were checked.
 */
async function tabThroughStep(page: Page, heading: Locator, limit = 60): Promise<number> {
  await heading.focus();
  let checked = 0;
  for (let n = 0; n < limit; n++) {
    await page.keyboard.press('Tab');
    const box = await focusedBox(page);
    if (!box || box.inBar) break;
    expect(box.top, `${box.what} below the window’s top`).toBeGreaterThanOrEqual(-0.5);
    expect(box.bottom, `${box.what} above the step bar`).toBeLessThanOrEqual(box.barTop + 0.5);
    checked++;
  }
  return checked;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** The same screen in French, pictured, then back in English (the language key of localStorage). */
async function shootBothLanguages(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  if (!shots) return;
  await shoot(page, `${name}-en`);
  await page.evaluate(() => localStorage.setItem('language', 'fr'));
  await page.reload();
  await ready(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, `${name}-fr`);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await ready(page);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the wizard: each step’s main button in sight, focus never under the step bar, a new cover is another one', async ({
      page,
    }) => {
      await page.goto('/wizard?theme=guardian-friend&type=storybook');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(page.getByText('Step 1 of 5')).toBeVisible();
      await expectInSight(page, stepBar(page).getByRole('button', { name: /^Next/ }));
      await expectNoSeriousA11yIssues(page);

      // Step 1 with the keyboard's eye: name, gender, age, the photo field, the consent.
      expect(await tabThroughStep(page, heading)).toBeGreaterThanOrEqual(5);
      await page.getByLabel('Your child’s first name').fill('Mia');
      await page.getByLabel('Girl').check();
      await page.getByRole('spinbutton', { name: 'Age' }).fill('5');
      const photoField = page.getByLabel('Photo of your child');
      await photoField.focus();
      await photoField.setInputFiles(personPhoto);
      const crop = page.getByRole('dialog', { name: 'Crop the photo' });
      await expect(crop).toBeVisible();
      await crop.getByRole('button', { name: 'Use this photo' }).click();
      await expect(crop).toBeHidden();
      // Focus comes back to the photo field, not to the page.
      await expect(photoField).toBeFocused();
      await expect(
        page.getByRole('img', { name: 'The photo of your child, cropped to a square' }),
      ).toBeVisible({
        timeout: 30_000,
      });
      // …and shows above the step bar.
      const photoBox = (await focusedBox(page))!;
      expect(photoBox.bottom).toBeLessThanOrEqual(photoBox.barTop + 0.5);
      await page.getByLabel(/I confirm that I am authorised/).check();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInSight(page, stepBar(page).getByRole('button', { name: /^Next/ }));
      await stepBar(page).getByRole('button', { name: /^Next/ }).click();

      // Step 2: the cover, with "Approve this cover" in the step bar, in sight.
      const heroCover = page.getByRole('img', { name: 'The book’s cover, with Mia as the hero' });
      await expect(heroCover).toBeVisible({ timeout: 90_000 });
      const approve = stepBar(page).getByRole('button', { name: 'Approve this cover' });
      await expect(approve).toBeEnabled();
      await expectInSight(page, approve);
      if (viewport.name === 'laptop') {
        // On a laptop the cover and "Make a new one" show whole too.
        await expectInSight(page, heroCover);
        await expectInSight(page, page.getByRole('button', { name: 'Make a new one' }));
      }
      await expectNoSeriousA11yIssues(page);
      const firstCover = await heroCover.getAttribute('src');

      // "Make a new one" makes another picture here; the first stays to go back to.
      await page.getByRole('button', { name: 'Make a new one' }).click();
      await expect(heroCover).not.toHaveAttribute('src', firstCover ?? '', { timeout: 90_000 });
      await expect(page.getByText('Step 2 of 5')).toBeVisible();
      const secondCover = await heroCover.getAttribute('src');
      const [firstBytes, secondBytes] = await Promise.all(
        [firstCover, secondCover].map(async (src) => (await page.request.get(src!)).body()),
      );
      expect(firstBytes!.equals(secondBytes!)).toBe(false);
      const versions = page.getByRole('group', { name: 'Your covers' });
      await expect(versions.getByRole('radio')).toHaveCount(2);
      await expectInSight(page, approve);
      if (viewport.name === 'laptop') {
        // The row of earlier covers shows whole above the step bar too, the page at its top.
        await page.evaluate(() => window.scrollTo(0, 0));
        const [row, bar] = await Promise.all([versions.boundingBox(), stepBar(page).boundingBox()]);
        expect(row!.y, 'the row starts inside the window').toBeGreaterThanOrEqual(0);
        expect(row!.y + row!.height, 'the row ends above the step bar').toBeLessThanOrEqual(bar!.y);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await tabThroughStep(page, heading)).toBeGreaterThanOrEqual(3);
      await expectNoSeriousA11yIssues(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootBothLanguages(page, `wizard-cover-${viewport.width}`, async (p) => {
        await expect(p.getByRole('img', { name: /Mia/ }).first()).toBeVisible({ timeout: 30_000 });
      });

      // Back to the first cover, then approve it from the step bar.
      await versions.locator('label').first().click();
      await expect(heroCover).toHaveAttribute('src', firstCover ?? '');
      await approve.click();

      // Step 3: the toy (the approval is saved first: slow on a busy machine).
      await expect(page.getByText('Step 3 of 5')).toBeVisible({ timeout: 30_000 });
      await expectInSight(page, stepBar(page).getByRole('button', { name: /^Next/ }));
      await page.getByLabel('The cuddly toy’s name').fill('Teddy');
      const toyField = page.getByLabel('Photo of the cuddly toy');
      await toyField.setInputFiles(toyPhoto);
      await crop.getByRole('button', { name: 'Cancel' }).click();
      await expect(crop).toBeHidden();
      // Cancelled, focus is back on the photo field too.
      await expect(toyField).toBeFocused();
      await toyField.setInputFiles(toyPhoto);
      await crop.getByRole('button', { name: 'Use this photo' }).click();
      await expect(toyField).toBeFocused();
      const toyBox = (await focusedBox(page))!;
      expect(toyBox.bottom).toBeLessThanOrEqual(toyBox.barTop + 0.5);
      await expect(page.getByRole('img', { name: /cropped to a square/ })).toBeVisible({ timeout: 30_000 });
      expect(await tabThroughStep(page, heading)).toBeGreaterThanOrEqual(2);
      await stepBar(page).getByRole('button', { name: /^Next/ }).click();

      // Step 4: the toy's cover, approved from the step bar in sight.
      const toyCover = page.getByRole('img', { name: 'The cover with Teddy, the cuddly toy' });
      await expect(toyCover).toBeVisible({ timeout: 90_000 });
      await expectInSight(page, approve);
      if (viewport.name === 'laptop') await expectInSight(page, toyCover);
      expect(await tabThroughStep(page, heading)).toBeGreaterThanOrEqual(1);
      await expectNoSeriousA11yIssues(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootBothLanguages(page, `wizard-toy-cover-${viewport.width}`, async (p) => {
        await expect(p.getByRole('img', { name: /Teddy/ }).first()).toBeVisible({ timeout: 30_000 });
      });
      await approve.click();

      // Step 5: the dedication; its main button completes.
      await expect(page.getByText('Step 5 of 5')).toBeVisible();
      await expectInSight(page, stepBar(page).getByRole('button', { name: 'Complete personalization' }));
      expect(await tabThroughStep(page, heading)).toBeGreaterThanOrEqual(2);
      await expectNoSeriousA11yIssues(page);
    });

    test('the checkout: each step’s main button in sight, focus never under the step bar', async ({
      page,
    }) => {
      await signUpConfirmed(page, uniqueEmail(`parent.path.${viewport.name}`));
      const bookInstanceId = await finishedWizard(page);
      await approvedBook(page, bookInstanceId);
      await page.goto(`/checkout/${bookInstanceId}`);
      const heading = page.getByRole('heading', { level: 1, name: 'Choose your book' });
      await expect(heading).toBeVisible();
      const next = stepBar(page).getByRole('button', { name: /^Next/ });
      await expectInSight(page, next);
      await expectNoSeriousA11yIssues(page);

      // The copies' cover radios show once a copy is chosen: each reached with Tab shows above the bar.
      await page
        .getByRole('group', { name: 'Copies for the grandparents' })
        .locator('label', { has: page.getByRole('radio', { name: /^1 copy/ }) })
        .click();
      await expect(page.getByRole('group', { name: 'Cover of the copies' })).toBeVisible();
      // From the book's cover choice: the copies, their cover (a radio group is one Tab stop), …
      const firstChoice = page.getByRole('group', { name: 'Choose the cover' }).getByRole('radio').first();
      expect(await tabThroughStep(page, firstChoice)).toBeGreaterThanOrEqual(2);
      await page
        .getByRole('group', { name: 'Copies for the grandparents' })
        .locator('label', { has: page.getByRole('radio', { name: /^None/ }) })
        .click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInSight(page, next);
      await next.click();

      // Step 2: the address; the street field among those reached with Tab.
      const details = page.getByRole('heading', { level: 1 });
      await expect(page.getByLabel('Street and house number')).toBeVisible();
      await expectInSight(page, next);
      await expectNoSeriousA11yIssues(page);
      expect(await tabThroughStep(page, details)).toBeGreaterThanOrEqual(6);
      await page.getByLabel('Street and house number').focus();
      const street = (await focusedBox(page))!;
      expect(street.bottom).toBeLessThanOrEqual(street.barTop + 0.5);
      await page.getByLabel('First name').fill('Anna');
      await page.getByLabel('Last name').fill('Muster');
      await page.getByLabel('Street and house number').fill('Hauptstrasse 1');
      await page.getByLabel('Postcode').fill('8001');
      await page.getByLabel('Town or city').fill('Zürich');
      await page.getByLabel('Country').selectOption('CH');
      await next.click();

      // Step 3: the summary; its main button pays, from the step bar (one Pay button on the page).
      const pay = page.getByRole('button', { name: /^Pay CHF/ });
      await expect(pay).toBeVisible();
      await expect(pay).toHaveCount(1);
      await expect(stepBar(page).getByRole('button', { name: /^Pay CHF/ })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInSight(page, pay);
      await expectNoSeriousA11yIssues(page);
      expect(await tabThroughStep(page, details)).toBeGreaterThanOrEqual(2);
      await expectInSight(page, pay);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shootBothLanguages(page, `checkout-pay-${viewport.width}`, async (p) => {
        await expect(p.getByRole('button', { name: /^(Pay|Payer) / })).toBeVisible({ timeout: 30_000 });
      });
      await expectInSight(page, pay);
    });
  });
}
