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

/**
 * Reads the books still being made every 10 seconds, and only those, into the loaded pages of
 * My Books; nothing is polled when no book is being made. The first read waits a period: the
 * page has just been read.
 */
export function useBooksBeingMade(drawing: string[]) {
  const queryClient = useQueryClient();
  // One read holds at most a page's maximum; more books than that being drawn at once are not
  // expected, and the rest are read when the page is read again.
  const ids = drawing.slice(0, PROFILE_PAGE_SIZE.max);
  const options = getBooksByIdQueryOptions(ids);
  return useQuery({
    ...options,
    queryFn: async (context) => {
      const books = await options.queryFn!(context);
      queryClient.setQueryData<BookPages>(bookInstancesQueryKey, (pages) => withFresherBooks(pages, books));
      return books;
    },
    enabled: ids.length > 0,
    initialData: [],
    initialDataUpdatedAt: () => Date.now(),
    staleTime: BOOKS_POLL_MS,
    refetchInterval: BOOKS_POLL_MS,
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
