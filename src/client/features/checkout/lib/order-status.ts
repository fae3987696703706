import type { OrderStatus, PaymentStatus } from '../../../../shared/domain/statuses';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../../shared/domain/statuses';

export type Tone = 'yellow' | 'blue' | 'purple' | 'green' | 'emerald' | 'red' | 'grey';

/** Badge colours of SPEC.md section 4; anything else is grey. */
const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  printing: 'purple',
  shipped: 'green',
  delivered: 'emerald',
  cancelled: 'red',
};
const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  refunded: 'grey',
};

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);
export const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);

export const orderTone = (status: string): Tone => (isOrderStatus(status) ? ORDER_TONES[status] : 'grey');
export const paymentTone = (status: string): Tone =>
  isPaymentStatus(status) ? PAYMENT_TONES[status] : 'grey';

/** Retry Payment is offered while the payment failed or is still pending (SPEC.md section 4). */
export const canRetryPayment = (status: PaymentStatus): boolean =>
  status === 'failed' || status === 'pending';

/** The four steps of the timeline (PRODUCT.md, the older flow). */
export const TIMELINE_STEPS = ['received', 'production', 'shipped', 'delivered'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

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
