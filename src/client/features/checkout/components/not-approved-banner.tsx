import { BookOpen, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/**
 * The server refused to take an order for this book: it was not approved in the reader, or it has
 * changed since (issue 15). The parent goes back to the book to read and approve it.
 */
export function NotApprovedBanner({
  code,
  bookInstanceId,
}: {
  code: 'BOOK_NOT_APPROVED' | 'BOOK_VERSION_SUPERSEDED';
  bookInstanceId: string;
}) {
  const { t } = useTranslation(['checkout', 'errors']);
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-3xl bg-coral-100 p-5 ring-1 ring-coral-600/40 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-coral-700" />
        {t(`errors:codes.${code}`)}
      </p>
      <Link
        to={`/book/${encodeURIComponent(bookInstanceId)}`}
        className={buttonClass({ variant: 'secondary', className: 'shrink-0' })}
      >
        <BookOpen aria-hidden="true" className="size-5" />
        {t('checkout:notApproved.back')}
      </Link>
    </div>
  );
}
