import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { jsonCall, signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import { auditLog, jobs, orders, paymentRefunds } from '../../db/schema';
import { paidBookOf } from '../production/test-factory';

// Issue 36: a grace period after payment (PRINT_GRACE_MINUTES) in which the parent may cancel the
// order or change its address, and the book does not go to the printer.

let t: TestApp;
let clock = new Date();
let parent: { id: string; cookie: string };
let stranger: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PRINT_GRACE_MINUTES: '90' }, now: () => clock });
  parent = { cookie: await signedInAs(t, 'grace.parent@example.com'), id: '' };
  parent.id = await userIdOf(t, 'grace.parent@example.com');
  stranger = await signedInAs(t, 'grace.stranger@example.com');
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
