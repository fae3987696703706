import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { renderApp } from '../../test-utils';
import { mockAuthApi, ok, sessionFor } from '../auth/mock-auth-api';

// Records whether anything (a router Link would) cancelled the browser's own navigation, then cancels
// it so jsdom does not try to load the page. Runs after React's handlers, which sit on the root.
function watchFullPageLoads() {
  const clicks: Array<{ href: string | null; prevented: boolean }> = [];
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a');
    clicks.push({ href: anchor?.getAttribute('href') ?? null, prevented: event.defaultPrevented });
    event.preventDefault();
  };
  window.addEventListener('click', onClick);
  cleanups.push(() => window.removeEventListener('click', onClick));
  return clicks;
}
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('top bar', () => {
  it('opens the themes page with a full page load from the build button', async () => {
    const { user, router } = renderApp('/');
    const banner = await screen.findByRole('banner');
    const build = within(banner).getByRole('link', { name: 'Build my book' });
    expect(build).toHaveAttribute('href', '/themes?type=storybook');

    const clicks = watchFullPageLoads();
    await user.click(build);
    expect(clicks).toEqual([{ href: '/themes?type=storybook', prevented: false }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('counts the signed-in parent’s approved unpaid books on the cart, which leads to them', async () => {
    mockAuthApi({
      'GET /api/auth/get-session': ok(sessionFor('ana@example.com')),
      'GET /api/books/unpaid-count': ok({ count: 2 }),
    });
    renderApp('/nope');
    const banner = await screen.findByRole('banner');
    const cart = await within(banner).findByRole('link', { name: 'Cart, 2 books' });
    expect(cart).toHaveAttribute('href', '/profile');
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent(/^2$/);
  });

  it('has a logo that links home and a sign-in button that leads to /auth', async () => {
    renderApp('/nope');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Cuddle Tales' })).toHaveAttribute('href', '/');
    // The account corner holds its place until the session is read, then offers sign-in.
    expect(await within(banner).findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('switches every text to French from the language menu and saves the choice', async () => {
    const { user } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /bedtime story starring your child/ }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Language: English. Change language' }));
    // The menu's code loads on first use, so it opens a moment after the click.
    const english = await screen.findByRole('menuitemradio', { name: 'English' });
    expect(english).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Français' }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /dont votre enfant et son doudou sont les héros/,
      }),
    ).toBeVisible();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Créer mon livre' })).toBeVisible();
    expect(within(banner).getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Langue\s: Français/ })).toBeVisible();
    expect(screen.getByText('Créé avec amour pour les petits rêveurs')).toBeVisible();
    expect(screen.queryByText('Build my book')).not.toBeInTheDocument();
    expect(screen.queryByText('Made with love for little dreamers')).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('opens the language menu from the keyboard with the focus on the first language', async () => {
    const { user } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Language: English. Change language' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English. Change language' })).toHaveFocus();
  });

  it('comes back in French after a reload when French was chosen', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Contes Doudou' })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Créer mon livre' })).toBeVisible();
  });

  it('changes the logo image and its alt text with the language', async () => {
    const { user } = renderApp('/');
    const banner = await screen.findByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'Cuddle Tales' });
    expect(logo).toHaveAttribute('src', '/brand/logo-en.svg');

    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }));

    const frenchLogo = await within(banner).findByRole('img', { name: 'Contes Doudou' });
    expect(frenchLogo).toHaveAttribute('src', '/brand/logo-fr.svg');
    expect(within(banner).queryByRole('img', { name: 'Cuddle Tales' })).not.toBeInTheDocument();
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('footer', () => {
  it('links the company and legal pages and signs with the year and the shop name', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const company = within(footer).getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'Affiliate programme' })).toHaveAttribute(
      'href',
      '/affiliate',
    );
    expect(within(company).getByRole('link', { name: 'Questions and answers' })).toHaveAttribute(
      'href',
      '/faq',
    );
    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Cuddle Tales. All rights reserved.`),
    ).toBeVisible();
    expect(within(footer).getByText('Made with love for little dreamers')).toBeVisible();
  });
});

describe('demo shop ribbon', () => {
  afterEach(() => {
    delete document.documentElement.dataset.shopMode;
    delete document.documentElement.dataset.outbox;
  });

  it('says on every page of a demo shop that no payment is real, with the outbox for this machine', async () => {
    document.documentElement.dataset.shopMode = 'demo';
    document.documentElement.dataset.outbox = '/dev/outbox';
    renderApp('/');
    const ribbon = await screen.findByRole('complementary', { name: 'Demo shop' });
    expect(ribbon).toHaveTextContent('Demo shop — no real payments');
    expect(within(ribbon).getByRole('link', { name: 'Read the e-mails it sent' })).toHaveAttribute(
      'href',
      '/dev/outbox',
    );
  });

  it('offers no outbox to a visitor from elsewhere, and shows nothing in a live shop', async () => {
    document.documentElement.dataset.shopMode = 'demo';
    const { unmount } = renderApp('/');
    const ribbon = await screen.findByRole('complementary', { name: 'Demo shop' });
    expect(within(ribbon).queryByRole('link')).toBeNull();
    unmount();
    delete document.documentElement.dataset.shopMode;
    renderApp('/');
    await screen.findByRole('banner');
    expect(screen.queryByText(/no real payments/)).toBeNull();
  });
});
