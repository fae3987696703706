import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewImageWidth } from '../../../../shared/contracts/book-preview';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { type CastWords, castWordsContext, joinNames } from '../../../../shared/domain/cast';
import { useLanguage } from '../../../components/layout/use-language';

type CoverPreviewProps = {
  /** The book's own front cover comes from the preview API (issue 15): the one that prints. */
  bookInstanceId: string;
  preview: CheckoutContext['coverPreview'];
  title: string;
  /** The book's children, the lead first (issue 35): the alt text and the caption name them all. */
  names: readonly string[];
  /** Whom the words agree with: a girl, a boy, several children (issue 36, `_female`/`_cast` forms). */
  words: CastWords;
};

/** The approved book's front cover at a web size, as the reader shows it (never the print file). */
const frontCover = (bookInstanceId: string, width: PreviewImageWidth) =>
  `/api/books/${encodeURIComponent(bookInstanceId)}/pages/0/image?w=${width}`;

/** The renditions offered: a phone's ~360 CSS px at 2 device pixels takes the 720 (issue 33). */
const COVER_WIDTHS: PreviewImageWidth[] = [480, 720, 960];

/**
 * The book's cover: the front cover drawn for this book (the one approved in the reader), else the
 * instance's hero cover, else the book's display picture, else a notice (docs/spec.md section 2). Each
 * picture that fails to load gives way to the next.
 */
export function CoverPreview({ bookInstanceId, preview, title, names, words }: CoverPreviewProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const children = joinNames(names, language);
  const sources = [frontCover(bookInstanceId, 960), preview.heroCover, preview.bookDisplay].filter(
    (src): src is string => Boolean(src),
  );
  const [failed, setFailed] = useState(0);
  const src = sources[failed];

  return (
    <figure className="flex flex-col items-center gap-3">
      <div className="relative aspect-square w-full max-w-sm overflow-hidden rounded-3xl bg-cream-200 shadow-soft ring-1 ring-sand-300/70">
        {src ? (
          <img
            key={src}
            src={src}
            srcSet={
              failed === 0
                ? COVER_WIDTHS.map((width) => `${frontCover(bookInstanceId, width)} ${width}w`).join(', ')
                : undefined
            }
            sizes={failed === 0 ? '(min-width: 768px) 384px, calc(100vw - 2rem)' : undefined}
            alt={t('cover.previewAlt', { child: children, context: castWordsContext(words) })}
            width={800}
            height={800}
            // The checkout's largest picture: asked for first, preloaded from a painted page's head.
            fetchPriority="high"
            onError={() => setFailed((count) => count + 1)}
            className="size-full object-cover"
          />
        ) : (
          <div
            role="note"
            className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <ImageOff aria-hidden="true" className="size-10 text-ink-700" />
            <p className="font-bold">{t('cover.previewUnavailable')}</p>
            <p className="text-sm text-ink-700">{t('cover.previewUnavailableText')}</p>
          </div>
        )}
      </div>
      <figcaption className="text-center">
        <span className="block font-display text-xl font-semibold">{title}</span>
        <span className="text-ink-700">{t('cover.starring', { child: children })}</span>
      </figcaption>
    </figure>
  );
}
