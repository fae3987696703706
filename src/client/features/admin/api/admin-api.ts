import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminAddressRequest,
  AdminOrderDetail,
  AdminOrderList,
  AdminOutbox,
  AdminOverview,
  AdminPricing,
  AdminProductPriceRequest,
  AdminPromoCodeRequest,
  AdminRedrawChoice,
  AdminRedrawRequest,
  AdminRefundRequest,
  AdminResendRequest,
  AdminReview,
  AdminReviewList,
  AdminReviewListName,
  AdminShipRequest,
  AdminTaxRateRequest,
} from '../../../../shared/contracts/admin';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { apiRequest, retryUnlessClientError } from '../../../lib/api-client';

const ADMIN_KEY = ['admin'] as const;

/** The console's filters as the list URL keeps them (all strings, empty = not set). */
export type OrderFilters = {
  q: string;
  status: string;
  paymentStatus: string;
  country: string;
  review: string;
  from: string;
  to: string;
};

/** Who the operator is; a 404 means this visitor is no operator (the console is not there). */
export function useAdminMe() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'me'],
    queryFn: ({ signal }) => apiRequest<{ email: string }>('/api/admin/me', { signal }),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'overview'],
    queryFn: ({ signal }) => apiRequest<AdminOverview>('/api/admin/overview', { signal }),
    retry: retryUnlessClientError,
  });
}

/** The order list, a page at a time (keyset cursor), for the filters in the address. */
export function useAdminOrders(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_KEY, 'orders', filters],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(
        Object.entries(filters).filter(([, value]) => value !== '') as [string, string][],
      );
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<AdminOrderList>(`/api/admin/orders?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

const orderKey = (orderId: string) => [...ADMIN_KEY, 'order', orderId] as const;

export function useAdminOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) =>
      apiRequest<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal }),
    retry: retryUnlessClientError,
  });
}

/** The body each action sends. */
export type AdminActionBody = {
  hold: { reason: string };
  release: { reason: string };
  notes: { reason: string };
  refund: AdminRefundRequest;
  cancel: { reason: string };
  ship: AdminShipRequest;
  deliver: { reason: string };
  'retry-book': { reason: string };
  'resubmit-print': { reason: string };
  'resend-email': AdminResendRequest;
  'approve-print': { reason: string };
  'print-now': { reason: string };
  redraw: AdminRedrawRequest;
  'redraw-choice': AdminRedrawChoice;
  address: AdminAddressRequest;
};
export type AdminAction = keyof AdminActionBody;

/** Runs one action; the answer is the order as it now is, shown at once. */
export function useAdminAction<A extends AdminAction>(orderId: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminActionBody[A]) =>
      apiRequest<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderKey(orderId), detail);
      // The list and the queues show the change next time they are read.
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'orders'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'overview'] });
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'book'] });
    },
  });
}

export function useAdminOutbox() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'outbox'],
    queryFn: ({ signal }) => apiRequest<AdminOutbox>('/api/admin/outbox', { signal }),
    retry: retryUnlessClientError,
  });
}

/** The order's book, read-only, as its reader shows it (every page and its words). */
export function useAdminBook(bookInstanceId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'book', bookInstanceId],
    queryFn: ({ signal }) =>
      apiRequest<BookPreview>(`/api/admin/books/${encodeURIComponent(bookInstanceId)}`, { signal }),
    retry: retryUnlessClientError,
    enabled,
    // While a page is being drawn again, look every few seconds for its new picture.
    refetchInterval: (query) =>
      query.state.data?.candidates.some((candidate) => candidate.status === 'drawing') ? 3000 : false,
  });
}

const pricingKey = [...ADMIN_KEY, 'pricing'] as const;

/** The VAT table and the promo codes (issue 18). */
export function useAdminPricing() {
  return useQuery({
    queryKey: pricingKey,
    queryFn: ({ signal }) => apiRequest<AdminPricing>('/api/admin/pricing', { signal }),
    retry: retryUnlessClientError,
  });
}

/** The prices page's changes; each answers the page as it now is. */
export type PricingChange =
  | { kind: 'tax-rate'; body: AdminTaxRateRequest }
  | { kind: 'promo-code'; body: AdminPromoCodeRequest }
  | { kind: 'end-promo-code'; code: string; body: { reason: string } }
  | { kind: 'product-price'; body: AdminProductPriceRequest };

export function useAdminPricingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PricingChange) => {
      const path =
        change.kind === 'tax-rate'
          ? '/api/admin/tax-rates'
          : change.kind === 'promo-code'
            ? '/api/admin/promo-codes'
            : change.kind === 'product-price'
              ? '/api/admin/product-prices'
              : `/api/admin/promo-codes/${encodeURIComponent(change.code)}/end`;
      return apiRequest<AdminPricing>(path, { method: 'POST', json: change.body });
    },
    onSuccess: (pricing) => queryClient.setQueryData(pricingKey, pricing),
  });
}

const reviewsKey = [...ADMIN_KEY, 'reviews'] as const;

/** One of the parents' review lists (issue 20), a page at a time (keyset cursor, issue 19). */
export function useAdminReviews(list: AdminReviewListName) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey, list],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ list });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<AdminReviewList>(`/api/admin/reviews?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessClientError,
  });
}

/**
 * Shows a review on its theme's page, or takes it down (with why, for the audit log); both lists
 * are read again, as the review has moved from one to the other.
 */
export function useAdminReviewChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, show, reason }: { reviewId: string; show: boolean; reason: string }) =>
      apiRequest<AdminReview>(
        `/api/admin/reviews/${encodeURIComponent(reviewId)}/${show ? 'approve' : 'hide'}`,
        { method: 'POST', json: { reason } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
