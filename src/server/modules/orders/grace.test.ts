import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { jsonCall, signedInAs } from '../../../../test/signed-in';
import type { AdminOrderDetail } from '../../../shared/contracts/admin';
import type { Order } from '../../../shared/contracts/checkout';
import { auditLog, jobs, orders, paymentRefunds } from '../../db/schema';
import { setAdminRole } from '../admin/access';
import { paidBookOf } from '../production/test-factory';

// Issue 36: a grace period after payment (PRINT_GRACE_MINUTES) in which the parent may cancel the
// order or change its address, and the book does not go to the printer.

let t: TestApp;
let clock = new Date();
let parent: { id: string; cookie: string };
let stranger: string;
let operator: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PRINT_GRACE_MINUTES: '90' }, now: () => clock });
  parent = { cookie: await signedInAs(t, 'grace.parent@example.com'), id: '' };
  parent.id = await userIdOf(t, 'grace.parent@example.com');
  stranger = await signedInAs(t, 'grace.stranger@example.com');
  operator = await signedInAs(t, 'grace.operator@example.com');
  await setAdminRole(t.database.db, 'grace.operator@example.com', true);
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  jsonCall(t, method, url, cookie, payload);

const NEW_ADDRESS = { address: 'Gartenweg 7', city: 'Potsdam', postalCode: '14467', region: '' };

async function paidOrder() {
  clock = new Date();
  const paid = await paidBookOf(t, parent, { draw: false, email: 'grace.parent@example.com' });
  return paid.orderId;
}

describe('the grace period after payment', () => {
  it('holds the book back from the printer until it ends, and says until when', async () => {
    const orderId = await paidOrder();
    const order = (await call('GET', `/api/orders/${orderId}`, parent.cookie)).json() as Order;
    expect(new Date(order.printAfter!).getTime()).toBe(new Date(order.paidAt!).getTime() + 90 * 60_000);
    const [job] = await t.database.db
      .select({ runAfter: jobs.runAfter })
      .from(jobs)
      .where(and(eq(jobs.queue, 'print-book'), eq(jobs.singletonKey, `print-book:${order.bookInstanceId}`)));
    expect(job?.runAfter.getTime()).toBe(new Date(order.printAfter!).getTime());
  });

  it('a print job that comes early waits again until the end, without using an attempt', async () => {
    const orderId = await paidOrder();
    const key = (await call('GET', `/api/orders/${orderId}`, parent.cookie)).json() as Order;
    const singleton = `print-book:${key.bookInstanceId}`;
    // Made due at once (as a release of a hold would): the job runs, sees the grace, and waits.
    await t.database.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.singletonKey, singleton));
    const worker = t.startWorker({ queues: ['print-book'] });
    try {
      await expect
        .poll(
          async () => {
            const [job] = await t.database.db.select().from(jobs).where(eq(jobs.singletonKey, singleton));
            return job && job.state === 'queued' && job.runAfter.getTime() > Date.now() ? job : undefined;
          },
          { timeout: 10_000 },
        )
        .toMatchObject({ attempts: 0 });
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: 'processing', printJobId: null });
    } finally {
      await worker.stop();
    }
  });

  it('lets the parent change the address in it, checked against the order’s country, and logs it', async () => {
    const orderId = await paidOrder();
    const wrong = await call('PUT', `/api/orders/${orderId}/address`, parent.cookie, {
      ...NEW_ADDRESS,
      postalCode: '8001',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('ORDER_ADDRESS_INVALID');
    const theirs = await call('PUT', `/api/orders/${orderId}/address`, stranger, NEW_ADDRESS);
    expect(theirs.statusCode).toBe(404);
    const changed = await call('PUT', `/api/orders/${orderId}/address`, parent.cookie, NEW_ADDRESS);
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Order).shipping).toEqual({ ...NEW_ADDRESS, country: 'DE' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    // The name on the parcel stays; only the lines sent change.
    expect(row?.shippingAddress).toMatchObject({ ...NEW_ADDRESS, country: 'DE', firstName: 'Anna' });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
    expect(logged).toEqual([
      expect.objectContaining({
        action: 'customer_address',
        actorId: parent.id,
        details: { changed: ['address', 'city', 'postalCode'] },
      }),
    ]);
  });

  it('lets the parent cancel in it: refunded in full, told by e-mail, and only once', async () => {
    const orderId = await paidOrder();
    expect((await call('POST', `/api/orders/${orderId}/cancel`, stranger)).statusCode).toBe(404);
    const cancelled = await call('POST', `/api/orders/${orderId}/cancel`, parent.cookie);
    expect(cancelled.statusCode).toBe(200);
    const order = cancelled.json() as Order;
    expect(order.status).toBe('cancelled');
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderId));
    expect(refunds).toEqual([
      expect.objectContaining({ amount: order.quote.total, reason: 'customer_cancelled', status: 'pending' }),
    ]);
    const queued = await t.database.db.select({ queue: jobs.queue, key: jobs.singletonKey }).from(jobs);
    expect(queued).toContainEqual({ queue: 'refund-payment', key: `refund:${refunds[0]!.id}` });
    expect(queued).toContainEqual({ queue: 'send-order-email', key: `order-email:${orderId}:cancelled` });
    const again = await call('POST', `/api/orders/${orderId}/cancel`, parent.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_GRACE_OVER');
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('refuses both once it is over, and changes nothing', async () => {
    const orderId = await paidOrder();
    clock = new Date(Date.now() + 91 * 60_000);
    for (const [method, url, body] of [
      ['POST', `/api/orders/${orderId}/cancel`, undefined],
      ['PUT', `/api/orders/${orderId}/address`, NEW_ADDRESS],
    ] as const) {
      const response = await call(method, url, parent.cookie, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('ORDER_GRACE_OVER');
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      status: 'processing',
      shippingAddress: expect.objectContaining({ city: 'Berlin' }),
    });
  });
});

describe('the operator’s “Print now” (issue 36)', () => {
  const printNow = (orderId: string, cookie: string, origin = t.config.publicUrl) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/print-now`,
      headers: { cookie, origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'The parent asked for it before the holidays' }),
    });
  const printJob = async (bookInstanceId: string) => {
    const [job] = await t.database.db
      .select({ runAfter: jobs.runAfter, state: jobs.state })
      .from(jobs)
      .where(eq(jobs.singletonKey, `print-book:${bookInstanceId}`));
    return job;
  };

  it('ends the grace period: the print job is due now, the parent can no longer cancel, the audit log says who', async () => {
    const orderId = await paidOrder();
    const before = (await call('GET', `/api/admin/orders/${orderId}`, operator)).json() as AdminOrderDetail;
    expect(before.can.printNow).toBe(true);
    const bookInstanceId = before.order.bookInstanceId!;
    expect((await printJob(bookInstanceId))!.runAfter.getTime()).toBeGreaterThan(Date.now() + 80 * 60_000);

    const response = await printNow(orderId, operator);
    expect(response.statusCode).toBe(200);
    const after = response.json() as AdminOrderDetail;
    expect(after.can.printNow).toBe(false);
    expect(after.can.hold).toBe(true);
    const job = await printJob(bookInstanceId);
    expect(job).toMatchObject({ state: 'queued' });
    expect(job!.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.printAfter!.getTime()).toBeLessThanOrEqual(Date.now());
    // The parent's page no longer offers the grace period, and its actions are refused.
    const parentView = (await call('GET', `/api/orders/${orderId}`, parent.cookie)).json() as Order;
    expect(parentView.printAfter).not.toBeNull();
    const cancel = await call('POST', `/api/orders/${orderId}/cancel`, parent.cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('ORDER_GRACE_OVER');
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
    expect(logged).toEqual([
      expect.objectContaining({
        action: 'print_now',
        details: { graceUntil: expect.any(String) },
        actorEmail: 'grace.operator@example.com',
        reason: 'The parent asked for it before the holidays',
      }),
    ]);
    // Again (a second click): refused, nothing more logged.
    expect((await printNow(orderId, operator)).statusCode).toBe(409);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.orderId, orderId))).toHaveLength(1);
  });

  it('is 404 for anyone but an operator, refused from another origin, and not offered for a held order', async () => {
    const orderId = await paidOrder();
    expect((await printNow(orderId, parent.cookie)).statusCode).toBe(404);
    expect((await printNow(orderId, stranger)).statusCode).toBe(404);
    expect((await printNow(orderId, operator, 'https://elsewhere.example')).statusCode).toBe(403);
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/hold`,
      headers: { cookie: operator, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Checking the address' }),
    });
    expect((hold.json() as AdminOrderDetail).can.printNow).toBe(false);
    expect((await printNow(orderId, operator)).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.printAfter!.getTime()).toBeGreaterThan(Date.now() + 80 * 60_000);
  });
});
