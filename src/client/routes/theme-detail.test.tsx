import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockCatalogApi } from '../features/themes/testing/mock-catalog-api';
import { renderApp } from '../test-utils';

// The first render of a lazy page compiles its chunk; under a loaded test run that can pass a second.
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme detail page', () => {
  it('shows the theme: pictures, tags, description, price, product button and the way back', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/theme/guardian-friend?type=storybook');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(requests.map((url) => url.pathname + url.search)).toContain(
      '/api/catalog/themes/guardian-friend?type=storybook',
    );

    const tags = screen.getByRole('list', { name: 'What the story is about' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Bedtime', 'Friendship', 'Courage', 'Magic']);
    expect(screen.getByText(/chasing away bad dreams/)).toBeVisible();
    await waitFor(() => expect(plain(screen.getByText(/^From/).textContent)).toBe('From CHF 29.99'));
    expect(screen.getByRole('link', { name: 'Create my storybook' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=storybook',
    );
    expect(screen.getByRole('link', { name: 'All storybook themes' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    await waitFor(() => expect(document.title).toBe('My Guardian Friend · Cuddle Tales'));
  });

  it('shows the five pictures in a carousel whose thumbnails pick the picture', async () => {
    mockCatalogApi();
    renderApp('/theme/guardian-friend');
    const gallery = await screen.findByRole('region', { name: 'Pages from My Guardian Friend' });
    expect(within(gallery).getAllByRole('group', { hidden: true })).toHaveLength(5);
    const shown = () => within(gallery).getByRole('group', { name: /^Picture \d of 5$/ });
    expect(shown()).toHaveAccessibleName('Picture 1 of 5');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Show picture 4' }));
    expect(shown()).toHaveAccessibleName('Picture 4 of 5');
    expect(within(shown()).getByRole('img')).toHaveAttribute(
      'src',
      '/catalog/themes/guardian-friend/gallery-4.webp',
    );
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next picture' }));
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next picture' }));
    expect(shown()).toHaveAccessibleName('Picture 1 of 5');
  });

  it('shows no reviews while the shop has none: no invented names', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/theme/guardian-friend');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() =>
      expect(requests.some((url) => url.pathname === '/api/catalog/themes/guardian-friend/reviews')).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('region', { name: 'What parents say' })).toBeNull();
    expect(screen.queryByText(/Sophie/)).toBeNull();
  });

  it('shows the real reviews the shop approved, with the rating, first name and country', async () => {
    mockCatalogApi({
      reviews: {
        'guardian-friend': [
          {
            id: 'r1',
            rating: 5,
            text: 'She asks for it every night.',
            name: 'Anna M.',
            country: 'DE',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 'r2',
            rating: 4,
            text: 'Lovely printing.',
            name: 'Luc B.',
            country: 'CH',
            createdAt: '2026-11-19T10:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/theme/guardian-friend');
    const reviews = await screen.findByRole('region', { name: 'What parents say' }, { timeout: 5000 });
    const items = within(reviews).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: '5 out of 5' })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Anna M., Germany')).toBeVisible();
    expect(within(items[1] as HTMLElement).getByRole('img', { name: '4 out of 5' })).toBeInTheDocument();
  });

  it('keeps the favourite per theme and type in localStorage, still on after a reload', async () => {
    mockCatalogApi();
    const first = renderApp('/theme/guardian-friend?type=storybook');
    const heart = await screen.findByRole('button', { name: 'Favourite' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await first.user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem('favoritedThemes') ?? 'null')).toEqual([
      'guardian-friend-storybook',
    ]);
    first.unmount();

    // A reload: a new app, same browser storage.
    renderApp('/theme/guardian-friend?type=storybook');
    expect(await screen.findByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
    screen.getByRole('button', { name: 'Favourite' }).click();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(JSON.parse(window.localStorage.getItem('favoritedThemes') ?? 'null')).toEqual([]);
  });

  it('keeps the storybook and the coloring book favourites apart', async () => {
    window.localStorage.setItem('favoritedThemes', JSON.stringify(['guardian-friend-storybook']));
    mockCatalogApi();
    renderApp('/theme/guardian-friend?type=colouring');
    expect(await screen.findByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Create my colouring book' })).toHaveAttribute(
      'href',
      '/wizard?theme=guardian-friend&type=coloring',
    );
  });

  it('says the theme was not found for an unknown id, with a link back to the themes', async () => {
    mockCatalogApi();
    renderApp('/theme/nope?type=storybook');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this theme' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all themes' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Theme not found · Cuddle Tales'));
  });

  it('offers a retry when the theme cannot be loaded', async () => {
    let fail = true;
    const { fetchMock } = mockCatalogApi();
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input) =>
      fail && String(input).includes('/themes/')
        ? jsonResponse({ error: { code: 'X', message: 'down' } }, 500)
        : original!(input),
    );
    const { user } = renderApp('/theme/guardian-friend');
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'We couldn’t load this theme' }),
    ).toBeVisible();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Guardian Friend' })).toBeVisible();
  });

  it('speaks French to a French visitor', async () => {
    mockCatalogApi({
      reviews: {
        'guardian-friend': [
          {
            id: 'r1',
            rating: 5,
            text: 'Magnifique.',
            name: 'Léa D.',
            country: 'FR',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/theme/guardian-friend?type=storybook', { language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon ami gardien' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Coup de cœur' })).toBeVisible();
    expect(await screen.findByRole('img', { name: '5 sur 5' })).toBeInTheDocument();
    expect(screen.getByText('Léa D., France')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tous les livres d’histoires' })).toBeVisible();
  });
});
