import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceList } from '../../shared/contracts/catalog';
import { extraChildPrice, lowestBookPrice } from '../../shared/domain/pricing';
import { apiRequest, retryUnlessClientError } from './api-client';

/** The active prices, in cents: shop-wide data (the storefront's "from", the wizard's extra child). */
export function getPrices(signal?: AbortSignal): Promise<PriceList> {
  return apiRequest<PriceList>('/api/catalog/prices', { signal });
}

export const getPricesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'prices'],
    queryFn: ({ signal }) => getPrices(signal),
    retry: retryUnlessClientError,
  });

export function usePrices() {
  return useQuery(getPricesQueryOptions());
}

/**
 * The "from" price in cents: the lowest active book price. `undefined` while loading, when the
 * request failed or when no book is priced; then no price is shown at all.
 */
export function useFromPrice(): { cents: number | undefined; isPending: boolean } {
  const prices = usePrices();
  return {
    cents: prices.data ? lowestBookPrice(prices.data.prices) : undefined,
    isPending: prices.isPending,
  };
}

/** One extra child's price in cents, `undefined` while loading, on failure or when none is sold. */
export function useExtraChildPrice(): number | undefined {
  const prices = usePrices();
  return prices.data ? extraChildPrice(prices.data.prices) : undefined;
}
