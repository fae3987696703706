import { expect, type Page, test } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '../src/shared/i18n';
import { HYDRATED_EVENT, LANGUAGE_COOKIE } from '../src/shared/storefront';
import { finishedWizard, signUpConfirmed, uniqueEmail } from './support/shop';

// Issue 33: the profile `/profile` is painted by the server for its signed-in owner and loads the
// app at the first interaction (docs/decisions/017's way), like the reader (reader-painted.spec.ts).
test.describe.configure({ timeout: 240_000 });

const SHOTS = process.env.PROFILE_SHOTS_DIR;

const WORDS = {
  en: { books: 'My Books', orders: 'Orders' },
  de: { books: 'Meine Bücher', orders: 'Bestellungen' },
} as const;

/** Errors in the page and in its console (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const appScripts = (scripts: string[]) => scripts.filter((path) => /\/assets\/main-/.test(path));

/** Where the profile's first-screen parts sit on the page (layout: what must not move). */
function boxesOf(page: Page) {
  return page.evaluate(() =>
    ['header', '[role="tablist"]', '[role="tabpanel"]', 'footer'].map((selector) => {
      const box = document.querySelector(`main ${selector}, ${selector}`)?.getBoundingClientRect();
      return box && [box.x, box.y, box.width, box.height].map(Math.round);
    }),
  );
}

test('the painted profile looks the same once the app takes it over, and a tab pressed before counts', async ({
  page,
  browser,
}) => {
  await signUpConfirmed(page, uniqueEmail('painted.profile'));
  await finishedWizard(page, { childName: 'Maëlle' });
  const errors = collectErrors(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript((hydratedEvent) => {
    document.addEventListener(hydratedEvent, () => {
      (window as unknown as { hydrated: boolean }).hydrated = true;
    });
  }, HYDRATED_EVENT);

  for (const language of ['en', 'de'] as const) {
    const words = WORDS[language];
    await page.evaluate(([key, code]) => localStorage.setItem(key, code), [
      LANGUAGE_STORAGE_KEY,
      language,
    ] as const);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: page.url() }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      scripts.length = 0;
      await page.goto('/profile');
      await page.waitForLoadState('networkidle');
      // Painted: the parent's tabs and their book, without the app.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('tab', { name: words.books })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Maëlle').first()).toBeVisible();
      expect(appScripts(scripts)).toEqual([]);
      const painted = await boxesOf(page);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/profile-${language}-${width}-painted.png`, fullPage: true });
        // The paint alone, as a browser without JavaScript shows it.
        const bare = await browser.newContext({
          javaScriptEnabled: false,
          storageState: await page.context().storageState(),
          viewport: page.viewportSize(),
        });
        const still = await bare.newPage();
        await still.goto(page.url());
        await still.screenshot({ path: `${SHOTS}/profile-${language}-${width}-nojs.png`, fullPage: true });
        await bare.close();
      }

      // A key that does nothing else wakes the app; it hydrates the page where it is.
      await page.keyboard.press('Shift');
      await expect.poll(() => page.evaluate(() => (window as { hydrated?: boolean }).hydrated)).toBe(true);
      expect(appScripts(scripts)).toHaveLength(1);
      await page.waitForLoadState('networkidle');
      expect(await boxesOf(page)).toEqual(painted);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/profile-${language}-${width}-app.png`, fullPage: true });
    }
  }

  // A press on the Orders tab before the app is there is held and replayed once it has the tab.
  await page.setViewportSize({ width: 390, height: 844 });
  scripts.length = 0;
  await page.goto('/profile');
  await page.waitForLoadState('networkidle');
  expect(appScripts(scripts)).toEqual([]);
  await page.getByRole('tab', { name: WORDS.de.orders }).click();
  await expect(page.getByRole('tab', { name: WORDS.de.orders })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=orders/);
  expect(appScripts(scripts)).toHaveLength(1);
  // The tab's address is painted too, and its tab is the open one.
  await page.goto('/profile?tab=orders');
  await expect(page.getByRole('tab', { name: WORDS.de.orders })).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});
