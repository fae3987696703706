import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileBook } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

/** SPEC.md section 4: the books are read again every 10 seconds while the page is open. */
export const BOOKS_POLL_MS = 10_000;

export const bookInstancesQueryKey = [...PROFILE_QUERY_KEY, 'books'] as const;

/** The user's books, newest first, with their production state. */
export async function getBookInstances(signal?: AbortSignal): Promise<ProfileBook[]> {
  const { books } = await apiRequest<{ books: ProfileBook[] }>('/api/profile/books', { signal });
  return books;
}

export const getBookInstancesQueryOptions = () =>
  queryOptions({
    queryKey: bookInstancesQueryKey,
    queryFn: ({ signal }) => getBookInstances(signal),
    retry: retryUnlessClientError,
  });

export function useBookInstances({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getBookInstancesQueryOptions(), enabled, refetchInterval: BOOKS_POLL_MS });
}
