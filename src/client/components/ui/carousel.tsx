import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { useAutoAdvance, usePrefersReducedMotion } from './use-auto-advance';

export type CarouselLabels = {
  previous: string;
  next: string;
  /** Name of the dot or thumbnail button that shows slide `slideNumber` (from 1). */
  goTo: (slideNumber: number) => string;
  /** "2 of 4" */
  slide: (slideNumber: number, count: number) => string;
  pause: string;
  play: string;
};

export type SlideState = {
  index: number;
  selected: boolean;
  /** Shown now or next: its image should load now rather than lazily. */
  preload: boolean;
};

type CarouselProps<T> = {
  items: readonly T[];
  /** The carousel's accessible name. */
  label: string;
  labels: CarouselLabels;
  renderSlide: (item: T, state: SlideState) => ReactNode;
  /** With it, a row of clickable thumbnails replaces the dots. */
  renderThumbnail?: (item: T, index: number) => ReactNode;
  /** Moves to the next slide after this many ms; none without it. */
  autoAdvanceMs?: number;
  className?: string;
  viewportClassName?: string;
};

// Embla needs IntersectionObserver and matchMedia, which every browser we serve has but jsdom lacks;
// without them the carousel still works, by moving its track with a plain transform.
const canUseEmbla = () =>
  typeof window !== 'undefined' &&
  typeof window.IntersectionObserver === 'function' &&
  typeof window.matchMedia === 'function';

/**
 * A looping carousel on Embla (swipe and drag), following the WAI-ARIA carousel pattern: a labelled
 * region, "N of M" slides, previous/next and dot (or thumbnail) buttons, arrow keys, and an optional
 * auto-advance that pauses on hover, while focus is inside, when paused by hand, and never runs under
 * `prefers-reduced-motion: reduce`.
 */
export function Carousel<T>({
  items,
  label,
  labels,
  renderSlide,
  renderThumbnail,
  autoAdvanceMs,
  className,
  viewportClassName,
}: CarouselProps<T>) {
  const count = items.length;
  const reducedMotion = usePrefersReducedMotion();
  const [withEmbla] = useState(canUseEmbla);
  const options = useMemo(() => ({ loop: true, active: count > 1 }), [count]);
  const [viewportRef, emblaApi] = useEmblaCarousel(options);
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);

  const goTo = (index: number) => setSelected(((index % count) + count) % count);

  const autoAdvancing = useAutoAdvance({
    delayMs: count > 1 ? autoAdvanceMs : undefined,
    paused: hovered || focused || pausedByVisitor,
    step: selected,
    onAdvance: () => goTo(selected + 1),
  });

  // A swipe or drag in Embla selects a slide too.
  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);

  // Our state leads; Embla animates to it (loop: from the last slide onwards to the first).
  useEffect(() => {
    if (emblaApi && emblaApi.selectedScrollSnap() !== selected) emblaApi.scrollTo(selected, reducedMotion);
  }, [emblaApi, selected, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') goTo(selected - 1);
    else if (event.key === 'ArrowRight') goTo(selected + 1);
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const next = (selected + 1) % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      // Focusable so the arrow keys work; focus inside also pauses the auto-advance.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA carousel takes arrow keys when focused
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      className={cn('relative min-w-0 rounded-3xl', className)}
    >
      <div className="relative">
        <div
          ref={withEmbla ? viewportRef : undefined}
          className={cn('overflow-hidden rounded-3xl', viewportClassName)}
        >
          <div
            className="flex touch-pan-y"
            aria-live={autoAdvancing ? 'off' : 'polite'}
            style={withEmbla ? undefined : { transform: `translateX(-${selected * 100}%)` }}
          >
            {items.map((item, index) => {
              const isSelected = index === selected;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a slide is a group in the WAI-ARIA carousel pattern, not a form's fieldset
                <div
                  // Slides are a fixed list given by the page, never reordered.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the slide's identity
                  key={index}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={labels.slide(index + 1, count)}
                  aria-hidden={!isSelected}
                  inert={!isSelected}
                  className="min-w-0 shrink-0 grow-0 basis-full"
                >
                  {renderSlide(item, {
                    index,
                    selected: isSelected,
                    preload: isSelected || index === next,
                  })}
                </div>
              );
            })}
          </div>
        </div>
        {count > 1 && renderThumbnail && <SideArrows labels={labels} selected={selected} goTo={goTo} />}
      </div>

      {count > 1 && renderThumbnail && (
        <Thumbnails
          items={items}
          renderThumbnail={renderThumbnail}
          labels={labels}
          selected={selected}
          goTo={goTo}
        />
      )}

      {count > 1 && !renderThumbnail && (
        <DotControls
          count={count}
          labels={labels}
          selected={selected}
          goTo={goTo}
          pause={
            autoAdvanceMs !== undefined && !reducedMotion
              ? { paused: pausedByVisitor, toggle: () => setPausedByVisitor((paused) => !paused) }
              : undefined
          }
        />
      )}
    </section>
  );
}

type SlideControlProps = {
  labels: CarouselLabels;
  /** The slide shown (from 0). */
  selected: number;
  goTo: (index: number) => void;
};

const arrowClass =
  'bg-cream-50/95 shadow-soft hover:bg-white border-transparent text-ink-900 backdrop-blur-sm';

/** Previous and next over the slide's sides (with the thumbnails, which have no buttons of their own). */
function SideArrows({ labels, selected, goTo }: SlideControlProps) {
  return (
    <>
      <Button
        variant="secondary"
        size="icon"
        aria-label={labels.previous}
        onClick={() => goTo(selected - 1)}
        className={cn('absolute top-1/2 left-3 -translate-y-1/2', arrowClass)}
      >
        <ChevronLeft aria-hidden="true" className="size-6" />
      </Button>
      <Button
        variant="secondary"
        size="icon"
        aria-label={labels.next}
        onClick={() => goTo(selected + 1)}
        className={cn('absolute top-1/2 right-3 -translate-y-1/2', arrowClass)}
      >
        <ChevronRight aria-hidden="true" className="size-6" />
      </Button>
    </>
  );
}

/** A row of clickable thumbnails, one per slide, the one shown ringed. */
function Thumbnails<T>({
  items,
  renderThumbnail,
  labels,
  selected,
  goTo,
}: SlideControlProps & { items: readonly T[]; renderThumbnail: (item: T, index: number) => ReactNode }) {
  return (
    <ul className="mt-3 grid grid-cols-5 gap-2 sm:gap-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the slide's identity
        <li key={index}>
          <button
            type="button"
            aria-label={labels.goTo(index + 1)}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => goTo(index)}
            className={cn(
              'block w-full overflow-hidden rounded-xl ring-offset-2 ring-offset-cream-100 transition',
              index === selected ? 'ring-3 ring-coral-600' : 'opacity-75 hover:opacity-100',
            )}
          >
            {renderThumbnail(item, index)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Previous, a dot per slide, next, and (with an auto-advance that may move) pause or play. */
function DotControls({
  count,
  labels,
  selected,
  goTo,
  pause,
}: SlideControlProps & { count: number; pause: { paused: boolean; toggle: () => void } | undefined }) {
  return (
    <div className="mt-4 flex items-center justify-center gap-1 sm:gap-2">
      <Button variant="ghost" size="icon" aria-label={labels.previous} onClick={() => goTo(selected - 1)}>
        <ChevronLeft aria-hidden="true" className="size-6" />
      </Button>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the slide's identity
            key={index}
            type="button"
            aria-label={labels.goTo(index + 1)}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => goTo(index)}
            className="group/dot grid size-8 place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cn(
                'block h-2.5 rounded-full transition-all',
                index === selected ? 'w-6 bg-coral-600' : 'w-2.5 bg-ink-900/25 group-hover/dot:bg-ink-900/50',
              )}
            />
          </button>
        ))}
      </div>
      <Button variant="ghost" size="icon" aria-label={labels.next} onClick={() => goTo(selected + 1)}>
        <ChevronRight aria-hidden="true" className="size-6" />
      </Button>
      {pause && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={pause.paused ? labels.play : labels.pause}
          onClick={pause.toggle}
        >
          {pause.paused ? (
            <Play aria-hidden="true" className="size-5" />
          ) : (
            <Pause aria-hidden="true" className="size-5" />
          )}
        </Button>
      )}
    </div>
  );
}
