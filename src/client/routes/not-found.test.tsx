import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils';

describe('not-found page', () => {
  it('answers an unknown path with "Oops! Page not found" and a link home', async () => {
    const { user, router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    const home = screen.getByRole('link', { name: 'Back to the home page' });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);
    expect(await screen.findByRole('heading', { level: 1, name: /bedtime story/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks French to a French visitor', async () => {
    renderApp('/nope', { language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Oups\s! Page introuvable$/ }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});
