import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressChange, Order } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';

// The parent's changes in the grace period after payment (issue 36): each answers the order as it
// is now, which replaces the page's copy.

export function cancelOrder(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });
}

export function changeOrderAddress(orderId: string, address: AddressChange): Promise<Order> {
  return apiRequest<Order>(`/api/orders/${encodeURIComponent(orderId)}/address`, {
    method: 'PUT',
    json: address,
  });
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(orderId), order),
  });
}

export function useChangeOrderAddress(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressChange) => changeOrderAddress(orderId, address),
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(orderId), order),
  });
}
