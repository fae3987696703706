import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coverSheetUrl } from '../../../shared/contracts/book-preview';
import type { CoverType } from '../../../shared/domain/statuses';
import { cn } from './cn';
import { DeferredImage } from './deferred-image';

type CoverSheetImageProps = {
  bookInstanceId: string;
  binding: CoverType;
  title: string;
  /** The book's current version: the address changes with the words, so the browser may keep it. */
  version?: number | null | undefined;
  /** A gift copy: its own words (its language) on the sheet. */
  copy?: number | undefined;
  /** How wide the picture shows (`sizes`). */
  sizes: string;
  className?: string;
};

/**
 * A book's whole cover as it prints on a binding (issue 31): back, spine and front in one picture
 * drawn by the server's print code, the trim and the folds marked on it, with one line saying what
 * the lines mean. A plain lazy picture: nothing of the print code comes to the browser.
 */
export function CoverSheetImage({
  bookInstanceId,
  binding,
  title,
  version,
  copy,
  sizes,
  className,
}: CoverSheetImageProps) {
  const { t } = useTranslation('common');
  // A sheet that cannot be drawn (a book without its pictures any more) is left out, not shown broken.
  const [failed, setFailed] = useState<string | null>(null);
  const url = (width: 800 | 1600) => coverSheetUrl(bookInstanceId, binding, width, { version, copy });
  const shown = url(800);
  // The server draws a sheet the first time it is asked for (a second or two): until the picture
  // has come, the box says what is coming instead of standing empty. A picture already there when
  // the app takes over a painted page has fired its load event before React listened: `complete`.
  const [loaded, setLoaded] = useState<string | null>(null);
  const seen = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth > 0) setLoaded(shown);
    },
    [shown],
  );
  if (failed === shown) return null;
  return (
    <figure className={cn('flex flex-col gap-2', className)}>
      {/* Sheets are about twice as wide as high (a hardcover a little higher): no jump as it loads. */}
      <div className="relative aspect-[2/1] w-full overflow-hidden rounded-2xl bg-cream-200 ring-1 ring-sand-300/70">
        {loaded !== shown && (
          <p
            role="status"
            className="absolute inset-0 flex animate-pulse items-center justify-center p-4 text-center text-sm text-ink-700"
          >
            {t('coverSheet.loading')}
          </p>
        )}
        {/* Below the reader's first screen: on a painted page it waits for the first picture. It lies
            over the waiting line (\`relative\`), so on a page painted by the server the picture covers
            the line as soon as it comes, before the app is there to take the line away. */}
        <DeferredImage
          defer
          key={binding}
          src={url(800)}
          srcSet={`${url(800)} 800w, ${url(1600)} 1600w`}
          sizes={sizes}
          alt={t('coverSheet.alt', { title, binding: t(`coverSheet.${binding}`) })}
          loading="lazy"
          decoding="async"
          width={1600}
          height={800}
          data-testid="cover-sheet"
          data-binding={binding}
          ref={seen}
          onLoad={() => setLoaded(shown)}
          onError={() => setFailed(shown)}
          className="relative size-full object-contain"
        />
      </div>
      <figcaption className="text-sm text-ink-700">{t(`coverSheet.caption.${binding}`)}</figcaption>
    </figure>
  );
}
