import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { ThemeReview } from '../theme-texts';

const MAX_RATING = 5;

export function StarRating({ rating }: { rating: number }) {
  const { t } = useTranslation('themes');
  return (
    <span role="img" aria-label={t('detail.reviews.rating', { rating })} className="flex gap-0.5">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions
          key={index}
          aria-hidden="true"
          className={cn(
            'size-5',
            index < rating ? 'fill-honey-300 text-[#c98a1f]' : 'fill-transparent text-ink-900/25',
          )}
        />
      ))}
    </span>
  );
}

/** What parents said about the theme. */
export function ThemeReviews({ reviews }: { reviews: readonly ThemeReview[] }) {
  const { t } = useTranslation('themes');
  const headingId = useId();
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-16 md:mt-24">
      <h2 id={headingId} className="text-3xl font-semibold sm:text-4xl">
        {t('detail.reviews.title')}
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {reviews.map((review) => (
          <li key={`${review.name}-${review.city}`}>
            <figure className="flex h-full flex-col gap-4 rounded-3xl bg-cream-50 p-6 shadow-soft ring-1 ring-sand-300/70">
              <StarRating rating={review.rating} />
              <blockquote className="flex-1 leading-relaxed text-ink-900">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="font-bold text-ink-700">
                {t('detail.reviews.byline', { name: review.name, city: review.city })}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
