import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutContext } from '../../../../shared/contracts/checkout';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

export const checkoutQueryKey = (bookInstanceId: string) => ['checkout', bookInstanceId] as const;

/** What the checkout of one of the user's books needs: the book, the preview, prices, any order. */
export function getCheckout(bookInstanceId: string, signal?: AbortSignal): Promise<CheckoutContext> {
  return apiRequest<CheckoutContext>(`/api/checkout/${encodeURIComponent(bookInstanceId)}`, { signal });
}

export const getCheckoutQueryOptions = (bookInstanceId: string) =>
  queryOptions({
    queryKey: checkoutQueryKey(bookInstanceId),
    queryFn: ({ signal }) => getCheckout(bookInstanceId, signal),
    // The page changes it only through its own order saves, which write it into the cache.
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryUnlessClientError,
  });

export function useCheckout(bookInstanceId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getCheckoutQueryOptions(bookInstanceId), enabled });
}
