import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPreviewPage } from '../../../../shared/contracts/book-preview';
import type { Language } from '../../../../shared/domain/languages';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { DeferredImage } from '../../../components/ui/deferred-image';
import { atFirstInteraction } from '../../../lib/at-first-interaction';
import { imageAt, pageName } from '../lib/page-names';
import { readerViews, viewOf } from '../lib/spreads';
import { useWideScreenOnceKnown } from '../lib/use-wide-screen';
import { PageView } from './page-view';

// Loaded at the first zoom and kept: the dialog is not part of the reader's first load (issue 33).
const loadZoomDialog = () => import('./zoom-dialog');
const ZoomDialog = lazy(() => loadZoomDialog().then((module) => ({ default: module.ZoomDialog })));
atFirstInteraction(loadZoomDialog);

/** A swipe is a sideways move of at least this much (a smaller one is a tap or a wobble). */
const SWIPE_PX = 40;

// A spread is at most 56rem wide (so it fits a laptop screen): a page is about 440 px.
const SPREAD_SIZES = '(min-width: 1024px) 440px, 46vw';
const SINGLE_SIZES = '(min-width: 640px) 576px, calc(100vw - 2rem)';
// Painted by the server, before the screen is known (issue 33): the spread's from 1024 px, else one page.
const EITHER_SIZES = `(min-width: 1024px) 440px, ${SINGLE_SIZES}`;

/**
 * The stage's layout: spreads, one page, or (painted by the server, which does not know the screen)
 * whichever the screen's width picks in CSS, from the same 1024 px as SPREAD_QUERY (Tailwind's `lg`).
 * Its first view is the same either way when the book opens on its front cover.
 */
function stageClass(wide: boolean | undefined, coverAlone: boolean) {
  if (wide === undefined) {
    return cn(
      'mx-auto w-full max-w-xl grid-cols-1 lg:max-w-4xl lg:grid-cols-2 lg:items-start',
      coverAlone && 'lg:[&>*]:col-start-2',
    );
  }
  return cn(
    wide ? 'mx-auto w-full max-w-4xl grid-cols-2 items-start' : 'mx-auto w-full max-w-xl grid-cols-1',
    // A cover alone sits on its side of the open book.
    wide && coverAlone && '[&>*]:col-start-2',
  );
}

type ReaderProps = {
  pages: readonly BookPreviewPage[];
  title: string;
  language: Language;
  /** Shown under a page's words: the page's own actions (draw it again). */
  pageActions?: (page: BookPreviewPage) => ReactNode;
  /** A storybook: its story pictures carry their words, as printed. */
  wordsOnPicture?: boolean;
};

/**
 * Every page as it will print, in reading order: spreads side by side from 1024 px, one page at a
 * time on a phone. Arrow keys (when the reader has focus), swipes, the previous and next buttons
 * and the strip of thumbnails all turn the pages; each page opens large in a dialog.
 */
export function Reader({ pages, title, language, pageActions, wordsOnPicture }: ReaderProps) {
  const { t } = useTranslation('book');
  const wide = useWideScreenOnceKnown();
  const views = readerViews(pages, wide ?? false);
  const [pageIndex, setPageIndex] = useState(0);
  const [zoomed, setZoomed] = useState<BookPreviewPage | null>(null);
  const [zoomUsed, setZoomUsed] = useState(false);
  if (zoomed && !zoomUsed) setZoomUsed(true);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const id = useId();

  const index = Math.min(pageIndex, Math.max(0, pages.length - 1));
  const viewIndex = viewOf(views, index);
  const view = views[viewIndex] ?? [];
  const shown = view.map((at) => pages[at]).filter((page): page is BookPreviewPage => page !== undefined);

  const goToView = (next: number) => {
    const target = views[Math.min(Math.max(next, 0), views.length - 1)];
    if (target?.[0] !== undefined) setPageIndex(target[0]);
  };
  const previous = () => goToView(viewIndex - 1);
  const next = () => goToView(viewIndex + 1);

  const onKey = (event: KeyboardEvent | globalThis.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: previous,
      ArrowRight: next,
      Home: () => goToView(0),
      End: () => goToView(views.length - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  // The arrow keys turn the pages while the focus is in the reader or nowhere in particular (the
  // page itself), never while the parent types in a field or a dialog is open.
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => {
      const target = event.target as Node | null;
      const inReader = target instanceof Node && sectionRef.current?.contains(target);
      if (inReader || target === document.body || target === document.documentElement)
        onKeyRef.current(event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Mostly sideways: a page turn; mostly down: the page scrolls, as it already did.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    if (dx < 0) next();
    else previous();
  };

  const first = shown[0];
  const firstNumber = (view[0] ?? 0) + 1;
  const lastNumber = (view[view.length - 1] ?? 0) + 1;
  const counter =
    view.length > 1
      ? t('reader.counterSpread', { first: firstNumber, last: lastNumber, total: pages.length })
      : t('reader.counter', { current: firstNumber, total: pages.length });

  return (
    <section
      aria-label={t('reader.label')}
      aria-describedby={`${id}-keys`}
      ref={sectionRef}
      className="flex flex-col gap-4"
    >
      <p id={`${id}-keys`} className="sr-only">
        {t('reader.keys')}
      </p>
      <div
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        data-testid="reader-stage"
        data-layout={wide === undefined ? undefined : wide ? 'spread' : 'single'}
        className={cn(
          'grid touch-pan-y gap-4 rounded-3xl outline-offset-4 select-none focus-visible:outline-3 focus-visible:outline-ink-900',
          stageClass(wide, shown.length === 1 && first?.kind === 'front-cover'),
        )}
      >
        {shown.map((page, at) => (
          <PageView
            key={page.position}
            page={page}
            bookTitle={title}
            language={language}
            sizes={wide === undefined ? EITHER_SIZES : wide ? SPREAD_SIZES : SINGLE_SIZES}
            eager={at === 0}
            onZoom={() => setZoomed(page)}
            wordsOnPicture={wordsOnPicture}
          >
            {pageActions?.(page)}
          </PageView>
        ))}
      </div>

      <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-3">
        <Button
          variant="secondary"
          onClick={previous}
          disabled={viewIndex === 0}
          aria-label={t('reader.previous')}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
          <span className="max-sm:sr-only">{t('reader.previousShort')}</span>
        </Button>
        <p aria-live="polite" className="text-center font-bold tabular-nums" data-testid="reader-counter">
          {counter}
        </p>
        <Button
          variant="secondary"
          onClick={next}
          disabled={viewIndex >= views.length - 1}
          aria-label={t('reader.next')}
        >
          <span className="max-sm:sr-only">{t('reader.nextShort')}</span>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>

      <ThumbnailStrip pages={pages} view={view} viewIndex={viewIndex} onChoose={setPageIndex} />

      {zoomUsed && (
        <Suspense fallback={null}>
          <ZoomDialog page={zoomed} title={title} onClose={() => setZoomed(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** Every page as a thumbnail, the ones in view marked; a thumbnail turns to its page. */
function ThumbnailStrip({
  pages,
  view,
  viewIndex,
  onChoose,
}: {
  pages: readonly BookPreviewPage[];
  /** The positions in `pages` of the pages in view. */
  view: readonly number[];
  viewIndex: number;
  onChoose: (pageIndex: number) => void;
}) {
  const { t } = useTranslation('book');
  const stripRef = useRef<HTMLOListElement>(null);

  // The thumbnail of the page in view stays visible in the strip (after each page turn).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page turn is what this follows
  useEffect(() => {
    // Sideways only, inside the strip: scrollIntoView would also scroll the window to the strip.
    const strip = stripRef.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!strip || !current) return;
    const left = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
    strip.scrollTo?.({ left: Math.max(0, left), behavior: 'smooth' });
  }, [viewIndex]);

  return (
    <nav aria-label={t('reader.thumbnails')}>
      <ol ref={stripRef} className="relative flex gap-2 overflow-x-auto px-1 py-2">
        {pages.map((page, at) => {
          const current = view.includes(at);
          const thumb = imageAt(page.images, 0);
          const name = pageName(t, page);
          return (
            <li key={page.position} className="shrink-0">
              <button
                type="button"
                onClick={() => onChoose(at)}
                aria-label={t('reader.goTo', { page: name })}
                aria-current={current ? 'true' : undefined}
                className={cn(
                  'block size-16 overflow-hidden rounded-xl bg-cream-50 ring-2 transition sm:size-20',
                  current ? 'ring-coral-600' : 'ring-sand-300/70 hover:ring-ink-900/40',
                )}
              >
                {thumb ? (
                  // Painted by the server, the strip waits for the first page's picture (issue 33).
                  // Its buttons need the app: without JavaScript it has nothing to show.
                  <DeferredImage
                    defer
                    withoutScript={false}
                    src={thumb.url}
                    alt=""
                    width={80}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-full items-center justify-center p-1 text-xs font-bold"
                  >
                    {name}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
