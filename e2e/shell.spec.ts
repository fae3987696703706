import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';

test.describe('the shop shell', () => {
  test('shows the layout in English on a desktop', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Cuddle Tales/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Cuddle Tales' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Build my book' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await expect(banner.getByRole('button', { name: 'Cart, empty' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Affiliate programme', '/affiliate'],
      ['Questions and answers', '/faq'],
      ['Privacy policy', '/privacy'],
      ['Terms and conditions', '/terms'],
    ] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Cuddle Tales`);
    await expect(footer).toContainText('Made with love');
    await expectNoSeriousA11yIssues(page);
  });

  test('switches every text to French and keeps the choice after a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Créer mon livre' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Contes Doudou' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('contentinfo')).toContainText('Politique de confidentialité');
    await expect(page.getByText('Build my book')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Créer mon livre' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await expectNoSeriousA11yIssues(page);
  });

  test('answers an unknown path with the 404 page and a way home', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the 404 page in French for a French visitor', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'fr'));
    await page.goto('/nope');
    await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });

  test('opens and closes the drawer on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Build my book' })).toBeHidden();

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Build my book' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('has readable API docs under the same security headers', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/api/docs');
    // Swagger UI renders the whole OpenAPI document in the browser (3.5 s on a quiet two-core machine).
    await expect(page.getByText('Storybook shop API')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('/api/ready')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
