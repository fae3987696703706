import { BookOpen, Loader2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useBookInstances } from '../api/get-book-instances';
import { BookCard } from './book-card';
import { LoadError } from './load-error';
import { EmptyState, TabIntro } from './tab-parts';

/** My Books: every book of the user with its live status, read again every 10 seconds. */
export function BooksTab() {
  const { t } = useTranslation('profile');
  const books = useBookInstances({ enabled: true });

  if (books.isError && !books.data) {
    return <LoadError error={books.error} onRetry={() => void books.refetch()} retrying={books.isFetching} />;
  }
  if (!books.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-ink-700">
        <Loader2 aria-hidden="true" className="size-5 text-coral-600 motion-safe:animate-spin" />
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <TabIntro title={t('books.title')} lead={t('books.lead')} />
      {books.data.length === 0 ? (
        <EmptyState icon={BookOpen} title={t('books.empty.title')} text={t('books.empty.text')}>
          <Link to="/themes" className={buttonClass()}>
            <Sparkles aria-hidden="true" className="size-5" />
            {t('books.empty.action')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {books.data.map((book) => (
            <li key={book.id}>
              <BookCard book={book} onRefresh={() => void books.refetch()} refreshing={books.isFetching} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
