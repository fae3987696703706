import { isPaymentOpen } from '../../../../shared/domain/orders';
import type { OrderStatus, PaymentStatus } from '../../../../shared/domain/statuses';

/** Retry Payment is offered while the payment is still open (shared/domain/orders.ts). */
export const canRetryPayment = (status: PaymentStatus): boolean => isPaymentOpen(status);

/** The four steps of the timeline (docs/product.md, the older flow). */
export const TIMELINE_STEPS = ['received', 'production', 'shipped', 'delivered'] as const;

/** Where an order stands on the timeline; a cancelled order has no place on it. */
export function timelineIndex(status: OrderStatus): number | undefined {
  switch (status) {
    case 'pending':
      return 0;
    case 'processing':
    case 'printing':
      return 1;
    case 'shipped':
      return 2;
    case 'delivered':
      return 3;
    default:
      return undefined;
  }
}

/** After the payment page, the webhook usually lands within seconds: read the order this often… */
export const PAYMENT_POLL_MS = 2_000;
/** …for this long after the page opened, then leave it to the buyer. */
export const PAYMENT_POLL_WINDOW_MS = 30_000;
