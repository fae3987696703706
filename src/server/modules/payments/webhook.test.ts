import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import type { PaymentEvent } from '../../adapters/payments/index';
import { signPayload } from '../../adapters/payments/signature';
import { bookInstances, jobs, orders, paymentEvents } from '../../db/schema';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await signedInAs(t, 'webhook.buyer@example.com');
  userId = await userIdOf(t, 'webhook.buyer@example.com');
});

afterAll(async () => {
  await t.close();
});

/** An order with a started payment session, as the checkout leaves it before the card page. */
async function orderWithSession() {
  const bookInstanceId = await draftBookOf(t, userId);
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/checkout/${bookInstanceId}/order`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(WORKED_EXAMPLE),
  });
  const order = put.json() as Order;
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

function deliver(body: PaymentEvent | string, signature?: string | null) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const header = signature === undefined ? signPayload(payload, TEST_WEBHOOK_SECRET) : signature;
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
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `print-book:${target.bookInstanceId}`)),
    ).toHaveLength(1);
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
    ['signed with another secret', signPayload('{}', 'whsec_someone_else')],
    ['with a malformed header', 'v1=abc'],
  ])('changes nothing for a notification %s', async (_case, header) => {
    const target = await orderWithSession();
    const body = JSON.stringify(event('checkout.session.completed', target));
    const signature =
      header === null ? null : header.startsWith('t=') ? signPayload(body, 'whsec_someone_else') : header;
    const response = await deliver(body, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await orderRow(target.order.id)).paymentStatus).toBe('pending');
  });

  it('changes nothing when the body was altered after signing', async () => {
    const target = await orderWithSession();
    const body = JSON.stringify(event('checkout.session.completed', target));
    const signature = signPayload(body, TEST_WEBHOOK_SECRET);
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
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `print-book:${target.bookInstanceId}`)),
    ).toHaveLength(1);
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
