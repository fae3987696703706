import type { OrderStatus, PaymentStatus } from './statuses';

/**
 * The payment states in which an order can still be paid (docs/spec.md section 4: Retry Payment while
 * the payment failed or is still pending). The checkout, the orders and payments services and the
 * client's order status all ask this, so the rule lives once.
 */
export const UNPAID_PAYMENT_STATUSES = ['pending', 'failed'] as const satisfies readonly PaymentStatus[];

/** Whether a payment state still lets the buyer pay (the order is not paid or refunded). */
export function isPaymentOpen(paymentStatus: string): boolean {
  return (UNPAID_PAYMENT_STATUSES as readonly string[]).includes(paymentStatus);
}

/** Whether an order can still be paid: not yet in production, and its payment still open. */
export function canStillBePaid(order: { status: OrderStatus | string; paymentStatus: string }): boolean {
  return order.status === 'pending' && isPaymentOpen(order.paymentStatus);
}

/**
 * The grace period after payment (issue 36, PRINT_GRACE_MINUTES): until the book goes to the
 * printer the parent may cancel the order (refunded in full) or change the delivery address. The
 * server enforces it at its own clock; the pages show it with this same rule.
 */
export function graceOpen(
  order: { status: string; paymentStatus: string; printAfter: string | Date | null },
  now: Date,
): boolean {
  if (order.status !== 'processing' || order.paymentStatus !== 'paid' || order.printAfter === null) {
    return false;
  }
  return new Date(order.printAfter).getTime() > now.getTime();
}
