import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutContext, Order, OrderRequest } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';
import { checkoutQueryKey } from './get-checkout';
import { orderQueryKey } from './get-order';

/**
 * Creates the pending order of a book, or updates the pending one: only the choices travel, never a
 * price; the server answers with its own quote.
 */
export function saveOrder(bookInstanceId: string, request: OrderRequest): Promise<Order> {
  return apiRequest<Order>(`/api/checkout/${encodeURIComponent(bookInstanceId)}/order`, {
    method: 'PUT',
    json: request,
  });
}

export function useSaveOrder(bookInstanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderRequest) => saveOrder(bookInstanceId, request),
    onSuccess: (order) => {
      queryClient.setQueryData<CheckoutContext>(checkoutQueryKey(bookInstanceId), (context) =>
        context ? { ...context, order } : context,
      );
      queryClient.setQueryData(orderQueryKey(order.id), order);
    },
  });
}
