import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeTheme, mockCatalogApi } from '../features/themes/testing/mock-catalog-api';
import { renderApp } from '../test-utils';

// The first render of a lazy page compiles its chunk; under a loaded test run that can pass a second.
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('themes page', () => {
  it('lists the storybook themes with picture, texts, ages, price and both buttons', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/themes?type=storybook');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your child’s storybook' }),
    ).toBeVisible();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByText(/favourite cuddly toy keeps watch/)).toBeVisible();
    expect(within(card).getByText('Ages 2–8')).toBeVisible();
    await waitFor(() => expect(plain(within(card).getByText(/^From/).textContent)).toBe('From CHF 29.99'));
    const image = within(card).getByRole('img');
    expect(image).toHaveAttribute('src', '/catalog/themes/guardian-friend/gallery-1.webp');
    expect(image.getAttribute('srcset')).toContain('/catalog/themes/guardian-friend/gallery-1-600.webp 600w');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '900');

    expect(within(card).getByRole('link', { name: 'See inside' })).toHaveAttribute(
      'href',
      '/theme/guardian-friend?type=storybook',
    );
    expect(within(card).getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=storybook',
    );
    expect(requests.map((url) => url.pathname + url.search)).toContain('/api/catalog/themes?type=storybook');
    await waitFor(() => expect(document.title).toBe('Storybook themes · Cuddle Tales'));
  });

  it('shows the storybooks when the type is missing or unknown', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/themes?type=comics');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your child’s storybook' }),
    ).toBeVisible();
    await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(requests.map((url) => url.search)).toContain('?type=storybook');
  });

  it('reads colouring as coloring: asks the API for coloring and links say coloring', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/themes?type=colouring');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your child’s colouring book' }),
    ).toBeVisible();
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(requests.map((url) => url.pathname + url.search)).toContain('/api/catalog/themes?type=coloring');
    expect(requests.some((url) => url.search.includes('colouring'))).toBe(false);
    expect(within(card).getByRole('link', { name: 'See inside' })).toHaveAttribute(
      'href',
      '/theme/guardian-friend?type=coloring',
    );
    expect(within(card).getByRole('link', { name: 'Create my colouring book' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=coloring',
    );
    const switcher = screen.getByRole('navigation', { name: 'Kind of book' });
    expect(within(switcher).getByRole('link', { name: 'Colouring books' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when no theme offers the book type, with a way to the other books', async () => {
    mockCatalogApi({ themes: [makeTheme({ bookTypes: ['storybook'] })] });
    renderApp('/themes?type=coloring');
    expect(await screen.findByRole('heading', { name: 'No themes here yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the storybooks' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers a retry when the themes cannot be loaded, and shows them once they can', async () => {
    let fail = true;
    mockCatalogApi({
      themeList: (type) =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'down' } }, 503)
          : jsonResponse({ type, themes: [makeTheme()] }),
    });
    const { user } = renderApp('/themes');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByRole('heading', { name: 'We couldn’t load the themes' })).toBeVisible();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'My Guardian Friend' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to the theme detail from See inside', async () => {
    mockCatalogApi();
    const { user, router } = renderApp('/themes?type=storybook');
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    await user.click(within(card).getByRole('link', { name: 'See inside' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/theme/guardian-friend');
    expect(router.state.location.search).toBe('?type=storybook');
  });

  it('reorder: carries the child along, list to detail to the wizard', async () => {
    mockCatalogApi();
    const character = 'c0000000-0000-4000-8000-000000000001';
    const { user, router } = renderApp(`/themes?type=storybook&character=${character}`);
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      `/wizard?theme=guardian-friend&type=storybook&character=${character}`,
    );
    expect(screen.getByRole('link', { name: 'Colouring books' })).toHaveAttribute(
      'href',
      `/themes?type=coloring&character=${character}`,
    );
    await user.click(within(card).getByRole('link', { name: 'See inside' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/theme/guardian-friend');
    expect(router.state.location.search).toBe(`?type=storybook&character=${character}`);
    expect(screen.getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      `/wizard?theme=guardian-friend&type=storybook&character=${character}`,
    );
    expect(screen.getByRole('link', { name: 'All storybook themes' })).toHaveAttribute(
      'href',
      `/themes?type=storybook&character=${character}`,
    );
  });

  it('drops a character that is not an id', async () => {
    mockCatalogApi();
    renderApp('/themes?type=storybook&character=..%2Fadmin');
    const card = await screen.findByRole('article', { name: 'My Guardian Friend' });
    expect(within(card).getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=storybook',
    );
  });

  it('speaks French to a French visitor', async () => {
    mockCatalogApi();
    renderApp('/themes?type=storybook', { language: 'fr' });
    const card = await screen.findByRole('article', { name: 'Mon ami gardien' });
    expect(within(card).getByRole('link', { name: 'Voir l’intérieur' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Créer mon livre d’histoires' })).toBeVisible();
    await waitFor(() =>
      expect(plain(within(card).getByText(/^À partir/).textContent)).toBe('À partir de 29,99 CHF'),
    );
  });
});
