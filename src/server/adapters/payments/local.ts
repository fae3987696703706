import { randomBytes } from 'node:crypto';
import { isPaymentMethod } from '../../../shared/domain/payment-methods';
import type { CheckoutSession, CheckoutSessionRequest, PaymentProvider, RefundRequest } from './index';
import { signPayload } from './signature';

/** The test cards of the local payment page, as Stripe's test mode has them. */
export const LOCAL_TEST_CARDS = {
  '4242424242424242': 'paid',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
} as const;
export type LocalCardOutcome = (typeof LOCAL_TEST_CARDS)[keyof typeof LOCAL_TEST_CARDS];

/**
 * The embedded payment provider: the card page is served by the shop itself at /pay/{sessionId}
 * (modules/payments/local-page.ts), which sends Stripe-shaped notifications signed with this
 * provider's secret to the same webhook as Stripe's. No card data leaves the machine.
 */
export function createLocalPaymentProvider(options: {
  publicUrl: string;
  secret?: string;
  /**
   * Where the provider's signed notifications go (the shop's webhook code, wired at the
   * composition root): a refund is announced as Stripe announces it, `refund.updated`, succeeded,
   * signed and dated by the shop's clock `now`.
   */
  notify?: { send: (rawBody: string, signature: string) => Promise<unknown>; now: () => Date };
}): PaymentProvider & { refunds: RefundRequest[] } {
  const webhookSecret = options.secret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
  // No money moved on the test card page, so none moves back: the refund is kept for tests to read.
  const refunds: RefundRequest[] = [];
  const refundIds = new Map<string, string>();
  return {
    refunds,
    async refund(request) {
      const known = refundIds.get(request.idempotencyKey);
      if (known) return { id: known };
      const id = `re_local_${randomBytes(12).toString('hex')}`;
      refundIds.set(request.idempotencyKey, id);
      refunds.push(request);
      if (options.notify) {
        const seconds = Math.floor(options.notify.now().getTime() / 1000);
        const event = {
          id: `evt_local_${randomBytes(12).toString('hex')}`,
          type: 'refund.updated',
          created: seconds,
          data: {
            object: {
              id,
              object: 'refund',
              status: 'succeeded',
              amount: request.amount,
              currency: request.currency,
              payment_intent: request.paymentIntentId,
              metadata: request.metadata,
            },
          },
        };
        const rawBody = JSON.stringify(event);
        await options.notify.send(rawBody, signPayload(rawBody, webhookSecret, seconds));
      }
      return { id };
    },
    name: 'local',
    webhookSecret,
    // The local page names the one method it was paid with (modules/payments/local-page.ts).
    async paymentMethodOf(event) {
      const [method] = event.data.object.payment_method_types ?? [];
      return isPaymentMethod(method) ? method : null;
    },
    async createCheckoutSession(_request: CheckoutSessionRequest): Promise<CheckoutSession> {
      const id = `cs_local_${randomBytes(16).toString('hex')}`;
      return { id, url: `${options.publicUrl.replace(/\/$/, '')}/pay/${id}` };
    },
  };
}
