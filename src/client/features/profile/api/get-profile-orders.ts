import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileOrder } from '../../../../shared/contracts/profile';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './query-keys';

export const profileOrdersQueryKey = [...PROFILE_QUERY_KEY, 'orders'] as const;

/** The user's orders, newest first, each with the child it was made for. */
export async function getProfileOrders(signal?: AbortSignal): Promise<ProfileOrder[]> {
  const { orders } = await apiRequest<{ orders: ProfileOrder[] }>('/api/profile/orders', { signal });
  return orders;
}

export const getProfileOrdersQueryOptions = () =>
  queryOptions({
    queryKey: profileOrdersQueryKey,
    queryFn: ({ signal }) => getProfileOrders(signal),
    retry: retryUnlessClientError,
  });

export function useProfileOrders({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getProfileOrdersQueryOptions(), enabled });
}
