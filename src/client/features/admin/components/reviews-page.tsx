import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDateTime } from '../../../lib/format';
import { useAdminReviewChange, useAdminReviews } from '../api/admin-api';
import { AdminShell } from './admin-shell';
import { LoadFailed } from './load-failed';

/**
 * /admin/reviews: parents' reviews of delivered orders. None shows on a theme's page until an
 * operator has read it and shows it (issue 20); each choice is in the order's audit log.
 */
export function ReviewsPage() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  useDocumentTitle(t('meta.reviews'));
  const list = useAdminReviews();
  const change = useAdminReviewChange();
  const decide = (reviewId: string, show: boolean) =>
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
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('reviews.title')}</h1>
        <p className="max-w-3xl text-ink-700">{t('reviews.lead')}</p>
        {list.isPending && <p className="py-10 text-center text-ink-700">{t('loading')}</p>}
        {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
        {list.data && list.data.reviews.length === 0 && <p className="text-lg">{t('reviews.none')}</p>}
        {list.data && list.data.reviews.length > 0 && (
          <ul className="flex flex-col gap-4">
            {list.data.reviews.map((review) => (
              <li key={review.id}>
                <article className="flex flex-col gap-3 rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:p-6">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <StarRating rating={review.rating} />
                    <span
                      className={
                        review.approvedAt
                          ? 'rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-900'
                          : 'rounded-full bg-honey-100 px-3 py-1 text-sm font-bold text-ink-900'
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
                        disabled={change.isPending}
                      >
                        {t('reviews.hide')}
                      </Button>
                    ) : (
                      <Button size="sm" onClick={() => decide(review.id, true)} disabled={change.isPending}>
                        {t('reviews.show')}
                      </Button>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminShell>
  );
}
