import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PAGE_SIZE } from '../../../../shared/constants';
import type { ProfileBook, ProfileBooks } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { BOOKS_POLL_MS, type BookPages, bookInstancesQueryKey, withFresherBooks } from './get-book-instances';
import { PROFILE_QUERY_KEY } from './query-keys';

/** Some of the user's books again, by id (the ones still being made, or one the parent refreshes). */
export async function getBooksById(ids: string[], signal?: AbortSignal): Promise<ProfileBook[]> {
  const { books } = await apiRequest<ProfileBooks>(
    `/api/profile/books?ids=${ids.map(encodeURIComponent).join(',')}`,
    { signal },
  );
  return books;
}

export const getBooksByIdQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, 'books-by-id', ids] as const,
    queryFn: ({ signal }) => getBooksById(ids, signal),
    retry: retryUnlessClientError,
  });

/** A paid parcel moves in hours or days: its book is read again every minute while on its way. */
export const PARCEL_POLL_MS = 60_000;

/**
 * The books My Books reads again, and how often (issue 36): a book being drawn or paid and not yet
 * handed to the printer every 10 seconds, a paid book on its way to the family every minute, until
 * its parcel is delivered. Nothing is read when no book moves.
 */
export function booksToFollow(books: readonly ProfileBook[]): { ids: string[]; intervalMs: number } {
  const soon = books.filter(
    (book) => book.stage === 'drawing' || (book.stage === 'paid' && book.status !== 'fulfilled'),
  );
  const travelling = books.filter(
    (book) =>
      book.stage === 'paid' &&
      book.status === 'fulfilled' &&
      book.order !== null &&
      !['delivered', 'cancelled'].includes(book.order.status),
  );
  return {
    ids: [...soon, ...travelling].map((book) => book.id),
    intervalMs: soon.length > 0 ? BOOKS_POLL_MS : PARCEL_POLL_MS,
  };
}

/**
 * Reads the books that are still moving (`booksToFollow`), and only those, into the loaded pages
 * of My Books. The first read waits a period: the page has just been read.
 */
export function useBooksInMotion(books: readonly ProfileBook[]) {
  const queryClient = useQueryClient();
  const follow = booksToFollow(books);
  // One read holds at most a page's maximum; more books than that moving at once are not
  // expected, and the rest are read when the page is read again.
  const ids = follow.ids.slice(0, PROFILE_PAGE_SIZE.max);
  const options = getBooksByIdQueryOptions(ids);
  return useQuery({
    ...options,
    queryFn: async (context) => {
      const fresher = await options.queryFn!(context);
      queryClient.setQueryData<BookPages>(bookInstancesQueryKey, (pages) => withFresherBooks(pages, fresher));
      return fresher;
    },
    enabled: ids.length > 0,
    initialData: [],
    initialDataUpdatedAt: () => Date.now(),
    staleTime: follow.intervalMs,
    refetchInterval: follow.intervalMs,
  });
}

/** The card's refresh button: that one book read again at once, in its place. */
export function useRefreshBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getBooksById([id]),
    onSuccess: (books) =>
      queryClient.setQueryData<BookPages>(bookInstancesQueryKey, (pages) => withFresherBooks(pages, books)),
  });
}
