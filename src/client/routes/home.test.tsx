import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makePrices,
  makeTheme,
  mockCatalogApi,
  stubReducedMotion,
} from '../features/themes/testing/mock-catalog-api';
import { renderApp } from '../test-utils';

// The first render of a lazy page compiles its chunk; under a loaded test run that can pass a second.
configure({ asyncUtilTimeout: 5000 });

// Intl separates "CHF" and the amount with a no-break space; compare as plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const shownSlide = (carousel: HTMLElement) => within(carousel).getByRole('group', { name: /\d of \d/ });

beforeEach(() => {
  stubReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('promises the storybook and links its call to action to the storybook themes', async () => {
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: /bedtime story starring your child/ });
    expect(within(hero).getByText(/photo of your little one and their favourite plush toy/)).toBeVisible();
    const cta = within(hero).getByRole('link', { name: 'Build my book' });
    expect(cta).toHaveAttribute('href', '/themes?type=storybook');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Cuddle Tales · Personalised bedtime storybooks'));
  });

  it('shows the four selling points', async () => {
    mockCatalogApi();
    renderApp('/');
    const strip = await screen.findByRole('region', { name: 'Why parents choose Cuddle Tales' });
    const points = within(strip)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(points).toEqual([
      'True to the photo',
      'Keepsake quality',
      'Personalise in minutes',
      'Extra personal',
    ]);
  });

  it('shows four hero pictures, the first one loaded first and eagerly', async () => {
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Pictures from our storybooks' });
    expect(hero).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(hero).getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    const images = hero.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('src', '/catalog/home/hero-1.webp');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('width', '1440');
    expect(images[0]).toHaveAttribute('height', '960');
    expect(images[0]?.getAttribute('srcset')).toContain('/catalog/home/hero-1-720.webp 720w');
    expect(images[3]).toHaveAttribute('loading', 'lazy');
  });

  it('advances the hero every 4000 ms and the product slides every 5000 ms, both looping', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Pictures from our storybooks' });
    const product = screen.getByRole('region', { name: 'What makes the book special' });
    // Start both clocks together from here: hovering stops a carousel's timer, leaving restarts it.
    for (const carousel of [hero, product]) {
      fireEvent.mouseEnter(carousel);
      fireEvent.mouseLeave(carousel);
    }
    const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

    tick(3900);
    expect(shownSlide(hero)).toHaveAccessibleName('1 of 4');
    tick(100); // 4000
    expect(shownSlide(hero)).toHaveAccessibleName('2 of 4');
    expect(shownSlide(product)).toHaveAccessibleName('1 of 3');
    tick(1000); // 5000
    expect(shownSlide(product)).toHaveAccessibleName('2 of 3');
    tick(3000); // 8000
    expect(shownSlide(hero)).toHaveAccessibleName('3 of 4');
    tick(2000); // 10000
    expect(shownSlide(product)).toHaveAccessibleName('3 of 3');
    tick(2000); // 12000
    expect(shownSlide(hero)).toHaveAccessibleName('4 of 4');
    tick(3000); // 15000: the product slides loop
    expect(shownSlide(product)).toHaveAccessibleName('1 of 3');
    tick(1000); // 16000: the hero loops
    expect(shownSlide(hero)).toHaveAccessibleName('1 of 4');
  });

  it('keeps both carousels still while hovered or focused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Pictures from our storybooks' });
    const product = screen.getByRole('region', { name: 'What makes the book special' });
    fireEvent.mouseEnter(hero);
    act(() => product.focus());
    act(() => vi.advanceTimersByTime(30_000));
    expect(shownSlide(hero)).toHaveAccessibleName('1 of 4');
    expect(shownSlide(product)).toHaveAccessibleName('1 of 3');
  });

  it('keeps both carousels still when the visitor prefers reduced motion', async () => {
    stubReducedMotion(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Pictures from our storybooks' });
    const product = screen.getByRole('region', { name: 'What makes the book special' });
    act(() => vi.advanceTimersByTime(30_000));
    expect(shownSlide(hero)).toHaveAccessibleName('1 of 4');
    expect(shownSlide(product)).toHaveAccessibleName('1 of 3');
  });

  it('moves the hero with the arrow keys and the dots', async () => {
    mockCatalogApi();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Pictures from our storybooks' });
    fireEvent.keyDown(hero, { key: 'ArrowLeft' });
    expect(shownSlide(hero)).toHaveAccessibleName('4 of 4');
    fireEvent.keyDown(hero, { key: 'ArrowRight' });
    expect(shownSlide(hero)).toHaveAccessibleName('1 of 4');
    fireEvent.click(within(hero).getByRole('button', { name: 'Show slide 3' }));
    expect(shownSlide(hero)).toHaveAccessibleName('3 of 4');
    fireEvent.click(within(hero).getByRole('button', { name: 'Next slide' }));
    expect(shownSlide(hero)).toHaveAccessibleName('4 of 4');
  });

  it('shows three product slides, each with a picture, a title and a text', async () => {
    mockCatalogApi();
    renderApp('/');
    const product = await screen.findByRole('region', { name: 'What makes the book special' });
    const titles = within(product)
      .getAllByRole('heading', { level: 3, hidden: true })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Drawn from your photo',
      'Personalised in every detail',
      'A magical bedtime ritual',
    ]);
    expect(product.querySelectorAll('img')[2]).toHaveAttribute('src', '/catalog/home/product-magical.webp');
  });
});

describe('home product card', () => {
  const findCard = async () => screen.findByRole('article', { name: 'Personalised storybook' });

  it('shows the lowest book price and the age range from the API', async () => {
    const { requests } = mockCatalogApi();
    renderApp('/');
    const card = await findCard();
    await waitFor(() =>
      expect(plain(within(card).getByTestId('product-price').textContent)).toBe('From CHF 29.99'),
    );
    expect(within(card).getByText('Ages 2–8')).toBeVisible();
    for (const badge of ['About 30 pages', 'Hardcover', 'Softcover']) {
      expect(within(card).getByText(badge)).toBeVisible();
    }
    expect(requests.map((url) => url.pathname + url.search)).toEqual(
      expect.arrayContaining(['/api/catalog/prices', '/api/catalog/themes?type=storybook']),
    );
  });

  it('follows the API when its prices and ages differ', async () => {
    mockCatalogApi({
      prices: makePrices([
        ['hardcover_book', 4499],
        ['softcover_book', 2499],
      ]),
      themes: [makeTheme({ ageMin: 3, ageMax: 7 })],
    });
    renderApp('/');
    const card = await findCard();
    await waitFor(() =>
      expect(plain(within(card).getByTestId('product-price').textContent)).toBe('From CHF 24.99'),
    );
    expect(within(card).getByText('Ages 3–7')).toBeVisible();
  });

  it('shows the price in French conventions for a French visitor', async () => {
    mockCatalogApi();
    renderApp('/', { language: 'fr' });
    const card = await screen.findByRole('article', { name: 'Livre d’histoires personnalisé' });
    await waitFor(() =>
      expect(plain(within(card).getByTestId('product-price').textContent)).toBe('À partir de 29,99 CHF'),
    );
    expect(within(card).getByText('De 2 à 8 ans')).toBeVisible();
  });

  it('shows no price at all when the prices cannot be loaded', async () => {
    mockCatalogApi({ prices: () => 'network-error' });
    renderApp('/');
    const card = await findCard();
    expect(within(card).getByText('Loading the price…')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Loading the price…')).not.toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(plain(within(card).getByTestId('product-price').textContent)).toBe('');
    expect(within(card).queryByText(/CHF/)).not.toBeInTheDocument();
  });

  it('opens the storybook themes with a full page load', async () => {
    mockCatalogApi();
    const { user, router } = renderApp('/');
    const card = await findCard();
    const button = within(card).getByRole('link', { name: 'Create my storybook' });
    expect(button).toHaveAttribute('href', '/themes?type=storybook');

    let prevented: boolean | undefined;
    const onClick = (event: MouseEvent) => {
      prevented = event.defaultPrevented; // a router Link would have cancelled the browser's navigation
      event.preventDefault();
    };
    window.addEventListener('click', onClick);
    await user.click(button);
    window.removeEventListener('click', onClick);
    expect(prevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('ends with a call to action to the storybook themes', async () => {
    mockCatalogApi();
    renderApp('/');
    const closing = await screen.findByRole('region', { name: 'Ready to make bedtime magical?' });
    expect(within(closing).getByRole('link', { name: 'Build my book' })).toHaveAttribute(
      'href',
      '/themes?type=storybook',
    );
  });
});
