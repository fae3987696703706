import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type CarouselLabels } from './carousel';

const labels: CarouselLabels = {
  previous: 'Previous',
  next: 'Next',
  goTo: (n) => `Show slide ${n}`,
  slide: (n, count) => `${n} of ${count}`,
  pause: 'Pause',
  play: 'Play',
};
const pictures = ['Moon', 'Forest', 'Sea', 'Castle'];

function stubMatchMedia(reducedMotion: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function renderCarousel(props: { autoAdvanceMs?: number; thumbnails?: boolean } = {}) {
  render(
    <Carousel
      items={pictures}
      label="Pictures"
      labels={labels}
      autoAdvanceMs={props.autoAdvanceMs}
      renderSlide={(name, { index }) => (
        <img src={`/${name}.webp`} alt={name} width={4} height={3} loading={index === 0 ? 'eager' : 'lazy'} />
      )}
      renderThumbnail={props.thumbnails ? (name) => <img src={`/${name}-thumb.webp`} alt="" /> : undefined}
    />,
  );
  return screen.getByRole('region', { name: 'Pictures' });
}

/** The slide screen readers are shown (the others are aria-hidden). */
const shownSlide = () => screen.getByRole('group', { name: /of 4/ });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('is a labelled carousel region of "N of M" slides', () => {
    const region = renderCarousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    expect(within(shownSlide()).getByRole('img', { name: 'Moon' })).toBeInTheDocument();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
  });

  it('advances every interval and loops from the last slide to the first', () => {
    renderCarousel({ autoAdvanceMs: 4000 });
    tick(3999);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    tick(1);
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
    tick(4000);
    tick(4000);
    expect(shownSlide()).toHaveAccessibleName('4 of 4');
    tick(4000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
  });

  it('does not move by itself without an interval', () => {
    renderCarousel();
    tick(60_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('waits while hovered and goes on when the pointer leaves', () => {
    const region = renderCarousel({ autoAdvanceMs: 4000 });
    fireEvent.mouseEnter(region);
    tick(20_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.mouseLeave(region);
    tick(4000);
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('waits while focus is inside', () => {
    const region = renderCarousel({ autoAdvanceMs: 4000 });
    act(() => screen.getByRole('button', { name: 'Next' }).focus());
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    tick(20_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    act(() => region.focus()); // focus moves within: still paused
    tick(20_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    act(() => region.blur());
    tick(4000);
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('never advances when the visitor prefers reduced motion', () => {
    stubMatchMedia(true);
    renderCarousel({ autoAdvanceMs: 4000 });
    tick(60_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
  });

  it('can be paused and played again with its own button', () => {
    renderCarousel({ autoAdvanceMs: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => (document.activeElement as HTMLElement).blur());
    tick(60_000);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    tick(5000);
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('moves with the arrow keys, looping both ways', () => {
    const region = renderCarousel();
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(shownSlide()).toHaveAccessibleName('4 of 4');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('moves with the previous, next and dot buttons and marks the current dot', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(shownSlide()).toHaveAccessibleName('3 of 4');
    expect(screen.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shownSlide()).toHaveAccessibleName('4 of 4');
  });

  it('restarts the wait after a move by hand', () => {
    renderCarousel({ autoAdvanceMs: 4000 });
    tick(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    act(() => (document.activeElement as HTMLElement).blur());
    tick(3999);
    expect(shownSlide()).toHaveAccessibleName('3 of 4');
    tick(1);
    expect(shownSlide()).toHaveAccessibleName('4 of 4');
  });

  it('offers thumbnails that show their slide', () => {
    renderCarousel({ thumbnails: true });
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4' }));
    expect(within(shownSlide()).getByRole('img', { name: 'Castle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show slide 4' })).toHaveAttribute('aria-current', 'true');
  });
});
