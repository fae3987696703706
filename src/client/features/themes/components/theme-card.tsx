import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Theme } from '../../../../shared/contracts/catalog';
import type { BookType } from '../../../../shared/domain/statuses';
import { buttonClass } from '../../../components/ui/button';
import { DeferredImage } from '../../../components/ui/deferred-image';
import { themeDetailHref, wizardHref } from '../links';
import { catalogSrcSet } from '../theme-images';
import { useThemeTexts } from '../theme-texts';
import { AgeBadge } from './age-badge';
import { FromPrice } from './from-price';

const cardClass =
  'grid grid-cols-1 overflow-hidden rounded-3xl bg-cream-50 shadow-soft ring-1 ring-sand-300/70 md:grid-cols-[1.1fr_1fr]';
const IMAGE_SIZES = '(min-width: 1152px) 600px, (min-width: 768px) 52vw, 100vw';

type ThemeCardProps = {
  theme: Theme;
  type: BookType;
  eager?: boolean;
  /** A reorder's child, carried to the detail page and the wizard. */
  character?: string | undefined;
};

/** One theme in the list: its first picture, texts, ages, price, 'See inside' and the product button. */
export function ThemeCard({ theme, type, eager = false, character }: ThemeCardProps) {
  const { t } = useTranslation('themes');
  const texts = useThemeTexts(theme, type);
  const titleId = useId();
  const image = theme.images[0];
  return (
    <article aria-labelledby={titleId} className={cardClass}>
      <div className="aspect-[4/3] bg-lavender-100 md:aspect-auto md:min-h-full">
        {image && (
          <DeferredImage
            defer={!eager}
            src={image.src}
            srcSet={catalogSrcSet(image)}
            sizes={IMAGE_SIZES}
            width={image.width}
            height={image.height}
            alt={texts.galleryAlt(1) || t('card.imageAlt', { title: texts.title })}
            loading={eager ? 'eager' : 'lazy'}
            // The first card's picture is the themes page's largest paint (issue 19).
            fetchPriority={eager ? 'high' : undefined}
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-col gap-4 p-6 sm:p-8 lg:p-10">
        <div className="flex flex-wrap gap-2">
          <AgeBadge ageMin={theme.ageMin} ageMax={theme.ageMax} />
        </div>
        <h2 id={titleId} className="text-3xl font-semibold sm:text-4xl">
          {texts.title}
        </h2>
        {texts.tagline && <p className="text-lg leading-relaxed text-ink-700">{texts.tagline}</p>}
        <FromPrice />
        <div className="mt-auto flex flex-col gap-3 pt-2 sm:flex-row sm:flex-wrap">
          <Link to={wizardHref(theme.id, type, character)} className={buttonClass({ size: 'lg' })}>
            {texts.product.button}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link
            to={themeDetailHref(theme.id, type, character)}
            aria-describedby={titleId}
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
          >
            {t('card.seeInside')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Holds a card's place (same image ratio and rows) while the themes load. */
export function ThemeCardSkeleton() {
  return (
    <div aria-hidden="true" className={cardClass}>
      <div className="aspect-[4/3] bg-ink-900/5 motion-safe:animate-pulse" />
      <div className="flex flex-col gap-4 p-6 sm:p-8 lg:p-10">
        <div className="h-8 w-28 rounded-full bg-ink-900/10" />
        <div className="h-10 w-3/4 rounded-xl bg-ink-900/10" />
        <div className="h-14 w-full rounded-xl bg-ink-900/5" />
        <div className="h-8 w-36 rounded-full bg-ink-900/10" />
        <div className="mt-auto flex flex-col gap-3 pt-2 sm:flex-row">
          <div className="h-14 w-full rounded-full bg-ink-900/10 sm:w-56" />
          <div className="h-14 w-full rounded-full bg-ink-900/5 sm:w-40" />
        </div>
      </div>
    </div>
  );
}
