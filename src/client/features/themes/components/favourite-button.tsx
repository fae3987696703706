import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookType } from '../../../../shared/domain/statuses';
import { cn } from '../../../components/ui/cn';
import { useFavouriteTheme } from '../hooks/use-favourite-theme';

/** The heart toggle: a favourite per theme and book type, kept in this browser. */
export function FavouriteButton({ themeId, type }: { themeId: string; type: BookType }) {
  const { t } = useTranslation('themes');
  const [isFavourite, toggle] = useFavouriteTheme(themeId, type);
  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={t('detail.favourite')}
      title={t('detail.favourite')}
      onClick={toggle}
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-full border-2 transition-colors',
        isFavourite
          ? 'border-coral-600 bg-coral-100 text-coral-600'
          : 'border-ink-900/15 bg-cream-50 text-ink-900 hover:border-coral-600 hover:text-coral-600',
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-6 transition-transform', isFavourite && 'fill-current motion-safe:scale-110')}
      />
    </button>
  );
}
