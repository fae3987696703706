import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileOrders } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

export const profileOrdersQueryKey = [...PROFILE_QUERY_KEY, 'orders'] as const;

/** One page of the user's orders, newest first, each with the child it was made for. */
export async function getProfileOrders(cursor: string | null, signal?: AbortSignal): Promise<ProfileOrders> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ProfileOrders>(`/api/profile/orders${query}`, { signal });
}

export const getProfileOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: profileOrdersQueryKey,
    queryFn: ({ pageParam, signal }) => getProfileOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** The Orders tab a page at a time; "Show more" asks for the next. */
export function useProfileOrders({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getProfileOrdersQueryOptions(), enabled });
}
