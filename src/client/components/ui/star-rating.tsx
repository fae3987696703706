import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

const MAX_RATING = 5;

/** A review's rating as five stars, read as "4 out of 5" (the theme page and the console). */
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
