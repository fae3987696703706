import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../../../test/build-test-app';
import { orderedBookOf, userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/index';
import { createLocalPaymentProvider } from '../../adapters/payments/local';
import { signPayload } from '../../adapters/payments/signature';
import { bookInstances, jobs, orders, paymentEvents, paymentRefunds } from '../../db/schema';
import { waitFor } from '../production/test-factory';
import { markRefundFailed, refundPayment } from './service';

let t: TestApp;
let cookie: string;
let userId: string;
// The shop's own test provider, kept here to read the refunds it was asked for.
const payments = createLocalPaymentProvider({
  publicUrl: 'http://localhost:3000',
  secret: TEST_WEBHOOK_SECRET,
});

beforeAll(async () => {
  t = await buildTestApp({ payments });
  cookie = await signedInAs(t, 'webhook.buyer@example.com');
  userId = await userIdOf(t, 'webhook.buyer@example.com');
});

afterAll(async () => {
  await t.close();
});

/** An order with a started payment session, as the checkout leaves it before the card page. */
async function orderWithSession() {
  const { order, bookInstanceId } = await orderedBookOf(t, userId, cookie);
  const payment = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payment`,
    headers: { cookie },
  });
  const sessionId = new URL(payment.json().url).pathname.split('/').at(-1)!;
  return { order, sessionId, bookInstanceId };
}

let counter = 0;
function event(
  type: PaymentEvent['type'],
  target: { order: Order; sessionId: string },
  object: Partial<PaymentEvent['data']['object']> = {},
): PaymentEvent {
  counter += 1;
  return {
    id: `evt_test_${counter}_${Date.now()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: target.sessionId,
        object: 'checkout.session',
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
        amount_total: target.order.quote.total,
        currency: 'chf',
        client_reference_id: target.order.id,
        metadata: { orderId: target.order.id },
        ...object,
      },
    },
  };
}

/** The test app's clock is the real one. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

function deliver(body: PaymentEvent | string, signature?: string | null) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const header =
    signature === undefined ? signPayload(payload, TEST_WEBHOOK_SECRET, nowSeconds()) : signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

async function refundsOf(orderId: string) {
  return t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
}

/** A second payment page of the same order, as a double click or a second tab left it. */
async function secondSession(order: Order) {
  const payment = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payment`,
    headers: { cookie },
  });
  return new URL(payment.json().url).pathname.split('/').at(-1)!;
}

/** The book's queued print jobs (one at most: the job's singleton key). */
async function printJobsOf(bookInstanceId: string) {
  return t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.singletonKey, `print-book:${bookInstanceId}`));
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('POST /api/payments/webhook', () => {
  it('applies a signed paid notification: paid, processing, the approved book left as it is, one print job', async () => {
    const target = await orderWithSession();
    const response = await deliver(event('checkout.session.completed', target));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderRow(target.order.id)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    const [instance] = await t.database.db
      .select()
      .from(bookInstances)
      .where(eq(bookInstances.id, target.bookInstanceId));
    // Drawn and approved before paying (issue 15): nothing is drawn again, its print job is queued.
    expect(instance?.status).toBe('ready');
    expect(await printJobsOf(target.bookInstanceId)).toHaveLength(1);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.queue, 'draw-book'))).toHaveLength(0);
    // The thank-you e-mail is queued with the payment, not when production starts.
    const [mail] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `order-email:${target.order.id}:orderPaid`));
    expect(mail).toMatchObject({
      queue: 'send-order-email',
      payload: { orderId: target.order.id, email: 'orderPaid' },
    });
  });

  it.each([
    ['without a signature', null],
    ['signed with another secret', signPayload('{}', 'whsec_someone_else', nowSeconds())],
    ['with a malformed header', 'v1=abc'],
  ])('changes nothing for a notification %s', async (_case, header) => {
    const target = await orderWithSession();
    const body = JSON.stringify(event('checkout.session.completed', target));
    const signature =
      header === null
        ? null
        : header.startsWith('t=')
          ? signPayload(body, 'whsec_someone_else', nowSeconds())
          : header;
    const response = await deliver(body, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('changes nothing when the body was altered after signing', async () => {
    const target = await orderWithSession();
    const body = JSON.stringify(event('checkout.session.completed', target));
    const signature = signPayload(body, TEST_WEBHOOK_SECRET, nowSeconds());
    const response = await deliver(body.replace('"paid"', '"paid" '), signature);
    expect(response.statusCode).toBe(400);
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('refuses a stale notification (signed more than 300 s ago)', async () => {
    const target = await orderWithSession();
    const body = JSON.stringify(event('checkout.session.completed', target));
    const old = Math.floor(Date.now() / 1000) - 301;
    const response = await deliver(body, signPayload(body, TEST_WEBHOOK_SECRET, old));
    expect(response.statusCode).toBe(400);
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('applies a replayed notification once', async () => {
    const target = await orderWithSession();
    const failed = event('checkout.session.async_payment_failed', target);
    expect((await deliver(failed)).json().outcome).toBe('failed');
    // The buyer pays with another card; then the old failure is delivered again.
    expect((await deliver(event('checkout.session.completed', target))).json().outcome).toBe('paid');
    expect((await deliver(failed)).json().outcome).toBe('duplicate');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('paid');
  });

  it('never lets a late failure or an unpaid completion undo a payment', async () => {
    const target = await orderWithSession();
    await deliver(event('checkout.session.completed', target));
    expect((await deliver(event('checkout.session.async_payment_failed', target))).json().outcome).toBe(
      'stale',
    );
    expect(
      (await deliver(event('checkout.session.completed', target, { payment_status: 'unpaid' }))).json()
        .outcome,
    ).toBe('awaiting_payment');
    expect((await deliver(event('checkout.session.expired', target))).json().outcome).toBe('expired');
    expect(await orderRow(target.order.id)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });

  it('applies two notifications of one payment that arrive together once', async () => {
    const target = await orderWithSession();
    const answers = await Promise.all([
      deliver(event('checkout.session.completed', target)),
      deliver(event('checkout.session.async_payment_succeeded', target)),
    ]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['already_paid', 'paid']);
    // One payment told twice is not a second charge: nothing to give back.
    expect(await refundsOf(target.order.id)).toEqual([]);
    expect(await printJobsOf(target.bookInstanceId)).toHaveLength(1);
  });

  it('applies the same notification delivered twice at once only once', async () => {
    const target = await orderWithSession();
    const paid = event('checkout.session.completed', target);
    const answers = await Promise.all([deliver(paid), deliver(paid)]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    const stored = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, paid.id));
    expect(stored).toHaveLength(1);
  });

  it('does not mark paid when the amount or currency differ from the order', async () => {
    const target = await orderWithSession();
    expect(
      (await deliver(event('checkout.session.completed', target, { amount_total: 100 }))).json().outcome,
    ).toBe('amount_mismatch');
    expect(
      (await deliver(event('checkout.session.completed', target, { currency: 'eur' }))).json().outcome,
    ).toBe('amount_mismatch');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('ignores a session the shop never started for that order', async () => {
    const target = await orderWithSession();
    const other = await orderWithSession();
    // A real session id of another order, pointed at this order.
    const crossed = event('checkout.session.completed', { order: target.order, sessionId: other.sessionId });
    expect((await deliver(crossed)).json().outcome).toBe('unknown_order');
    expect(
      (
        await deliver(
          event('checkout.session.completed', target, { metadata: {}, client_reference_id: null }),
        )
      ).json().outcome,
    ).toBe('unknown_order');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('refuses a signed body that is not a notification', async () => {
    expect((await deliver('not json')).statusCode).toBe(400);
    expect((await deliver(JSON.stringify({ hello: 'world' }))).statusCode).toBe(400);
  });
});

describe('charges the order cannot keep are refunded at once', () => {
  it('refunds a second charge of a paid order through the provider and tells the buyer', async () => {
    const target = await orderWithSession();
    const other = await secondSession(target.order);
    // Both pages were paid: the first payment counts, the second is given back whole.
    expect(
      (await deliver(event('checkout.session.completed', target, { payment_intent: 'pi_first' }))).json()
        .outcome,
    ).toBe('paid');
    const second = event(
      'checkout.session.completed',
      { ...target, sessionId: other },
      { payment_intent: 'pi_second' },
    );
    expect((await deliver(second)).json().outcome).toBe('already_paid');
    // The same charge told again (a new event id) is still one refund.
    expect((await deliver({ ...second, id: `${second.id}_again` })).json().outcome).toBe('already_paid');
    const [pending, ...more] = await refundsOf(target.order.id);
    expect(more).toEqual([]);
    expect(pending).toMatchObject({
      paymentSessionId: other,
      paymentIntentId: 'pi_second',
      amount: target.order.quote.total,
      currency: 'chf',
      reason: 'double_charge',
      status: 'pending',
    });

    // Stopped at the end of this test: a worker left running would refund the next tests' charges.
    const worker = t.startWorker({ queues: ['refund-payment', 'send-order-email'] });
    onTestFinished(() => worker.stop());
    const mail = await waitFor(
      async () =>
        t.mailer.sent.find(
          (message) =>
            message.subject === `We refunded a second payment for order ${target.order.orderNumber}`,
        ),
      { timeoutMs: 10_000, what: 'the refund e-mail' },
    );
    expect(mail.to).toBe('anna@example.com');
    // Intl puts a no-break space between the currency and the amount.
    expect(mail.text).toContain(
      `the second payment of CHF\u00a0${(target.order.quote.total / 100).toFixed(2)} in full`,
    );
    const asked = payments.refunds.filter((refund) => refund.sessionId === other);
    expect(asked).toEqual([
      expect.objectContaining({
        paymentIntentId: 'pi_second',
        amount: target.order.quote.total,
        reason: 'duplicate',
        idempotencyKey: `refund-${pending!.id}`,
      }),
    ]);
    const [done] = await refundsOf(target.order.id);
    expect(done).toMatchObject({ status: 'refunded', providerRefundId: expect.stringMatching(/^re_local_/) });
    expect(done!.refundedAt).toBeInstanceOf(Date);
    // The order keeps its one payment.
    expect(await orderRow(target.order.id)).toMatchObject({
      paymentStatus: 'paid',
      paymentSessionId: target.sessionId,
    });
  });

  it('refunds a payment at a stale amount, leaves the order to pay, and tells the buyer why', async () => {
    const target = await orderWithSession();
    const stale = event('checkout.session.completed', target, { amount_total: 4200 });
    expect((await deliver(stale)).json().outcome).toBe('amount_mismatch');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
    const [refund] = await refundsOf(target.order.id);
    expect(refund).toMatchObject({ amount: 4200, reason: 'amount_mismatch', status: 'pending' });
    await refundPayment({ db: t.database.db, payments, now: () => new Date() }, refund!.id);
    expect((await refundsOf(target.order.id))[0]).toMatchObject({ status: 'refunded' });
    const [queued] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `order-email:${target.order.id}:refund:${refund!.id}`));
    expect(queued?.payload).toEqual({
      orderId: target.order.id,
      email: 'changedOrderRefunded',
      refundId: refund!.id,
    });
  });

  it('keeps the reason when the provider refuses, retries, and marks the refund failed after the last try', async () => {
    const target = await orderWithSession();
    await deliver(event('checkout.session.completed', target, { amount_total: 100 }));
    const [refund] = await refundsOf(target.order.id);
    const refusing: PaymentProvider = {
      ...payments,
      refund: async () => {
        throw new Error('Stripe refused the refund (HTTP 400)');
      },
    };
    await expect(
      refundPayment({ db: t.database.db, payments: refusing, now: () => new Date() }, refund!.id),
    ).rejects.toThrow('Stripe refused the refund');
    expect((await refundsOf(target.order.id))[0]).toMatchObject({
      status: 'pending',
      failure: 'Stripe refused the refund (HTTP 400)',
    });
    await markRefundFailed(t.database.db, refund!.id);
    expect((await refundsOf(target.order.id))[0]).toMatchObject({ status: 'failed' });
  });
});
