import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, ReviewRequest } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';

type Review = NonNullable<Order['review']>;

/** The review of a delivered order (once per order). */
export function createReview(orderId: string, review: ReviewRequest): Promise<Review> {
  return apiRequest<Review>(`/api/orders/${encodeURIComponent(orderId)}/review`, {
    method: 'POST',
    json: review,
  });
}

export function useCreateReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewRequest) => createReview(orderId, review),
    onSuccess: (review) => {
      queryClient.setQueryData<Order>(orderQueryKey(orderId), (order) =>
        order ? { ...order, review } : order,
      );
    },
  });
}
