import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { AdminReviewListName } from '../../../../shared/contracts/admin';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDateTime } from '../../../lib/format';
import { useAdminReviewChange, useAdminReviews } from '../api/admin-api';
import { AdminShell } from './admin-shell';
import { LoadFailed } from './load-failed';

type Decide = (reviewId: string, show: boolean) => void;

/** One list of reviews (waiting for a look, or shown), a page at a time with "Show more". */
function ReviewList({ list, decide, busy }: { list: AdminReviewListName; decide: Decide; busy: boolean }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const headingId = useId();
  const pages = useAdminReviews(list);
  const reviews = pages.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-semibold">
        {t(list === 'waiting' ? 'reviews.waitingTitle' : 'reviews.shownTitle')}
      </h2>
      {pages.isPending && <p className="py-6 text-center text-ink-700">{t('loading')}</p>}
      {pages.isError && <LoadFailed onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && reviews.length === 0 && (
        <p>{t(list === 'waiting' ? 'reviews.noneWaiting' : 'reviews.noneShown')}</p>
      )}
      {reviews.length > 0 && (
        <ul className="flex flex-col gap-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="flex flex-col gap-3 rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:p-6">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <StarRating rating={review.rating} />
                  <span
                    className={
                      review.approvedAt
                        ? 'rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-900'
                        : 'rounded-full bg-coral-100 px-3 py-1 text-sm font-bold text-ink-900'
                    }
                  >
                    {review.approvedAt ? t('reviews.statusShown') : t('reviews.statusWaiting')}
                  </span>
                </div>
                <blockquote className="leading-relaxed whitespace-pre-line">{review.text}</blockquote>
                <p className="text-sm text-ink-700">
                  {review.name} ·{' '}
                  <Link
                    to={`/admin/orders/${encodeURIComponent(review.orderId)}`}
                    className="font-bold text-coral-700 underline underline-offset-4"
                  >
                    {review.orderNumber}
                  </Link>{' '}
                  · {formatDateTime(review.createdAt, language)}
                </p>
                <div>
                  {review.approvedAt ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => decide(review.id, false)}
                      disabled={busy}
                    >
                      {t('reviews.hide')}
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => decide(review.id, true)} disabled={busy}>
                      {t('reviews.show')}
                    </Button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {t('reviews.more')}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * /admin/reviews: parents' reviews of delivered orders. None shows on a theme's page until an
 * operator has read it and shows it (issue 20); each choice is in the order's audit log. Two lists,
 * those waiting for a look first, each a page at a time (issue 19).
 */
export function ReviewsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('meta.reviews'));
  const change = useAdminReviewChange();
  const decide: Decide = (reviewId, show) =>
    change.mutate(
      { reviewId, show, reason: show ? t('reviews.showReason') : t('reviews.hideReason') },
      {
        onSuccess: () =>
          toast.success(show ? t('reviews.shown') : t('reviews.hidden'), { id: 'review-done' }),
        onError: () => toast.error(t('reviews.failed'), { id: 'review-failed' }),
      },
    );
  return (
    <AdminShell>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold sm:text-4xl">{t('reviews.title')}</h1>
          <p className="max-w-3xl text-ink-700">{t('reviews.lead')}</p>
        </div>
        <ReviewList list="waiting" decide={decide} busy={change.isPending} />
        <ReviewList list="shown" decide={decide} busy={change.isPending} />
      </div>
    </AdminShell>
  );
}
