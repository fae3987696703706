import { useTranslation } from 'react-i18next';
import type { CatalogImage } from '../../../../shared/contracts/catalog';
import { Carousel, type CarouselLabels } from '../../../components/ui/carousel';
import { DeferredImage } from '../../../components/ui/deferred-image';
import { catalogSrcSet } from '../theme-images';

const IMAGE_SIZES = '(min-width: 1152px) 600px, (min-width: 768px) 53vw, calc(100vw - 2rem)';

/** The theme's pictures in a carousel with a row of clickable thumbnails below. */
export function ThemeGallery({
  title,
  images,
  galleryAlt,
}: {
  title: string;
  images: readonly CatalogImage[];
  /** The alt text of a picture (from 1), empty when the story has none. */
  galleryAlt: (pictureNumber: number) => string;
}) {
  const { t } = useTranslation('themes');
  const labels: CarouselLabels = {
    previous: t('detail.carousel.previous'),
    next: t('detail.carousel.next'),
    goTo: (number) => t('detail.carousel.goTo', { number }),
    slide: (number, count) => t('detail.carousel.slide', { number, count }),
    pause: t('detail.carousel.pause'),
    play: t('detail.carousel.play'),
  };
  return (
    <Carousel
      items={images}
      label={t('detail.gallery', { title })}
      labels={labels}
      viewportClassName="bg-lavender-100"
      renderSlide={(image, { index, preload }) => (
        <DeferredImage
          defer={index !== 0}
          src={image.src}
          srcSet={catalogSrcSet(image)}
          sizes={IMAGE_SIZES}
          width={image.width}
          height={image.height}
          alt={galleryAlt(index + 1) || t('detail.imageAlt', { title, number: index + 1 })}
          loading={preload ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'low'}
          className="aspect-[4/3] w-full object-cover"
        />
      )}
      renderThumbnail={(image) => (
        <DeferredImage
          defer
          src={catalogSrcSet(image) ? image.src.replace(/\.webp$/, '-600.webp') : image.src}
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
        />
      )}
    />
  );
}

/** Holds the gallery's place (picture and thumbnails) while the theme loads. */
export function ThemeGallerySkeleton({ thumbnails = 5 }: { thumbnails?: number }) {
  return (
    <div aria-hidden="true">
      <div className="aspect-[4/3] rounded-3xl bg-ink-900/5 motion-safe:animate-pulse" />
      <div className="mt-3 grid grid-cols-5 gap-2 sm:gap-3">
        {Array.from({ length: thumbnails }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={index} className="aspect-[4/3] rounded-xl bg-ink-900/5" />
        ))}
      </div>
    </div>
  );
}
