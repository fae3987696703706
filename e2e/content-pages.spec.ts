import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';

type Language = 'en' | 'fr';

// Each content page, with its h1 and a few texts a visitor must find, in both languages.
const PAGES: Array<{
  path: string;
  title: Record<Language, RegExp>;
  h1: Record<Language, string | RegExp>;
  texts: Record<Language, Array<string | RegExp>>;
}> = [
  {
    path: '/faq',
    title: { en: /^Questions and answers · Cuddle Tales$/, fr: /^Questions fréquentes · Contes Doudou$/ },
    h1: { en: 'Questions and answers', fr: 'Questions fréquentes' },
    texts: {
      en: ['How does the personalisation work?', 'Do you ship worldwide?', 'How can I reach you?'],
      fr: [/Comment fonctionne la personnalisation/, /Livrez-vous dans le monde entier/],
    },
  },
  {
    path: '/affiliate',
    title: { en: /^Affiliate programme · Cuddle Tales$/, fr: /^Programme d’affiliation · Contes Doudou$/ },
    h1: { en: /earn with every book/, fr: /gagnez avec chaque livre/ },
    texts: {
      en: [
        '1–10 sales per month',
        '11–25 sales per month',
        '26 or more sales per month',
        '15%',
        '20%',
        '30%',
      ],
      fr: ['1 à 10 ventes par mois', /^15\s%$/, /^30\s%$/],
    },
  },
  {
    path: '/privacy',
    title: { en: /^Privacy policy · Cuddle Tales$/, fr: /^Politique de confidentialité · Contes Doudou$/ },
    h1: { en: 'Privacy policy', fr: 'Politique de confidentialité' },
    texts: {
      en: [/deleted 3 weeks after your book is delivered/, /kept 6 months/, /kept 90 days/],
      fr: [/supprimées 3\ssemaines après la livraison/, /conservés 90\sjours/],
    },
  },
  {
    path: '/terms',
    title: {
      en: /^Terms and conditions · Cuddle Tales$/,
      fr: /^Conditions générales de vente · Contes Doudou$/,
    },
    h1: { en: 'Terms and conditions', fr: 'Conditions générales de vente' },
    texts: {
      en: [/governed by Swiss law/, /offers no subscription today/],
      fr: [/soumis au droit suisse/, /ne propose aujourd’hui aucun abonnement/],
    },
  },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test.describe('content pages', () => {
  for (const language of ['en', 'fr'] as const) {
    for (const viewport of VIEWPORTS) {
      for (const content of PAGES) {
        test(`${content.path} in ${language} on a ${viewport.name}`, async ({ page }) => {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
          const response = await page.goto(content.path);
          expect(response?.status()).toBe(200);

          const main = page.getByRole('main');
          await expect(main.getByRole('heading', { level: 1, name: content.h1[language] })).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          await expect(page).toHaveTitle(content.title[language]);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          for (const text of content.texts[language]) {
            await expect(main.getByText(text).first()).toBeVisible();
          }
          await expectNoHorizontalScroll(page);
          await expectNoSeriousA11yIssues(page);
        });
      }
    }
  }

  test('the footer links reach every content page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, path, h1] of [
      ['Affiliate programme', '/affiliate', /earn with every book/],
      ['Questions and answers', '/faq', 'Questions and answers'],
      ['Privacy policy', '/privacy', 'Privacy policy'],
      ['Terms and conditions', '/terms', 'Terms and conditions'],
    ] as const) {
      await footer.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    }
  });

  test('the FAQ opens one answer at a time, with prices from the shipping table', async ({ page }) => {
    await page.goto('/faq');
    const shipping = page.getByRole('button', { name: 'Do you ship worldwide?' });
    const printing = page.getByRole('button', { name: 'How long does printing take?' });
    await shipping.click();
    await expect(page.getByRole('row', { name: /^Switzerland/ })).toContainText(/CHF\s4\.99/);
    await printing.click();
    await expect(shipping).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText(/takes 2 to 7 working days/)).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });

  test('the privacy policy switches its own language, and its contents links jump to the section', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Your rights' })
      .click();
    await expect(page).toHaveURL(/\/privacy#your-rights$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInViewport();

    const french = page
      .getByRole('group', { name: 'Read this page in' })
      .getByRole('button', { name: 'Français' });
    await french.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await page.getByRole('main').getByRole('link', { name: 'conditions générales de vente' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conditions générales de vente' }),
    ).toBeVisible();
  });
});
