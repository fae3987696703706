import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/contracts/checkout';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

export const orderQueryKey = (orderId: string) => ['orders', orderId] as const;

/** One order of the signed-in user (404 for anyone else's). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    retry: retryUnlessClientError,
  });

type UseOrderOptions = {
  enabled: boolean;
  /** Milliseconds between reads while the order says so (false: read once). */
  refetchInterval?: (order: Order | undefined) => number | false;
};

export function useOrder(orderId: string, { enabled, refetchInterval }: UseOrderOptions) {
  return useQuery({
    ...getOrderQueryOptions(orderId),
    enabled,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  });
}
