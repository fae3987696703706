import type { Language } from '../../../shared/domain/languages';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
/**
 * The payment provider: it hosts the card page and later tells the shop, by a signed notification
 * to POST /api/payments/webhook, whether the order was paid. `local` is the embedded default (a test
 * card page served by the shop); `stripe` is Stripe Checkout.
 */
export type PaymentLine = {
  /** What the buyer reads on the payment page, in the order's language. */
  name: string;
  quantity: number;
  /** Cents per unit. */
  unitAmount: number;
};

export type CheckoutSessionRequest = {
  orderId: string;
  orderNumber: string;
  bookInstanceId: string;
  currency: 'CHF';
  /** The server's quote as lines (books, copies, shipping, tax); they add up to `total`. */
  lines: PaymentLine[];
  total: number;
  customerEmail: string;
  language: Language;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

export type CheckoutSession = { id: string; url: string };

/** Gives back a whole charge: the payment of one checkout session. */
export type RefundRequest = {
  /** The checkout session that was paid. */
  sessionId: string;
  /** The provider's payment of that session (Stripe's PaymentIntent), when known. */
  paymentIntentId: string | null;
  /** Cents, the whole amount charged. */
  amount: number;
  currency: string;
  /** The same key for every attempt of one refund, so a retry cannot refund twice. */
  idempotencyKey: string;
  /** `duplicate`: the order was paid already; `other`: the charge did not match the order. */
  reason: 'duplicate' | 'other';
  metadata: Record<string, string>;
};

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** The secret the provider signs its notifications with (checked on the raw body). */
  readonly webhookSecret: string;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Closes a session that was not paid (a newer one replaces it), so it cannot be paid any more. */
  expireCheckoutSession?(id: string): Promise<void>;
  /** Refunds a charge; answers the provider's refund id. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /** How a completed session was paid (card or TWINT), when the provider can say; null otherwise. */
  paymentMethodOf?(event: PaymentEvent): Promise<PaymentMethod | null>;
}

/** The provider's answer could not be had or used; the buyer may try again. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * A notification as Stripe sends it, reduced to the fields the shop reads. The local provider
 * sends the same shape, so both go through one webhook path.
 */
export type PaymentEvent = {
  id: string;
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired'
    | (string & {});
  /** Seconds since 1970. */
  created: number;
  data: {
    object: {
      id: string;
      object?: string;
      payment_status?: 'paid' | 'unpaid' | 'no_payment_required' | (string & {});
      amount_total?: number | null;
      currency?: string | null;
      client_reference_id?: string | null;
      /** The session's payment (a PaymentIntent id), what a refund is made against. */
      payment_intent?: string | null;
      /** The methods the session offered (the local page names the one used). */
      payment_method_types?: string[] | null;
      metadata?: Record<string, string> | null;
    };
  };
};
