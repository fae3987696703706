import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/checkout';
import { useLanguage } from '../../../components/layout/use-language';
import { countryName } from '../../../lib/format';

/**
 * Step 3: the gift copies as saved, to check before paying (issue 18): where each goes, its
 * language and words; a copy with words of its own (a dedication, the other language) links to the
 * reader's `?copy=n` to be read as it will print.
 */
export function GiftPreviews({ order, bookInstanceId }: { order: Order; bookInstanceId: string }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  if (order.copyGifts.length === 0) return null;
  return (
    <section
      aria-labelledby="gift-previews-title"
      className="rounded-3xl bg-white p-5 ring-1 ring-sand-300/70"
    >
      <h2 id="gift-previews-title" className="font-display text-xl font-semibold">
        {t('gifts.previewTitle')}
      </h2>
      <p className="mt-1 text-ink-700">{t('gifts.previewLead')}</p>
      <ul className="mt-3 flex flex-col">
        {order.copyGifts.map((gift) => {
          const ownWords = gift.dedication !== null || gift.language !== null;
          const words = [
            gift.language
              ? t('gifts.summary.language', { language: t(`gifts.languages.${gift.language}`) })
              : '',
            gift.dedication ? t('gifts.summary.ownWords') : '',
          ].filter(Boolean);
          return (
            <li
              key={gift.position}
              className="flex flex-col gap-2 border-t border-sand-300/70 py-3 first:border-t-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <p className="font-bold">{t('gifts.copy', { copy: gift.position })}</p>
                <p className="break-words">
                  {gift.shipTo
                    ? t('gifts.summary.to', {
                        name: `${gift.shipTo.firstName} ${gift.shipTo.lastName}`,
                        city: gift.shipTo.city,
                        country: countryName(gift.shipTo.country, language),
                      })
                    : t('gifts.summary.withBook')}
                </p>
                {words.length > 0 && <p className="text-sm text-ink-700">{words.join(' · ')}</p>}
              </div>
              {ownWords && (
                <Link
                  to={`/book/${encodeURIComponent(bookInstanceId)}?copy=${gift.position}`}
                  // The reader names the copy's recipient in its banner.
                  state={gift.shipTo ? { recipient: gift.shipTo.firstName } : undefined}
                  className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-full border-2 border-ink-900/20 px-4 font-semibold hover:border-ink-900/40 sm:self-center"
                >
                  <BookOpen aria-hidden="true" className="size-5 text-coral-600" />
                  {t('gifts.preview', { copy: gift.position })}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
