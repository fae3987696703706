import { expect, type Page, test } from '@playwright/test';
import { HYDRATED_EVENT } from '../src/shared/storefront';
import { expectNoSeriousA11yIssues } from './support/axe';

/** The slide shown now: the others are hidden from assistive technology (aria-hidden). */
const shownSlide = (page: Page, carousel: string) =>
  page.getByRole('region', { name: carousel }).getByRole('group', { name: /\d of \d/ });

/** Waits until every image on the page has loaded (or failed), so axe and screenshots see the page. */
async function imagesSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.loading !== 'lazy')
      .every((image) => image.complete),
  );
}

/**
 * The storefront pages are painted by the server and load the app at the visitor's first pointer,
 * key, touch or focus (docs/decisions/017). A key that does nothing else wakes it.
 */
async function wakeApp(page: Page) {
  await page.keyboard.press('Shift');
}

/** Errors in the page and in its console (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('storefront painted from HTML', () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    for (const [language, locale, heading] of [
      ['en', 'en-GB', 'A bedtime story starring your child and their cuddly friend'],
      ['fr', 'fr-CH', 'L’histoire du soir dont votre enfant et son doudou sont les héros'],
    ] as const) {
      test(`the home page shows its heading and hero in ${language}`, async ({ browser, baseURL }) => {
        // The browser's language (Accept-Language) chooses the page's.
        const context = await browser.newContext({ javaScriptEnabled: false, locale, baseURL });
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        const firstPicture = page.locator('img[fetchpriority="high"]').first();
        await expect(firstPicture).toHaveAttribute('srcset', /hero-1-720\.webp 720w/);
        await expect(firstPicture).toHaveJSProperty('complete', true);
        expect(await firstPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
          0,
        );
        await expect(
          page.getByRole('banner').getByRole('link', { name: /Sign in|Se connecter/ }),
        ).toBeVisible();
        // The tab's icon is in the page, not one more request beside the first picture (issue 33),
        // and the logo does not compete with that picture.
        await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
          'href',
          /^data:image\/svg\+xml,%3Csvg /,
        );
        await expect(page.getByRole('banner').locator('img').first()).toHaveAttribute('fetchpriority', 'low');
        // The later pictures, which wait for the page's script where there is one, show without it.
        const later = page.locator('img[src="/catalog/home/hero-2.webp"]');
        await expect(later).toHaveCount(1);
        await expect(page.locator('img[data-defer-src]').first()).toBeHidden();
        await expect
          .poll(() => later.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
      });
    }

    // The page inlines only the rules it uses (src/server/storefront/critical-css.ts): with the
    // app's whole stylesheet added it must look exactly the same, at a phone's and a desktop's width.
    for (const width of [390, 1280]) {
      test(`a page's inlined styles are all it needs to look right at ${width} px`, async ({
        page,
        request,
      }, testInfo) => {
        const index = await (await request.get('/index.html')).text();
        const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"/.exec(index)?.[1];
        expect(stylesheet).toBeTruthy();
        await page.setViewportSize({ width, height: 900 });
        for (const url of [
          '/',
          '/themes?type=storybook',
          '/theme/guardian-friend?type=storybook',
          '/privacy',
        ]) {
          await page.unroute('**/*');
          await page.goto(url);
          await imagesSettled(page);
          const painted = await page.screenshot({ fullPage: true });
          await page.route('**/*', async (route) => {
            if (route.request().resourceType() !== 'document') return route.continue();
            const response = await route.fetch();
            const html = (await response.text()).replace(
              '</head>',
              `<link rel="stylesheet" href="${stylesheet}"></head>`,
            );
            await route.fulfill({ response, body: html });
          });
          await page.goto(url);
          await expect(page.locator(`link[href="${stylesheet}"]`)).toHaveCount(1);
          await imagesSettled(page);
          const whole = await page.screenshot({ fullPage: true });
          if (!painted.equals(whole)) {
            await testInfo.attach(`${url} inlined`, { body: painted, contentType: 'image/png' });
            await testInfo.attach(`${url} whole`, { body: whole, contentType: 'image/png' });
          }
          expect(painted.equals(whole), `${url} looks different with the whole stylesheet`).toBe(true);
        }
      });
    }

    test('the themes and a theme show their catalogue, and links lead on', async ({ page }) => {
      await page.goto('/themes?type=storybook');
      const card = page.getByRole('article', { name: 'My Guardian Friend' });
      await expect(card).toContainText('From CHF 29.99');
      await card.getByRole('link', { name: 'See inside' }).click();
      await expect(page).toHaveURL(/\/theme\/guardian-friend\?type=storybook$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
      await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    });
  });

  test('asks for the pictures below the first one and the web fonts only once the page has loaded', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const asked: string[] = [];
    let loadedAt = -1;
    page.on('request', (request) => {
      if (['image', 'font'].includes(request.resourceType())) asked.push(request.url());
    });
    page.on('load', () => {
      loadedAt = asked.length;
    });
    await page.goto('/');
    await expect(page.locator('img[data-defer-src]')).toHaveCount(0);
    const before = asked.slice(0, loadedAt);
    expect(before.some((url) => url.includes('/catalog/home/hero-1'))).toBe(true);
    expect(before.filter((url) => url.endsWith('.woff2'))).toEqual([]);
    expect(before.filter((url) => /hero-[234]|product-/.test(url))).toEqual([]);
    const second = page.locator('img[src="/catalog/home/hero-2.webp"]');
    await expect
      .poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // …the storefront script's own doing: the app has not been loaded for it.
    expect(asked.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/assets\/main-/.test(entry.name)),
      ),
    ).toBe(false);
    // The web fonts too: the page is drawn first with their local stand-ins, then they come, and
    // the next page names them at once (a cookie says this browser has them).
    const fontsAsked = () =>
      performance.getEntriesByType('resource').filter((entry) => /\.woff2$/.test(entry.name)).length;
    await expect.poll(() => page.evaluate(fontsAsked)).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((font) => font.family.includes('Fredoka') && font.status === 'loaded'),
        ),
      )
      .toBe(true);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'fonts')).toBe(true);
    await page.goto('/themes');
    await expect(page.locator('#web-fonts')).toHaveCount(0);
    expect(await page.locator('style').first().textContent()).toContain('.woff2');
    expect(errors).toEqual([]);
  });

  test('loads the app only when the visitor acts, and their first press counts', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The storefront's own few lines only: no React, no router, no texts.
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/storefront-[\w-]+\.js$/));
    expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toEqual([]);

    const hero = page.getByRole('region', { name: 'Pictures from our storybooks' });
    await hero.getByRole('button', { name: 'Show slide 3' }).click();
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '3 of 4');
    expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toHaveLength(1);
    // The page now behaves as the app: a link is followed without a page load.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Questions and answers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the language menu opened before the app is there opens once it is', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/themes');
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Choisissez le livre d’histoires de votre enfant',
    );
    // The choice reaches the server: the next page is painted in French.
    const response = await page.request.get('/themes');
    expect(await response.text()).toContain('lang="fr"');
    expect(errors).toEqual([]);
  });

  test('the app taking the page over leaves the visitor where they scrolled', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 390, height: 800 });
    for (const url of ['/privacy', '/privacy#your-rights']) {
      await page.goto(url);
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
      const scrolled = await page.evaluate(() => scrollY);
      await wakeApp(page);
      await expect(page.locator('link[rel="stylesheet"][href*="/assets/main-"]')).toHaveCount(1);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
      // The app's own pages still start at their top.
      await page.getByRole('link', { name: 'Terms and conditions' }).first().click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  test('a press made while the app is taking the page over is not lost', async ({ page }) => {
    const errors = collectErrors(page);
    // The press lands right after the app has started hydrating (HYDRATED_EVENT), before React has
    // taken the button over: the window where a press was once lost (issue 19).
    await page.addInitScript((hydratedEvent) => {
      document.addEventListener(hydratedEvent, () => {
        queueMicrotask(() => {
          const french = Array.from(document.querySelectorAll('button')).find(
            (button) => button.textContent?.trim() === 'Français',
          );
          french?.click();
        });
      });
    }, HYDRATED_EVENT);
    // Scripts arrive slowly, as on a phone: the page's parts React loads while hydrating are late.
    await page.route(/\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto('/privacy');
    await wakeApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    expect(errors).toEqual([]);
  });
});

test.describe('storefront', () => {
  test('home shows the four-picture hero, the selling points and the seeded "from" price', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page).toHaveTitle('Cuddle Tales · Personalised bedtime storybooks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'A bedtime story starring your child and their cuddly friend',
    );

    const hero = page.getByRole('region', { name: 'Pictures from our storybooks' });
    await expect(hero.getByRole('group', { includeHidden: true })).toHaveCount(4);
    const firstPicture = hero.locator('img').first();
    await expect(firstPicture).toHaveAttribute('fetchpriority', 'high');
    await expect(firstPicture).toHaveJSProperty('complete', true);
    expect(await firstPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    for (const point of [
      'True to the photo',
      'Keepsake quality',
      'Personalise in minutes',
      'Extra personal',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: point })).toBeVisible();
    }

    const card = page.getByRole('article', { name: 'Personalised storybook' });
    await expect(card).toContainText('From CHF 29.99');
    await expect(card).toContainText('Ages 2–8');
    await expect(card.getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    await expect(
      page
        .getByRole('region', { name: 'What makes the book special' })
        .getByRole('group', { includeHidden: true }),
    ).toHaveCount(3);
    await imagesSettled(page);
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });

  test('the hero moves on by itself after four seconds and with its buttons', async ({ page }) => {
    await page.goto('/');
    await wakeApp(page);
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '1 of 4');
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '2 of 4', {
      timeout: 6000,
    });
    const hero = page.getByRole('region', { name: 'Pictures from our storybooks' });
    await hero.getByRole('button', { name: 'Show slide 4' }).click();
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '4 of 4');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '1 of 4');
    // Embla really slides the track back to the first picture.
    const heroBox = await hero.boundingBox();
    await expect
      .poll(async () =>
        Math.abs(((await hero.locator('img').first().boundingBox())?.x ?? -1) - (heroBox?.x ?? 0)),
      )
      .toBeLessThan(1);
  });

  test('stays still for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await wakeApp(page);
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '1 of 4');
    await page.waitForTimeout(4500);
    await expect(shownSlide(page, 'Pictures from our storybooks')).toHaveAttribute('aria-label', '1 of 4');
  });

  test('the product card opens the storybook themes with a full page load', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page
      .getByRole('article', { name: 'Personalised storybook' })
      .getByRole('link', { name: 'Create my storybook' })
      .click();
    await expect(page).toHaveURL(/\/themes\?type=storybook$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your child’s storybook' }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  });

  test('themes list, then See inside, then the theme detail', async ({ page }) => {
    await page.goto('/themes?type=storybook');
    await expect(page).toHaveTitle('Storybook themes · Cuddle Tales');
    const card = page.getByRole('article', { name: 'My Guardian Friend' });
    await expect(card).toContainText('From CHF 29.99');
    await expect(card).toContainText('Ages 2–8');
    await expect(card.getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=storybook',
    );
    await imagesSettled(page);
    await expectNoSeriousA11yIssues(page);

    await card.getByRole('link', { name: 'See inside' }).click();
    await expect(page).toHaveURL(/\/theme\/guardian-friend\?type=storybook$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
    await expect(page).toHaveTitle('My Guardian Friend · Cuddle Tales');
    await expect(page.getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=storybook',
    );
    await expect(page.getByText('From CHF 29.99')).toBeVisible();

    const gallery = page.getByRole('region', { name: 'Pages from My Guardian Friend' });
    await expect(gallery.getByRole('group', { includeHidden: true })).toHaveCount(5);
    await gallery.getByRole('button', { name: 'Show picture 3' }).click();
    await expect(shownSlide(page, 'Pages from My Guardian Friend')).toHaveAttribute(
      'aria-label',
      'Picture 3 of 5',
    );
    await expect(
      page.getByRole('list', { name: 'What the story is about' }).getByRole('listitem'),
    ).toHaveCount(4);
    // No review is invented (issue 20): only approved reviews of delivered orders show, and no
    // journey here approves one.
    await expect(page.getByRole('region', { name: 'What parents say' })).toHaveCount(0);
    await imagesSettled(page);
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('link', { name: 'All storybook themes' }).click();
    await expect(page).toHaveURL(/\/themes\?type=storybook$/);
  });

  test('a favourite survives a reload', async ({ page }) => {
    await page.goto('/theme/guardian-friend?type=storybook');
    const heart = page.getByRole('button', { name: 'Favourite' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('favoritedThemes'))).toBe(
      '["guardian-friend-storybook"]',
    );
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

    // The coloring book of the same theme is a favourite of its own.
    await page.goto('/theme/guardian-friend?type=coloring');
    await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('an unknown theme says so inside the shop, with a way back', async ({ page }) => {
    const response = await page.goto('/theme/nope');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'We can’t find this theme' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'See all themes' }).click();
    await expect(page).toHaveURL(/\/themes\?type=storybook$/);
  });

  test('colouring in the address shows the coloring books, and links say coloring', async ({ page }) => {
    await page.goto('/themes?type=colouring');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your child’s colouring book' }),
    ).toBeVisible();
    const card = page.getByRole('article', { name: 'My Guardian Friend' });
    await expect(card.getByRole('link', { name: 'Create my colouring book' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=coloring',
    );
    await expect(card.getByRole('link', { name: 'See inside' })).toHaveAttribute(
      'href',
      '/theme/guardian-friend?type=coloring',
    );
  });

  for (const language of ['en', 'fr'] as const) {
    for (const width of [390, 1280]) {
      test(`has no serious accessibility problems in ${language} at ${width} px`, async ({ page }) => {
        // Three pages, each loaded, settled and scanned by axe: over 30 s when the machine is busy.
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
        for (const path of ['/', '/themes', '/theme/guardian-friend']) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await imagesSettled(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await expectNoSeriousA11yIssues(page);
        }
      });
    }
  }

  test('speaks French on the storefront', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'Livre d’histoires personnalisé' })).toContainText(
      /À partir de 29,99\sCHF/,
    );
    await page.goto('/theme/guardian-friend?type=storybook');
    await expect(page.getByRole('heading', { level: 1, name: 'Mon ami gardien' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Coup de cœur' })).toBeVisible();
  });
});
