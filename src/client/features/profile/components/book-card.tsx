import { BookOpen, CreditCard, FileDown, Loader2, Package, RefreshCw, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ProfileBook } from '../../../../shared/contracts/profile';
import { useLanguage } from '../../../components/layout/use-language';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { useRetryBook } from '../api/retry-book';
import { bookPdfHref, orderHref } from '../lib/links';
import { GalleryDialog } from './gallery-dialog';
import { useProgressLine } from './progress-line';
import { BookStatusBadge, OrderStatusBadge } from './status-badge';

const BAR_COLOURS: Partial<Record<ProfileBook['status'], string>> = {
  fulfilled: 'bg-green-600',
  archived: 'bg-red-500',
};

function RetryButton({ bookId }: { bookId: string }) {
  const { t } = useTranslation('profile');
  const retry = useRetryBook();
  return (
    <Button
      size="sm"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(bookId, {
          onSuccess: () => toast.success(t('toasts.retrySucceeded'), { id: `retry-${bookId}` }),
          onError: () => toast.error(t('toasts.retryFailed'), { id: `retry-${bookId}` }),
        })
      }
    >
      {retry.isPending ? (
        <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      ) : (
        <RotateCcw aria-hidden="true" className="size-4" />
      )}
      {retry.isPending ? t('books.retrying') : t('books.retry')}
    </Button>
  );
}

/**
 * The book's front cover as the parent approved it, or a plain tile while no version is drawn.
 * A picture that does not load gives way to the tile too.
 */
function BookCover({ book }: { book: ProfileBook }) {
  const { t } = useTranslation('profile');
  const [failed, setFailed] = useState(false);
  const shape = 'size-20 shrink-0 rounded-2xl sm:size-24';
  if (book.coverUrl && !failed) {
    return (
      <img
        src={book.coverUrl}
        alt={t('books.coverAlt', { title: book.title })}
        width={96}
        height={96}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn(shape, 'bg-cream-200 object-cover shadow-soft ring-2 ring-white')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="cover-placeholder"
      className={cn(shape, 'inline-flex items-center justify-center bg-lavender-100 text-ink-700')}
    >
      <BookOpen className="size-8" />
    </span>
  );
}

/**
 * A book drawn and not paid yet (issue 15): where it stands, and the way on —
 * "See your book" (read, change, approve) and, once approved, "Continue to payment".
 */
function UnpaidBook({ book }: { book: ProfileBook }) {
  const { t } = useTranslation('profile');
  const id = encodeURIComponent(book.id);
  const approved = book.stage === 'approved-unpaid';
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-white/70 p-3 ring-1 ring-sand-300/70">
      <div className="flex min-w-0 flex-col items-start gap-2">
        <p className="font-semibold">{approved ? t('books.unpaid.approved') : t('books.unpaid.toApprove')}</p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/book/${id}`}
            className={buttonClass({ variant: approved ? 'secondary' : 'primary', size: 'sm' })}
          >
            <BookOpen aria-hidden="true" className="size-4" />
            {t('books.unpaid.see')}
          </Link>
          {approved && (
            <Link to={`/checkout/${id}`} className={buttonClass({ size: 'sm' })}>
              <CreditCard aria-hidden="true" className="size-4" />
              {t('books.unpaid.pay')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** One book: where its making stands, and what can be done with it. */
export function BookCard({
  book,
  onRefresh,
  refreshing,
}: {
  book: ProfileBook;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation('profile');
  const { language } = useLanguage();
  const id = useId();
  const percent = Math.min(100, Math.max(0, book.progressPercentage ?? 0));
  const progressLine = useProgressLine(book.currentStep);
  // A paid book says where its order stands (issue 36), in the words of the order's status.
  const statusLine = book.order ? t(`books.afterPayment.${book.order.status}`) : progressLine;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <div className="flex items-start gap-4">
        <BookCover book={book} />
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${id}-title`} className="text-xl font-semibold break-words">
              {book.title}
            </h3>
            <p className="mt-0.5 text-sm text-ink-700">
              {t('books.started', { date: formatDateTime(book.createdAt, language) })}
            </p>
          </div>
          {book.order ? (
            <OrderStatusBadge status={book.order.status} />
          ) : (
            <BookStatusBadge status={book.status} />
          )}
        </div>
      </div>

      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('books.progressLabel', { title: book.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 flex-1 overflow-hidden rounded-full bg-ink-900/10"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-500',
              BAR_COLOURS[book.status] ?? 'bg-coral-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="w-12 text-right text-sm font-bold tabular-nums">
          {formatPercent(percent, language)}
        </span>
      </div>
      <p aria-live="polite" className="-mt-1 text-ink-700" data-testid="progress-text">
        {statusLine}
      </p>

      {(book.stage === 'to-approve' || book.stage === 'approved-unpaid') && <UnpaidBook book={book} />}

      <div className="flex flex-wrap gap-2">
        {book.stage === 'drawing' && (
          <Link
            to={`/book/${encodeURIComponent(book.id)}`}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            <BookOpen aria-hidden="true" className="size-4" />
            {t('books.unpaid.follow')}
          </Link>
        )}
        {book.stage === 'paid' && (
          <>
            <GalleryDialog book={book} />
            {book.order && (
              <Link
                to={orderHref(book.order.id)}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                <Package aria-hidden="true" className="size-4" />
                {t('books.seeOrder')}
              </Link>
            )}
            {book.pdfAvailable && (
              <a
                href={bookPdfHref(book.id)}
                download
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                <FileDown aria-hidden="true" className="size-4" />
                {t('books.downloadPdf')}
              </a>
            )}
          </>
        )}
        {book.status === 'archived' && <RetryButton bookId={book.id} />}
        <Button
          variant="ghost"
          size="sm"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('books.refreshLabel', { title: book.title })}
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'motion-safe:animate-spin')} />
          {t('books.refresh')}
        </Button>
      </div>
    </article>
  );
}
