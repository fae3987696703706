import Stripe from 'stripe';
import { isPaymentMethod, PAYMENT_METHODS } from '../../../shared/domain/payment-methods';
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentProvider,
  PaymentProviderError,
} from './index';

export type StripeProviderOptions = {
  secretKey: string;
  /** The endpoint's signing secret (`whsec_...`), checked on the raw body of each notification. */
  webhookSecret: string;
  /** Another endpoint than `https://api.stripe.com`, e.g. a local fake: `http://127.0.0.1:4010`. */
  apiBaseUrl?: string;
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
};

/**
 * Stripe Checkout. The SDK retries once (`maxNetworkRetries: 1`) on connection errors, timeouts,
 * 409 and 5xx, with an idempotency key so that a retry cannot create a second session; what still
 * fails becomes a PaymentProviderError whose message names the kind of failure, never the key.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const secretKey = options.secretKey.trim();
  if (!secretKey) throw new Error('Stripe: the secret key is empty');
  if (!options.webhookSecret.trim()) throw new Error('Stripe: the webhook secret is empty');
  const client = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 20_000,
    ...(options.apiBaseUrl ? apiAddress(options.apiBaseUrl) : {}),
  });
  const redact = (text: string) =>
    text
      .split(secretKey)
      .join('[redacted]')
      .replace(/\b[rs]k_(live|test)_[A-Za-z0-9*]+/g, '[redacted]')
      .slice(0, 300);

  return {
    name: 'stripe',
    webhookSecret: options.webhookSecret,
    async createCheckoutSession(request) {
      checkAmounts(request);
      const metadata = {
        orderId: request.orderId,
        orderNumber: request.orderNumber,
        bookInstanceId: request.bookInstanceId,
      };
      const log = { provider: 'stripe', orderId: request.orderId };
      let session: Stripe.Checkout.Session;
      try {
        // Card and TWINT for CHF (issue 32; Apple Pay and Google Pay come with cards). This SDK's API
        // version takes `allowed_payment_method_types`, a filter on the methods on in the dashboard
        // (the older `payment_method_types` pinned a list): both must be on there.
        session = await client.checkout.sessions.create({
          mode: 'payment',
          allowed_payment_method_types: [...PAYMENT_METHODS],
          line_items: request.lines.map((line) => ({
            price_data: {
              currency: 'chf',
              unit_amount: line.unitAmount,
              product_data: { name: line.name },
            },
            quantity: line.quantity,
          })),
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata },
          // Sent as given: Stripe replaces the literal {CHECKOUT_SESSION_ID} in the success URL.
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          locale: request.language,
        });
      } catch (error) {
        throw toProviderError(error, log, options.log, redact);
      }
      if (!session.url) {
        options.log?.warn(
          { ...log, sessionId: session.id },
          'Stripe created a session without a payment URL',
        );
        throw new PaymentProviderError('No payment URL received');
      }
      return { id: session.id, url: session.url } satisfies CheckoutSession;
    },
    async refund(request) {
      const log = { provider: 'stripe', sessionId: request.sessionId };
      try {
        // A notification that did not name the payment: the session knows it.
        const paymentIntent =
          request.paymentIntentId ??
          paymentIntentOf(await client.checkout.sessions.retrieve(request.sessionId));
        if (!paymentIntent) throw new PaymentProviderError('The checkout session has no payment to refund');
        const refund = await client.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amount,
            reason: request.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw toProviderError(error, log, options.log, redact, REFUND_CALL);
      }
    },
    // The method is on the payment's charge: one read of the PaymentIntent with its latest charge.
    async paymentMethodOf(event) {
      const intent = event.data.object.payment_intent;
      if (!intent) return null;
      try {
        const payment = await client.paymentIntents.retrieve(intent, { expand: ['latest_charge'] });
        const charge = payment.latest_charge;
        const type = typeof charge === 'object' ? charge?.payment_method_details?.type : undefined;
        return isPaymentMethod(type) ? type : null;
      } catch (error) {
        options.log?.warn(
          { provider: 'stripe', paymentIntent: intent, error: redact(String(error)) },
          'the payment method could not be read',
        );
        return null;
      }
    },
    async expireCheckoutSession(id) {
      try {
        await client.checkout.sessions.expire(id);
      } catch (error) {
        throw toProviderError(error, { provider: 'stripe', sessionId: id }, options.log, redact);
      }
    },
  };
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/** `host`, `port` and `protocol` for the SDK; it always calls `/v1/...`, so a path cannot be honoured. */
function apiAddress(baseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(baseUrl);
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https') {
    throw new Error(`Stripe: the API base URL must use http or https, not ${url.protocol}`);
  }
  if (url.pathname !== '/') throw new Error('Stripe: the API base URL cannot have a path');
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

/** The lines are the server's quote: they must add up to its total, or nothing is asked of Stripe. */
function checkAmounts(request: CheckoutSessionRequest): void {
  if (request.currency !== 'CHF') throw new PaymentProviderError(`Unsupported currency ${request.currency}`);
  if (request.lines.length === 0) throw new PaymentProviderError('The order has no lines to pay');
  let sum = 0;
  for (const line of request.lines) {
    if (!Number.isSafeInteger(line.unitAmount) || line.unitAmount < 0) {
      throw new PaymentProviderError('A line amount is not a whole number of cents');
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new PaymentProviderError('A line quantity is not a positive whole number');
    }
    if (!line.name.trim()) throw new PaymentProviderError('A line has no name');
    sum += line.unitAmount * line.quantity;
  }
  if (!Number.isSafeInteger(request.total) || request.total <= 0 || sum !== request.total) {
    throw new PaymentProviderError(
      `The lines add up to ${sum} cents, not the order total of ${request.total}`,
    );
  }
  if (Number.isNaN(request.expiresAt.getTime())) throw new PaymentProviderError('The expiry is not a date');
}

/** How a failed call is named to the caller: the checkout session (default) or a refund. */
type CallNames = { refused: string; failed: string };
const SESSION_CALL: CallNames = {
  refused: 'the checkout session request',
  failed: 'to create the checkout session',
};
const REFUND_CALL: CallNames = { refused: 'the refund', failed: 'to make the refund' };

function toProviderError(
  error: unknown,
  log: Record<string, unknown>,
  logger: StripeProviderOptions['log'],
  redact: (text: string) => string,
  names: CallNames = SESSION_CALL,
): PaymentProviderError {
  // Only a redacted summary goes on: the SDK's error is not kept as `cause`, so that a logger that
  // prints causes cannot print a key that Stripe echoed back.
  if (!(error instanceof Stripe.errors.StripeError)) {
    const detail = redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    logger?.warn({ ...log, detail }, 'Stripe call failed');
    return new PaymentProviderError('Stripe call failed', { cause: { detail } });
  }
  const summary = {
    type: error.type,
    status: error.statusCode,
    code: error.code,
    requestId: error.requestId,
    detail: redact(error.message),
  };
  logger?.warn({ ...log, ...summary }, 'Stripe refused or failed the call');
  return new PaymentProviderError(describeFailure(error, names), { cause: summary });
}

function describeFailure(error: InstanceType<typeof Stripe.errors.StripeError>, names: CallNames): string {
  const { errors } = Stripe;
  const status = error.statusCode ? ` (HTTP ${error.statusCode})` : '';
  if (error instanceof errors.StripeConnectionError) {
    return /timeout/i.test(error.message) ? 'Stripe did not answer in time' : 'Stripe could not be reached';
  }
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    return `Stripe refused the API key${status}`;
  }
  if (error instanceof errors.StripeRateLimitError) return `Stripe is rate limiting the shop${status}`;
  if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripeIdempotencyError) {
    return `Stripe refused ${names.refused}${status}`;
  }
  return `Stripe failed ${names.failed}${status}`;
}
