import { Maximize2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookPreviewPage } from '../../../../shared/contracts/book-preview';
import type { Language } from '../../../../shared/domain/languages';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { imageAt, pageName, srcSet } from '../lib/page-names';

type PageViewProps = {
  page: BookPreviewPage;
  bookTitle: string;
  /** The book's language: the page's words are read out in it. */
  language: Language;
  /** How wide the picture is drawn on screen, for the browser's choice in `srcset`. */
  sizes: string;
  /** The first page in view loads at once; the others may wait. */
  eager: boolean;
  onZoom?: () => void;
  /** Under the text: "Draw this page again" and the like. */
  children?: React.ReactNode;
  /**
   * A storybook's story pages carry their words on the picture, as printed (issue 31): the words
   * under it are kept for phones (where the printed ones are small) and for screen readers.
   */
  wordsOnPicture?: boolean;
};

/**
 * One page as it will print: the picture in a square (its size known before it loads, so nothing
 * moves), and the page's words as real text beside it (read by screen readers).
 */
export function PageView({
  page,
  bookTitle,
  language,
  sizes,
  eager,
  onZoom,
  children,
  wordsOnPicture = false,
}: PageViewProps) {
  const { t } = useTranslation('book');
  const name = pageName(t, page);
  const image = imageAt(page.images, 960);
  return (
    <figure className="flex min-w-0 flex-col gap-3" aria-label={name} data-testid={`page-${page.position}`}>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-cream-50 shadow-soft ring-1 ring-sand-300/70">
        {image ? (
          <img
            src={image.url}
            srcSet={srcSet(page.images)}
            sizes={sizes}
            width={960}
            height={960}
            alt={t(`alt.${page.kind}`, { title: bookTitle, number: page.storyPage ?? 0 })}
            loading={eager ? 'eager' : 'lazy'}
            // The first page in view is the reader's largest picture: asked for first (issue 33).
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          // A page of words only (the dedication): its text is the page.
          <div
            lang={language}
            className="flex size-full flex-col items-center justify-center gap-4 p-8 text-center"
          >
            <p className="font-display text-xl whitespace-pre-line sm:text-2xl">{page.text}</p>
            {page.signature && <p className="text-lg italic">{page.signature}</p>}
          </div>
        )}
        {image && onZoom && (
          <button
            type="button"
            onClick={onZoom}
            aria-label={t('reader.zoom', { page: name })}
            title={t('reader.zoom', { page: name })}
            className={buttonClass({
              variant: 'secondary',
              size: 'icon',
              className: 'absolute right-2 bottom-2 bg-cream-50/90',
            })}
          >
            <Maximize2 aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
      <figcaption className={cn('flex flex-col gap-1 px-1')}>
        <span className="text-sm font-bold text-ink-700">{name}</span>
        <PageWords page={page} language={language} wordsOnPicture={wordsOnPicture} />
        {children}
      </figcaption>
    </figure>
  );
}

/** The words printed on the page (the dedication's are inside its square already). */
function PageWords({
  page,
  language,
  wordsOnPicture,
}: {
  page: BookPreviewPage;
  language: Language;
  wordsOnPicture: boolean;
}) {
  if (page.kind === 'dedication') return null;
  if (page.kind === 'front-cover' || page.kind === 'title') {
    return (
      <span lang={language} className="flex flex-col">
        <span className="font-display text-xl font-semibold">{page.title}</span>
        {page.subtitle && <span className="text-ink-700">{page.subtitle}</span>}
      </span>
    );
  }
  return (
    <span
      lang={language}
      className={cn(
        'text-lg leading-relaxed whitespace-pre-line',
        wordsOnPicture && page.kind === 'story' && page.images.length > 0 && 'sm:sr-only',
      )}
    >
      {page.text}
    </span>
  );
}
