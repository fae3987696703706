import { expect, type Page, test } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '../src/shared/i18n';
import { HYDRATED_EVENT, LANGUAGE_COOKIE } from '../src/shared/storefront';
import { drawnBook, finishedWizard, signUpConfirmed, uniqueEmail } from './support/shop';

// Issue 33: the reader `/book/{id}` is painted by the server for its signed-in owner and loads the
// app at the first interaction (docs/decisions/017's way). A book is drawn first: minutes.
test.describe.configure({ timeout: 420_000 });

const SHOTS = process.env.READER_SHOTS_DIR;

const WORDS = {
  en: { next: 'Next page', counter: 'Page 1 of' },
  fr: { next: 'Page suivante', counter: 'Page 1 sur' },
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

/** The app's own entry script (React and the rest) among the scripts the page asked for. */
const appScripts = (scripts: string[]) => scripts.filter((path) => /\/assets\/main-/.test(path));

/** Where the reader's first-screen parts sit on the page (layout: what must not move). */
function boxesOf(page: Page) {
  return page.evaluate(() =>
    ['h1', '[data-testid="reader-stage"]', '[data-testid="page-0"]', '[data-testid="reader-counter"]'].map(
      (selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box && [box.x, box.y, box.width, box.height].map(Math.round);
      },
    ),
  );
}

test('the painted reader looks the same once the app takes it over, its first tap counts, and it is only its owner’s', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpConfirmed(page, uniqueEmail('painted.reader'));
  const id = await finishedWizard(page);
  await drawnBook(page, id);
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

  for (const language of ['en', 'fr'] as const) {
    const words = WORDS[language];
    // The language chosen in the shop: kept in the browser and in the cookie the server reads.
    await page.evaluate(([key, code]) => localStorage.setItem(key, code), [
      LANGUAGE_STORAGE_KEY,
      language,
    ] as const);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: page.url() }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      scripts.length = 0;
      await page.goto(`/book/${id}`);
      await page.waitForLoadState('networkidle');
      const counter = page.getByTestId('reader-counter');
      // Painted: the book's first screen and the parent's own account button, without the app.
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(counter).toContainText(words.counter);
      await expect(page.getByRole('button', { name: /painted\.reader/ })).toBeVisible();
      expect(appScripts(scripts)).toEqual([]);
      const painted = await boxesOf(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reader-${language}-${width}-painted.png` });

      // A key that does nothing else wakes the app; it hydrates the page where it is.
      await page.keyboard.press('Shift');
      await expect(page.getByTestId('reader-stage')).toHaveAttribute(
        'data-layout',
        width >= 1024 ? 'spread' : 'single',
      );
      expect(await page.evaluate(() => (window as unknown as { hydrated?: boolean }).hydrated)).toBe(true);
      expect(appScripts(scripts)).toHaveLength(1);
      expect(await boxesOf(page)).toEqual(painted);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reader-${language}-${width}-app.png` });
    }
  }

  // A press on "Next page" before the app is there is held and replayed once it has the button.
  await page.setViewportSize({ width: 390, height: 844 });
  scripts.length = 0;
  await page.goto(`/book/${id}`);
  await page.waitForLoadState('networkidle');
  expect(appScripts(scripts)).toEqual([]);
  await page.getByRole('button', { name: WORDS.fr.next }).click();
  await expect(page.getByTestId('reader-counter')).toContainText('Page 2 sur');
  expect(appScripts(scripts)).toHaveLength(1);
  expect(errors).toEqual([]);

  // Another parent's session gets the app, which says the book is not theirs: nothing painted.
  const stranger = await browser.newPage({ baseURL });
  await signUpConfirmed(stranger, uniqueEmail('painted.stranger'));
  const response = await stranger.request.get(`/book/${id}`);
  expect(await response.text()).not.toContain('data-testid="reader-counter"');
  await stranger.goto(`/book/${id}`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'We can’t find this book' })).toBeVisible();
  await stranger.close();
});
