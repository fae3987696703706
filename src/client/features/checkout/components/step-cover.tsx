import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { castWordsContext } from '../../../../shared/domain/cast';
import {
  GRANDPARENT_COPIES,
  GRANDPARENT_DISCOUNTS,
  grandparentDiscount,
} from '../../../../shared/domain/quote';
import { COVER_TYPES, type CoverType } from '../../../../shared/domain/statuses';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import { CoverSheetImage } from '../../../components/ui/cover-sheet-image';
import { formatList, formatMoney, formatPercent } from '../../../lib/format';
import type { CheckoutDraft } from '../lib/checkout-draft';
import { bookPrice, quoteFor } from '../lib/quote';
import { CoverPreview } from './cover-preview';

type StepCoverProps = {
  context: CheckoutContext;
  draft: CheckoutDraft;
  onChange: (change: Partial<Pick<CheckoutDraft, 'coverType' | 'grandparentCopies'>>) => void;
};

const choiceCard = cn(
  'flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 transition-colors',
  'border-ink-900/15 hover:border-ink-900/35',
  'has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100',
  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
);

const COPY_COUNTS = Array.from(
  { length: GRANDPARENT_COPIES.max - GRANDPARENT_COPIES.min + 1 },
  (_, index) => GRANDPARENT_COPIES.min + index,
);

/** Step 1: the cover of the book and the discounted copies for the grandparents, beside the preview. */
export function StepCover({ context, draft, onChange }: StepCoverProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const id = useId();
  const money = (cents: number) => formatMoney(cents, language);
  const { pricing } = context;
  const copies = draft.grandparentCopies;

  // The discount tiers as words, from the shared rule: "25% off with 1 copy, 30% off each with 2 copies…"
  const tiers = formatList(
    (Object.entries(GRANDPARENT_DISCOUNTS) as Array<[string, number]>).map(([count, percent]) =>
      t('copies.tier', {
        count: Number(count),
        percent: formatPercent(percent, language, { fractionDigits: 2 }),
      }),
    ),
    language,
  );
  const quote = quoteFor(pricing, { ...draft, country: draft.shipping.country });
  const copyLine = quote?.lines.find((line) => line.itemType === 'grandparent_copy');

  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:items-start lg:gap-12">
      <div className="md:sticky md:top-6">
        <CoverPreview
          bookInstanceId={context.bookInstance.id}
          preview={context.coverPreview}
          title={context.bookInstance.title}
          names={[context.bookInstance.childName, ...(context.pricing.extraChildren ?? [])]}
          words={context.bookInstance.cast}
        />
      </div>
      <div className="flex flex-col gap-8">
        <CoverChoice
          pricing={pricing}
          name={`${id}-cover`}
          chosen={draft.coverType}
          onChoose={(coverType) => onChange({ coverType })}
        />
        {/* The whole cover as it prints on the binding chosen: it changes with the choice (issue 31). */}
        <CoverSheetImage
          bookInstanceId={context.bookInstance.id}
          binding={draft.coverType}
          title={context.bookInstance.title}
          sizes="(min-width: 768px) 55vw, calc(100vw - 2rem)"
        />

        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-copies-lead`}>
          <legend className="mb-1 font-display text-xl font-semibold">{t('copies.legend')}</legend>
          <p id={`${id}-copies-lead`} className="mb-2 text-ink-700">
            {t('copies.lead', { tiers, context: castWordsContext(context.bookInstance.cast) })}
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {COPY_COUNTS.map((count) => (
              <label key={count} className={cn(choiceCard, 'flex-col items-center gap-1 p-3 text-center')}>
                <input
                  type="radio"
                  name={`${id}-copies`}
                  value={count}
                  checked={copies.count === count}
                  onChange={() => onChange({ grandparentCopies: { ...copies, count } })}
                  className="sr-only"
                />
                <span className="font-extrabold">
                  {count === 0 ? t('copies.none') : t('copies.count', { count })}
                </span>
                {count > 0 && (
                  <span className="text-sm font-semibold text-coral-700">
                    {t('copies.off', {
                      percent: formatPercent(grandparentDiscount(count), language, { fractionDigits: 2 }),
                    })}
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>

        {copies.count > 0 && (
          <fieldset className="flex flex-col gap-3 motion-safe:animate-fade-in">
            <legend className="mb-3 font-bold">{t('copies.coverLegend')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {COVER_TYPES.map((coverType: CoverType) => {
                const base = bookPrice(pricing, coverType);
                return (
                  <label key={coverType} className={cn(choiceCard, 'items-center py-3')}>
                    <input
                      type="radio"
                      name={`${id}-copies-cover`}
                      value={coverType}
                      checked={copies.coverType === coverType}
                      disabled={!base}
                      onChange={() => onChange({ grandparentCopies: { ...copies, coverType } })}
                      className="size-4 shrink-0 accent-coral-600"
                    />
                    <span className="font-bold">{t(`coverTypes.${coverType}`)}</span>
                  </label>
                );
              })}
            </div>
            {copyLine && (
              <p aria-live="polite" className="rounded-2xl bg-lavender-100 p-4">
                <span className="font-bold">
                  {t('copies.perCopy', { price: money(copyLine.unitPrice), base: money(copyLine.basePrice) })}
                </span>{' '}
                <span className="text-coral-700 font-bold">
                  {t('copies.saving', {
                    amount: money((copyLine.basePrice - copyLine.unitPrice) * copyLine.quantity),
                  })}
                </span>
              </p>
            )}
          </fieldset>
        )}

        {quote ? (
          <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t-2 border-dashed border-sand-300 pt-4">
            <span className="font-bold">{t('cover.booksTotal')}</span>
            <span className="font-display text-2xl font-semibold tabular-nums">{money(quote.subtotal)}</span>
            <span className="w-full text-sm text-ink-700">{t('cover.addedLater')}</span>
          </p>
        ) : (
          <p role="alert" className="font-semibold text-red-700">
            {t('summary.unavailable')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The book's cover: each kind with its price (and the price it replaces), or why it is not offered. */
function CoverChoice({
  pricing,
  name,
  chosen,
  onChoose,
}: {
  pricing: CheckoutContext['pricing'];
  name: string;
  chosen: CoverType;
  onChoose: (coverType: CoverType) => void;
}) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 font-display text-xl font-semibold">{t('cover.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {COVER_TYPES.map((coverType) => {
          const price = bookPrice(pricing, coverType);
          return (
            <label key={coverType} className={choiceCard}>
              <input
                type="radio"
                name={name}
                value={coverType}
                checked={chosen === coverType}
                disabled={!price}
                onChange={() => onChoose(coverType)}
                className="mt-1 size-4 shrink-0 accent-coral-600"
              />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-extrabold">{t(`coverTypes.${coverType}`)}</span>
                  {price ? (
                    <span className="font-extrabold whitespace-nowrap tabular-nums">
                      {money(price.price)}
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-ink-700">{t(`cover.about.${coverType}`)}</span>
                {price && price.price < price.base && (
                  <span className="text-sm text-ink-700">
                    {t('cover.instead', { price: money(price.base) })}
                  </span>
                )}
                {!price && <span className="text-sm font-semibold">{t('cover.unavailable')}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
