import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookType } from '../../../../shared/domain/statuses';
import { buttonClass } from '../../../components/ui/button';

/**
 * A draft not ordered within 30 days: its photos and covers were deleted, as the privacy page
 * promises, so it cannot be printed. The parent is told so and sent to make the book again.
 */
export function AbandonedDraft({ bookType }: { bookType: BookType }) {
  const { t } = useTranslation('checkout');
  return (
    <section
      aria-labelledby="abandoned-title"
      className="mx-auto my-10 flex w-full max-w-xl flex-col items-center rounded-3xl bg-cream-50 px-6 py-12 text-center shadow-soft ring-1 ring-sand-300/70"
    >
      <Clock aria-hidden="true" className="size-12 text-coral-600" />
      <h1 id="abandoned-title" className="mt-4 font-display text-2xl font-semibold text-balance">
        {t('abandoned.title')}
      </h1>
      <p className="mt-3 max-w-md text-ink-700">{t('abandoned.text')}</p>
      <Link to={`/themes?type=${bookType}`} className={buttonClass({ size: 'lg', className: 'mt-6' })}>
        {t('abandoned.makeAgain')}
      </Link>
    </section>
  );
}
