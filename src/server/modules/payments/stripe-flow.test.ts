import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { orderedBookOf, userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import { createStripeProvider } from '../../adapters/payments/stripe';
import { type FakeStripe, startFakeStripe } from '../../adapters/payments/test-fakes/fake-stripe';
import { paymentSessions } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test_stripe_flow';
let fake: FakeStripe;
let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  fake = await startFakeStripe({ apiKey: 'sk_test_flow' });
  t = await buildTestApp({
    payments: createStripeProvider({
      secretKey: 'sk_test_flow',
      webhookSecret: WEBHOOK_SECRET,
      apiBaseUrl: fake.url,
    }),
  });
  cookie = await signedInAs(t, 'stripe.buyer@example.com');
  userId = await userIdOf(t, 'stripe.buyer@example.com');
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('checkout with Stripe (against a local fake of its API)', () => {
  it('sends the server’s lines in CHF, then a notification signed by Stripe’s SDK marks the order paid', async () => {
    const { order, bookInstanceId } = await orderedBookOf(t, userId, cookie);
    const payment = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { cookie },
    });
    expect(payment.statusCode).toBe(200);
    const sent = fake.requests.at(-1)!.params as Record<string, unknown>;
    const lines = sent.line_items as {
      price_data: { currency: string; unit_amount: string };
      quantity: string;
    }[];
    expect(lines.every((line) => line.price_data.currency === 'chf')).toBe(true);
    expect(
      lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0),
    ).toBe(9581);
    expect(sent.metadata).toMatchObject({ orderId: order.id, bookInstanceId });
    expect(sent.success_url).toBe(
      `${t.config.publicUrl}/order-confirmation/${order.id}?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(sent.cancel_url).toBe(`${t.config.publicUrl}/checkout/${bookInstanceId}?payment_cancelled=true`);
    // A second payment page (the buyer came back and pressed pay again) expires the first at Stripe.
    const firstSessionId = (
      await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id))
    )[0]!.id;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(fake.expired).toEqual([firstSessionId]);
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')));
    expect(session).toMatchObject({ provider: 'stripe', amount: 9581, url: again.json().url });
    // The shop does not serve a local card page when Stripe is the provider.
    expect((await t.app.inject({ method: 'GET', url: `/pay/${session!.id}` })).statusCode).toBe(404);

    const payload = JSON.stringify({
      id: 'evt_stripe_flow_1',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: session!.id,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 9581,
          currency: 'chf',
          client_reference_id: order.id,
          metadata: { orderId: order.id, orderNumber: order.orderNumber, bookInstanceId },
        },
      },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(response.json()).toEqual({ received: true, outcome: 'paid' });
    const after = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie } });
    expect(after.json()).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });

  it('answers 502 with the payment-session error when Stripe fails, and records no session', async () => {
    const { order } = await orderedBookOf(t, userId, cookie);
    fake.failNext(400, { type: 'invalid_request_error', message: 'Nope' });
    const payment = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { cookie },
    });
    expect(payment.statusCode).toBe(502);
    expect(payment.json().error.code).toBe('PAYMENT_SESSION_FAILED');
    expect(
      await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id)),
    ).toHaveLength(0);
  });
});
