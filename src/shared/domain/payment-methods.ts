/**
 * How a parent can pay (issue 32): a card, or TWINT, the Swiss phone payment. Stripe Checkout offers
 * both for CHF; the local demo page shows both. The method a payment was made with is kept on the
 * order and printed on the receipt.
 */
export const PAYMENT_METHODS = ['card', 'twint'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return PAYMENT_METHODS.some((method) => method === value);
}
