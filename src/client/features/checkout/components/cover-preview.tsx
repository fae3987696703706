import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';

type CoverPreviewProps = {
  preview: CheckoutContext['coverPreview'];
  title: string;
  childName: string;
};

/**
 * The book's cover: the instance's own hero cover, else the book's display picture, else a notice
 * (SPEC.md section 2). Each picture that fails to load gives way to the next.
 */
export function CoverPreview({ preview, title, childName }: CoverPreviewProps) {
  const { t } = useTranslation('checkout');
  const sources = [preview.heroCover, preview.bookDisplay].filter((src): src is string => Boolean(src));
  const [failed, setFailed] = useState(0);
  const src = sources[failed];

  return (
    <figure className="flex flex-col items-center gap-3">
      <div className="relative aspect-square w-full max-w-sm overflow-hidden rounded-3xl bg-cream-200 shadow-soft ring-1 ring-sand-300/70">
        {src ? (
          <img
            key={src}
            src={src}
            alt={t('cover.previewAlt', { child: childName })}
            width={800}
            height={800}
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
        <span className="text-ink-700">{t('cover.starring', { child: childName })}</span>
      </figcaption>
    </figure>
  );
}
