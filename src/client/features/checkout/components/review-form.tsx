import { Loader2, Send, Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Order, ReviewRequestSchema } from '../../../../shared/contracts/checkout';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { codeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateReview } from '../api/create-review';

const RATINGS = [1, 2, 3, 4, 5] as const;
const TEXT_MAX = 2000;

function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex gap-0.5', className)}>
      {RATINGS.map((value) => (
        <Star
          key={value}
          className={cn('size-5', value <= rating ? 'fill-honey-300 text-caramel-400' : 'text-ink-900/25')}
        />
      ))}
    </span>
  );
}

/** The parent's review once stored: stars and words. */
export function StoredReview({ review }: { review: NonNullable<Order['review']> }) {
  const { t } = useTranslation('checkout');
  return (
    <section
      aria-labelledby="stored-review-title"
      className="rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <h2 id="stored-review-title" className="text-xl font-semibold">
        {t('confirmation.review.yours')}
      </h2>
      <p className="mt-3 flex items-center gap-2">
        <Stars rating={review.rating} />
        <span className="sr-only">{t('confirmation.review.outOf', { count: review.rating })}</span>
      </p>
      <blockquote className="mt-2 whitespace-pre-line text-ink-900">{review.text}</blockquote>
      <p className="mt-3 text-sm text-ink-700">{t('confirmation.review.thanks')}</p>
    </section>
  );
}

/** A rating of 1 to 5 stars and a few words, for a delivered order without a review yet. */
export function ReviewForm({ orderId, onStale }: { orderId: string; onStale: () => void }) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const create = useCreateReview(orderId);
  // The shared request schema checks the form before it is sent (stars 1 to 5, some words).
  const form = useZodForm(ReviewRequestSchema, { rating: 0, text: '' });
  const rating = form.watch('rating');
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (review) =>
      create.mutate(review, {
        onSuccess: () => toast.success(t('toasts.reviewThanks'), { id: 'review-thanks' }),
        onError: (error) => {
          const code = codeOf(error);
          if (code === 'REVIEW_EXISTS' || code === 'REVIEW_NOT_ALLOWED') {
            toast.error(code === 'REVIEW_EXISTS' ? t('toasts.reviewExists') : t('toasts.reviewNotAllowed'), {
              id: 'review-failed',
            });
            onStale();
            return;
          }
          toast.error(t('toasts.reviewFailed'), { id: 'review-failed' });
        },
      }),
    () => toast.error(t('toasts.reviewMissing'), { id: 'review-missing' }),
  );

  const ratingMissing = errors.rating !== undefined;
  const textMissing = errors.text !== undefined;
  const missing = ratingMissing || textMissing;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('confirmation.review.title')}
      </h2>
      <p className="mt-1 text-ink-700">{t('confirmation.review.lead')}</p>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
        <fieldset aria-describedby={ratingMissing ? `${id}-missing` : undefined}>
          <legend className="mb-2 font-bold">{t('confirmation.review.rating')}</legend>
          <div className="flex gap-1">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-full p-1.5 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ink-900"
              >
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    form.setValue('rating', value);
                    form.clearErrors('rating');
                  }}
                  aria-invalid={ratingMissing ? true : undefined}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={cn(
                    'size-8 transition-colors',
                    value <= rating ? 'fill-honey-300 text-caramel-400' : 'text-ink-900/30',
                  )}
                />
                <span className="sr-only">{t('confirmation.review.stars', { count: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="font-bold">
            {t('confirmation.review.text')}
          </label>
          <textarea
            id={`${id}-text`}
            maxLength={TEXT_MAX}
            rows={4}
            {...form.field('text')}
            aria-invalid={textMissing ? true : undefined}
            aria-describedby={textMissing ? `${id}-missing` : undefined}
            className={cn(
              'w-full rounded-2xl border-2 bg-white px-4 py-3 text-base text-ink-900 shadow-xs transition-colors focus-visible:border-ink-900 focus-visible:outline-offset-1',
              textMissing ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
            )}
          />
        </div>
        {missing && (
          <p id={`${id}-missing`} className="text-sm font-semibold text-red-700">
            {t('toasts.reviewMissing')}
          </p>
        )}
        <Button type="submit" disabled={create.isPending} className="self-start">
          {create.isPending ? (
            <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
          {create.isPending ? t('confirmation.review.sending') : t('confirmation.review.submit')}
        </Button>
      </form>
    </section>
  );
}
