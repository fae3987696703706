import { useMutation } from '@tanstack/react-query';
import type { PaymentSession } from '../../../../shared/contracts/checkout';
import { apiRequest } from '../../../lib/api-client';

/** Opens a card payment session for an unpaid order; the browser then goes to its `url`. */
export function createPayment(orderId: string): Promise<PaymentSession> {
  return apiRequest<PaymentSession>(`/api/orders/${encodeURIComponent(orderId)}/payment`, {
    method: 'POST',
  });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
