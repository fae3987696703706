import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileBook, ProfileBooks } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

/** docs/spec.md section 4: the books still being made are read again every 10 seconds (issue 19). */
export const BOOKS_POLL_MS = 10_000;

export const bookInstancesQueryKey = [...PROFILE_QUERY_KEY, 'books'] as const;

/** The loaded pages of My Books, as the query cache holds them. */
export type BookPages = InfiniteData<ProfileBooks, string | null>;

/** One page of the user's books, newest first, after `cursor` (the first page when null). */
export async function getBookInstances(cursor: string | null, signal?: AbortSignal): Promise<ProfileBooks> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ProfileBooks>(`/api/profile/books${query}`, { signal });
}

export const getBookInstancesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookInstancesQueryKey,
    queryFn: ({ pageParam, signal }) => getBookInstances(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** My Books a page at a time; "Show more" asks for the next. Not polled: see `useBooksInMotion`. */
export function useBookInstances({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getBookInstancesQueryOptions(), enabled });
}

/** The loaded pages with these books replaced by their fresher copies (same place, same page). */
export function withFresherBooks(
  pages: BookPages | undefined,
  fresher: ProfileBook[],
): BookPages | undefined {
  if (!pages || fresher.length === 0) return pages;
  const byId = new Map(fresher.map((book) => [book.id, book]));
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      books: page.books.map((book) => byId.get(book.id) ?? book),
    })),
  };
}
