import { BookOpen, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useBookInstances } from '../api/get-book-instances';
import { useBooksInMotion, useRefreshBook } from '../api/get-books-by-id';
import { BookCard } from './book-card';
import { BookCardSkeleton } from './card-skeletons';
import { LoadError } from './load-error';
import { EmptyState, PagedList, TabIntro } from './tab-parts';

const GRID = 'grid gap-4 lg:grid-cols-2';

/** Skeleton cards for a first page or the next one, two rows of the grid. */
function BookSkeletons() {
  return [0, 1, 2, 3].map((key) => <BookCardSkeleton key={key} />);
}

/**
 * My Books: the user's books a page at a time ("Show more" for the next), each with its live
 * status. Only the books still moving are read again: being drawn, paid, on their way (issue 36).
 */
export function BooksTab() {
  const { t } = useTranslation('profile');
  const books = useBookInstances({ enabled: true });
  const list = books.data?.pages.flatMap((page) => page.books) ?? [];
  useBooksInMotion(list);
  const refresh = useRefreshBook();

  if (books.isError && !books.data) {
    return <LoadError error={books.error} onRetry={() => void books.refetch()} retrying={books.isFetching} />;
  }
  return (
    <div className="flex flex-col gap-5">
      <TabIntro title={t('books.title')} lead={t('books.lead')} />
      {!books.data ? (
        <>
          <p role="status" className="sr-only">
            {t('books.loading')}
          </p>
          <ul className={GRID}>
            <BookSkeletons />
          </ul>
        </>
      ) : list.length === 0 ? (
        <EmptyState icon={BookOpen} title={t('books.empty.title')} text={t('books.empty.text')}>
          <Link to="/themes" className={buttonClass()}>
            <Sparkles aria-hidden="true" className="size-5" />
            {t('books.empty.action')}
          </Link>
        </EmptyState>
      ) : (
        <PagedList
          items={list}
          className={GRID}
          renderItem={(book) => (
            <BookCard
              book={book}
              onRefresh={() => refresh.mutate(book.id)}
              refreshing={refresh.isPending && refresh.variables === book.id}
            />
          )}
          hasMore={books.hasNextPage}
          loadingMore={books.isFetchingNextPage}
          onShowMore={() => void books.fetchNextPage()}
          showMoreLabel={t('books.showMore')}
          loadingMoreLabel={t('books.loadingMore')}
          placeholder={<BookSkeletons />}
        />
      )}
    </div>
  );
}
