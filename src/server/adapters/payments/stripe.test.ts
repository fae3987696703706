import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../illustrator/test-fakes/logger';
import { type CheckoutSessionRequest, type PaymentProvider, PaymentProviderError } from './index';
import { createStripeProvider } from './stripe';
import { type FakeStripe, startFakeStripe } from './test-fakes/fake-stripe';

const SECRET_KEY = 'sk_test_51shopFakeKey0123456789abcdefSECRET';
const WEBHOOK_SECRET = 'whsec_test_fake_0123456789';

let fake: FakeStripe;
let log: ReturnType<typeof recordingLogger>;

beforeEach(async () => {
  fake = await startFakeStripe({ apiKey: SECRET_KEY });
  log = recordingLogger();
});

afterEach(async () => {
  await fake.close();
  // The fake plays the session, expiry and refund calls only; any other call fails the test.
  expect(fake.unexpected).toEqual([]);
  expect(log.text()).not.toContain(SECRET_KEY);
});

function provider(
  options: { secretKey?: string; apiBaseUrl?: string; timeoutMs?: number } = {},
): PaymentProvider {
  return createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBaseUrl: fake.url,
    log: log.logger,
    ...options,
  });
}

function checkoutRequest(overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest {
  return {
    orderId: '7d6f3c1e-2b9a-4c55-9a61-0f1e2d3c4b5a',
    orderNumber: 'CT-2025-00042',
    bookInstanceId: 'b1c2d3e4-f5a6-4b7c-8d9e-0a1b2c3d4e5f',
    currency: 'CHF',
    lines: [
      { name: 'Mia and Mr Snuggles — hardcover', quantity: 1, unitAmount: 4_900 },
      { name: 'Extra copy', quantity: 2, unitAmount: 3_950 },
      { name: 'Shipping (Switzerland)', quantity: 1, unitAmount: 900 },
    ],
    total: 13_700,
    customerEmail: 'parent@example.ch',
    language: 'fr',
    successUrl: 'https://shop.example.ch/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example.ch/checkout/cancel?order=7d6f3c1e',
    expiresAt: new Date('2030-05-04T10:30:00.000Z'),
    ...overrides,
  };
}

/** Awaits a rejection and returns the error, checking it is a PaymentProviderError without the key. */
async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  const failure = error as PaymentProviderError;
  expect(failure.message).not.toContain(SECRET_KEY);
  expect(inspect(failure, { depth: 10 })).not.toContain(SECRET_KEY);
  expect(JSON.stringify(failure.cause ?? null)).not.toContain(SECRET_KEY);
  return failure;
}

describe('Stripe provider: the checkout session request', () => {
  it('creates a payment session in CHF with the lines, metadata, URLs, expiry, locale and email', async () => {
    const request = checkoutRequest();
    const session = await provider().createCheckoutSession(request);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // maxNetworkRetries makes the SDK send an idempotency key, so a retry cannot create a second session.
    expect(sent.headers['idempotency-key']).toMatch(/\S+/);

    expect(sent.params).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'chf',
            unit_amount: '4900',
            product_data: { name: 'Mia and Mr Snuggles — hardcover' },
          },
          quantity: '1',
        },
        {
          price_data: { currency: 'chf', unit_amount: '3950', product_data: { name: 'Extra copy' } },
          quantity: '2',
        },
        {
          price_data: {
            currency: 'chf',
            unit_amount: '900',
            product_data: { name: 'Shipping (Switzerland)' },
          },
          quantity: '1',
        },
      ],
      customer_email: 'parent@example.ch',
      client_reference_id: request.orderId,
      metadata: {
        orderId: request.orderId,
        orderNumber: 'CT-2025-00042',
        bookInstanceId: request.bookInstanceId,
      },
      payment_intent_data: {
        metadata: {
          orderId: request.orderId,
          orderNumber: 'CT-2025-00042',
          bookInstanceId: request.bookInstanceId,
        },
      },
      success_url: 'https://shop.example.ch/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.ch/checkout/cancel?order=7d6f3c1e',
      expires_at: String(Date.UTC(2030, 4, 4, 10, 30) / 1000),
      locale: 'fr',
      allowed_payment_method_types: ['card', 'twint'],
    });
    // Card and TWINT, filtered from the ones on in the dashboard (issue 32); nothing is pinned.
    expect(sent.rawBody).not.toMatch(/(^|&)payment_method_types/);

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(Object.keys(session).sort()).toEqual(['id', 'url']);
  });

  it('sends the English locale and rounds the expiry down to whole seconds', async () => {
    await provider().createCheckoutSession(
      checkoutRequest({ language: 'en', expiresAt: new Date('2030-05-04T10:30:00.999Z') }),
    );
    expect(fake.requests[0]?.params.locale).toBe('en');
    expect(fake.requests[0]?.params.expires_at).toBe(String(Date.UTC(2030, 4, 4, 10, 30) / 1000));
  });

  it('names the provider and keeps the webhook secret', () => {
    const stripe = provider();
    expect(stripe.name).toBe('stripe');
    expect(stripe.webhookSecret).toBe(WEBHOOK_SECRET);
  });

  it('refuses lines that do not add up to the total, before any request', async () => {
    const refused: Partial<CheckoutSessionRequest>[] = [
      { total: 13_699 },
      { total: 13_701 },
      { lines: [], total: 0 },
      { lines: [{ name: 'Book', quantity: 1, unitAmount: 49.5 }], total: 49.5 },
      { lines: [{ name: 'Book', quantity: 0, unitAmount: 4_900 }], total: 0 },
      {
        lines: [
          { name: 'Book', quantity: 1, unitAmount: 4_900 },
          { name: 'Discount', quantity: 1, unitAmount: -900 },
        ],
        total: 4_000,
      },
    ];
    for (const overrides of refused) {
      await providerError(provider().createCheckoutSession(checkoutRequest(overrides)));
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Stripe provider: refunds', () => {
  const refundRequest = {
    sessionId: 'cs_test_paidTwice123',
    paymentIntentId: 'pi_test_paidTwice123',
    amount: 9_581,
    currency: 'chf',
    idempotencyKey: 'refund-3f0c9a62-0d51-4b9e-9d7e-1c2b3a4d5e6f',
    reason: 'duplicate' as const,
    metadata: { orderId: '7d6f3c1e-2b9a-4c55-9a61-0f1e2d3c4b5a', orderNumber: 'CT-2025-00042' },
  };

  it('refunds the whole payment of a session with the refund’s own idempotency key', async () => {
    const refund = await provider().refund(refundRequest);
    expect(refund.id).toMatch(/^re_test_/);
    expect(fake.refunds).toHaveLength(1);
    const sent = fake.refunds[0]!;
    expect(sent.headers['idempotency-key']).toBe(refundRequest.idempotencyKey);
    expect(sent.params).toEqual({
      payment_intent: 'pi_test_paidTwice123',
      amount: '9581',
      reason: 'duplicate',
      metadata: refundRequest.metadata,
    });
    // Asked again (a retried job), Stripe answers the same refund: nothing is refunded twice.
    expect((await provider().refund(refundRequest)).id).toBe(refund.id);
  });

  it('reads the payment off the session when the notification did not name it', async () => {
    await provider().refund({ ...refundRequest, paymentIntentId: null, reason: 'other' });
    expect(fake.retrieved).toEqual(['cs_test_paidTwice123']);
    expect(fake.refunds[0]!.params).toMatchObject({
      payment_intent: 'pi_test_paidTwice123',
      reason: 'requested_by_customer',
    });
  });

  it('maps a refused refund to PaymentProviderError without the key', async () => {
    fake.failNextRefund(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge has already been refunded (${SECRET_KEY}).`,
    });
    const error = await providerError(provider().refund(refundRequest));
    expect(error.message).toBe('Stripe refused the refund (HTTP 400)');
  });
});

describe('Stripe provider: failures', () => {
  it('maps a refused key (401) to PaymentProviderError, without the key even when Stripe echoes it', async () => {
    fake.failNext(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET_KEY}` });
    const error = await providerError(provider().createCheckoutSession(checkoutRequest()));
    expect(error.message).toBe('Stripe refused the API key (HTTP 401)');
    expect(fake.requests).toHaveLength(1);
    expect(log.text()).toContain('[redacted]');
  });

  it('maps a key that Stripe does not know to PaymentProviderError', async () => {
    const otherKey = 'sk_test_51anotherKeyThatStripeDoesNotKnow99';
    const error = await providerError(
      provider({ secretKey: otherKey }).createCheckoutSession(checkoutRequest()),
    );
    expect(error.message).not.toContain(otherKey);
    expect(error.message).toBe('Stripe refused the API key (HTTP 401)');
    expect(log.text()).not.toContain(otherKey);
  });

  it('maps a refused request (400) to PaymentProviderError, without retrying', async () => {
    fake.failNext(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    });
    const error = await providerError(provider().createCheckoutSession(checkoutRequest()));
    expect(error.message).toBe('Stripe refused the checkout session request (HTTP 400)');
    expect(fake.requests).toHaveLength(1);
    expect(log.entries[0]?.details).toMatchObject({ status: 400, code: 'parameter_invalid_integer' });
  });

  it('maps a server error (500) to PaymentProviderError after one retry with the same idempotency key', async () => {
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong on our end.' }, 2);
    const error = await providerError(provider().createCheckoutSession(checkoutRequest()));
    expect(error.message).toBe('Stripe failed to create the checkout session (HTTP 500)');
    expect(fake.requests).toHaveLength(2);
    const keys = fake.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('succeeds when the one retry after a 500 creates the session', async () => {
    fake.failNext(500, { type: 'api_error', message: 'Something went wrong on our end.' });
    const session = await provider().createCheckoutSession(checkoutRequest());
    expect(session.id).toMatch(/^cs_test_/);
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses a session that came back without a payment URL', async () => {
    fake.omitUrlNext();
    const error = await providerError(provider().createCheckoutSession(checkoutRequest()));
    expect(error.message).toBe('No payment URL received');
    expect(fake.requests).toHaveLength(1);
  });

  it('maps a refused connection (closed port) to PaymentProviderError', async () => {
    const closedPort = await freePort();
    const error = await providerError(
      provider({ apiBaseUrl: `http://127.0.0.1:${closedPort}` }).createCheckoutSession(checkoutRequest()),
    );
    expect(error.message).toBe('Stripe could not be reached');
  });

  it('maps a Stripe that never answers to PaymentProviderError after the timeout and one retry', async () => {
    fake.hangNext(2);
    const started = Date.now();
    const error = await providerError(provider({ timeoutMs: 200 }).createCheckoutSession(checkoutRequest()));
    expect(error.message).toBe('Stripe did not answer in time');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses an empty key or webhook secret, and a base URL with a path, when created', () => {
    expect(() => createStripeProvider({ secretKey: ' ', webhookSecret: WEBHOOK_SECRET })).toThrow(
      /secret key/,
    );
    expect(() => createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: '' })).toThrow(
      /webhook secret/,
    );
    expect(() =>
      createStripeProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiBaseUrl: `${fake.url}/v1`,
      }),
    ).toThrow(/path/);
  });
});

/** A port that was free a moment ago and has nothing listening on it now. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Stripe provider: how a payment was made', () => {
  const completed = (paymentIntent: string | null) => ({
    id: 'evt_1',
    type: 'checkout.session.completed',
    created: 0,
    data: { object: { id: 'cs_test_1', payment_intent: paymentIntent } },
  });

  it('reads the method off the payment’s latest charge: TWINT or card', async () => {
    expect(await provider().paymentMethodOf?.(completed('pi_test_twint_1'))).toBe('twint');
    expect(await provider().paymentMethodOf?.(completed('pi_test_2'))).toBe('card');
  });

  it('says nothing when the session names no payment', async () => {
    expect(await provider().paymentMethodOf?.(completed(null))).toBeNull();
  });
});
