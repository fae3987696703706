import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { deferred, fails, mockAuthApi, ok, sessionFor, signedInUntilSignOut } from '../auth/mock-auth-api';
import { AccountArea } from './account-area';

describe('AccountArea', () => {
  it('holds the place without a sign-in link while the session is read', async () => {
    const session = deferred();
    mockAuthApi({ 'GET /api/auth/get-session': session.handler });
    renderWithProviders(<AccountArea />);
    expect(screen.getByTestId('account-placeholder')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    session.release(ok(null));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('account-placeholder')).not.toBeInTheDocument();
  });

  it('shows the sign-in link when the session cannot be read', async () => {
    mockAuthApi({ 'GET /api/auth/get-session': fails(500, 'INTERNAL_ERROR', 'Internal error') });
    renderWithProviders(<AccountArea />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it("shows the e-mail's first letter, upper case, on the avatar", async () => {
    mockAuthApi({ 'GET /api/auth/get-session': ok(sessionFor('zoé.martin@example.com')) });
    renderWithProviders(<AccountArea />);
    const trigger = await screen.findByRole('button', { name: 'Your account (zoé.martin@example.com)' });
    expect(within(trigger).getByTestId('avatar-initial')).toHaveTextContent(/^Z$/);
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it("shows the user's picture instead when there is one", async () => {
    mockAuthApi({
      'GET /api/auth/get-session': ok(
        sessionFor('ana@example.com', { image: 'https://pics.example/ana.jpg' }),
      ),
    });
    const { container } = renderWithProviders(<AccountArea />);
    await screen.findByRole('button', { name: 'Your account (ana@example.com)' });
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://pics.example/ana.jpg');
    expect(screen.queryByTestId('avatar-initial')).not.toBeInTheDocument();
  });

  it('opens a menu with the e-mail, Profile and Sign out', async () => {
    mockAuthApi({ 'GET /api/auth/get-session': ok(sessionFor('ana@example.com')) });
    const { user } = renderWithProviders(<AccountArea />);
    await user.click(await screen.findByRole('button', { name: 'Your account (ana@example.com)' }));

    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('ana@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  });

  it('signs out on the server, then goes home signed out', async () => {
    const api = mockAuthApi(signedInUntilSignOut('ana@example.com'));
    const { user, router } = renderWithProviders(<AccountArea />, { path: '/theme/guardian-friend' });
    await user.click(await screen.findByRole('button', { name: 'Your account (ana@example.com)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(api.callsTo('/sign-out').map((call) => [call.method, call.body])).toEqual([['POST', {}]]);
  });

  it("says 'Failed to sign out' and stays when the server cannot sign out", async () => {
    mockAuthApi({
      'GET /api/auth/get-session': ok(sessionFor('ana@example.com')),
      'POST /api/auth/sign-out': fails(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    const { user, router } = renderWithProviders(<AccountArea />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Your account (ana@example.com)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Your account (ana@example.com)' })).toBeVisible();
  });
});
