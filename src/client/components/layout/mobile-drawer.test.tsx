import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { renderWithProviders } from '../../test-utils';
import { mockAuthApi, signedInUntilSignOut } from '../auth/mock-auth-api';
import { MobileDrawer } from './mobile-drawer';

/** Opens the drawer once the session is known (the account corner is a placeholder until then). */
async function openDrawer(path = '/') {
  const view = renderWithProviders(<MobileDrawer />, { path });
  await view.user.click(screen.getByRole('button', { name: 'Open menu' }));
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  await waitFor(() => expect(within(drawer).queryByTestId('account-placeholder')).not.toBeInTheDocument());
  return { ...view, drawer };
}

describe('MobileDrawer', () => {
  beforeEach(() => {
    mockAuthApi(); // a visitor: get-session answers null
  });

  it('opens from the menu button with the build button, the languages and sign-in', async () => {
    const { drawer } = await openDrawer();
    expect(drawer).toHaveAccessibleDescription('Build a book, choose your language or sign in.');
    expect(within(drawer).getByRole('link', { name: 'Build my book' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    const languages = within(drawer).getByRole('group', { name: 'Language' });
    expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(languages).getByRole('button', { name: 'Français' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(drawer).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('closes with its close button and gives focus back to the menu button', async () => {
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user } = await openDrawer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the overlay is clicked', async () => {
    const { user } = await openDrawer();
    await user.click(screen.getByTestId('sheet-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches to French from the language row and saves the choice', async () => {
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Français' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('link', { name: 'Créer mon livre' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('shows the e-mail, Profile and Sign out to a signed-in user', async () => {
    const api = mockAuthApi(signedInUntilSignOut('ana@example.com'));
    const { user, drawer, router } = await openDrawer('/themes');
    expect(drawer).toHaveAccessibleDescription('Build a book, choose your language or open your account.');
    expect(within(drawer).getByText('ana@example.com')).toBeVisible();
    expect(within(drawer).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(drawer).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('/sign-out')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
