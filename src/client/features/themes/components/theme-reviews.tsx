import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../components/layout/use-language';
import { StarRating } from '../../../components/ui/star-rating';
import { countryName } from '../../../lib/format';
import { useThemeReviews } from '../api/get-theme-reviews';

/**
 * What parents said about the theme: real reviews of delivered orders, each approved by an operator
 * (issue 20). A shop with none shows none; no name is ever invented.
 */
export function ThemeReviews({ themeId }: { themeId: string }) {
  const { t } = useTranslation('themes');
  const { language } = useLanguage();
  const headingId = useId();
  const reviews = useThemeReviews(themeId).data?.reviews ?? [];
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-16 md:mt-24">
      <h2 id={headingId} className="text-3xl font-semibold sm:text-4xl">
        {t('detail.reviews.title')}
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {reviews.map((review) => (
          <li key={review.id}>
            <figure className="flex h-full flex-col gap-4 rounded-3xl bg-cream-50 p-6 shadow-soft ring-1 ring-sand-300/70">
              <StarRating rating={review.rating} />
              <blockquote className="flex-1 leading-relaxed text-ink-900">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="font-bold text-ink-700">
                {t('detail.reviews.byline', {
                  name: review.name,
                  country: countryName(review.country, language),
                })}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
