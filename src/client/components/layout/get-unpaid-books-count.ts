import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UnpaidBooksCountSchema } from '../../../shared/contracts/book-preview';
import { apiRequest, retryUnlessClientError } from '../../lib/api-client';
import { useSession } from '../auth/get-session';

export type UnpaidBooksCount = z.infer<typeof UnpaidBooksCountSchema>;

/** Approving or paying a book changes the count: both invalidate this key. */
export const UNPAID_BOOKS_COUNT_QUERY_KEY = ['books', 'unpaid-count'] as const;

/** How many of the caller's books are approved and not paid yet (the cart badge, issue 15). */
export function getUnpaidBooksCount(signal?: AbortSignal): Promise<UnpaidBooksCount> {
  return apiRequest<UnpaidBooksCount>('/api/books/unpaid-count', { signal });
}

export const getUnpaidBooksCountQueryOptions = () =>
  queryOptions({
    queryKey: UNPAID_BOOKS_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => getUnpaidBooksCount(signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });

/** The count for a signed-in parent; a visitor (or a failed read) has none. */
export function useUnpaidBooksCount(): number {
  const { isSignedIn } = useSession();
  const query = useQuery({ ...getUnpaidBooksCountQueryOptions(), enabled: isSignedIn });
  return isSignedIn ? (query.data?.count ?? 0) : 0;
}
