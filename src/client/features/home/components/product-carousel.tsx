import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel';
import { DeferredImage } from '../../../components/ui/deferred-image';
import { useCarouselLabels } from '../use-carousel-labels';

export const PRODUCT_INTERVAL_MS = 5000;

const SLIDES = [
  { key: 'truePhoto', file: 'true-photo' },
  { key: 'personalise', file: 'personalise' },
  { key: 'magical', file: 'magical' },
] as const;

/** Three slides about the book: true to the photo, personalised, magical. */
export function ProductCarousel() {
  const { t } = useTranslation(['home', 'artwork']);
  const labels = useCarouselLabels();
  return (
    <Carousel
      items={SLIDES}
      label={t('product.carouselLabel')}
      labels={labels}
      autoAdvanceMs={PRODUCT_INTERVAL_MS}
      viewportClassName="bg-cream-50 shadow-soft ring-1 ring-sand-300/70"
      renderSlide={(slide, { preload }) => (
        <div>
          <DeferredImage
            // Below the hero on every screen.
            defer
            src={`/catalog/home/product-${slide.file}.webp`}
            srcSet={`/catalog/home/product-${slide.file}-600.webp 600w, /catalog/home/product-${slide.file}.webp 1200w`}
            sizes="(min-width: 1152px) 560px, (min-width: 768px) 48vw, calc(100vw - 2rem)"
            width={1200}
            height={900}
            alt={t(`artwork:product.${slide.key}`)}
            loading={preload ? 'eager' : 'lazy'}
            // Below the hero on every screen: after the hero's first picture, not beside it (issue 19).
            fetchPriority="low"
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="px-6 pt-5 pb-6">
            <h3 className="text-2xl font-semibold">{t(`product.slides.${slide.key}.title`)}</h3>
            <p className="mt-2 leading-relaxed text-ink-700">{t(`product.slides.${slide.key}.text`)}</p>
          </div>
        </div>
      )}
    />
  );
}
