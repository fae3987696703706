import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/checkout';

/**
 * Step 3: the gift copies with words of their own (a dedication, the other language), each with a
 * link to read it as it will print before paying (the reader's `?copy=n`, issue 18).
 */
export function GiftPreviews({ order, bookInstanceId }: { order: Order; bookInstanceId: string }) {
  const { t } = useTranslation('checkout');
  const own = order.copyGifts.filter((gift) => gift.dedication !== null || gift.language !== null);
  if (own.length === 0) return null;
  return (
    <section
      aria-labelledby="gift-previews-title"
      className="rounded-3xl bg-white p-5 ring-1 ring-sand-300/70"
    >
      <h2 id="gift-previews-title" className="font-display text-xl font-semibold">
        {t('gifts.previewTitle')}
      </h2>
      <p className="mt-1 text-ink-700">{t('gifts.previewLead')}</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {own.map((gift) => (
          <li key={gift.position}>
            <Link
              to={`/book/${encodeURIComponent(bookInstanceId)}?copy=${gift.position}`}
              state={gift.shipTo ? { recipient: gift.shipTo.firstName } : undefined}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-ink-900/20 px-4 font-semibold hover:border-ink-900/40"
            >
              <BookOpen aria-hidden="true" className="size-5 text-coral-600" />
              {t('gifts.preview', { copy: gift.position })}
              {gift.shipTo ? ` · ${gift.shipTo.firstName}` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
