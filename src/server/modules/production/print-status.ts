import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderCopies, orders } from '../../db/schema';
import { PermanentJobError, RetryableJobError } from '../../jobs/errors';
import { enqueue, type PrintStatusUpdate } from '../../jobs/queue';

/**
 * Applies what the printer reports about an order (the `print-status` job; a print-on-demand
 * webhook would call the same): printing -> shipped with its tracking number and link (and the
 * e-mail saying so), shipped -> delivered. Each report applies once; a report that arrives before
 * the order reached the state it follows is tried again later, one that is already applied is a
 * no-op.
 */
export async function applyPrintStatus(
  db: Db,
  payload: { orderId: string; copy?: number | undefined; update: PrintStatusUpdate },
) {
  const { orderId, update } = payload;
  if (payload.copy !== undefined) return applyCopyStatus(db, { orderId, copy: payload.copy, update });
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new PermanentJobError('DB_RECORD_NOT_FOUND', `Order ${orderId} not found`);
    const from = update.status === 'shipped' ? 'printing' : 'shipped';
    const applied =
      update.status === 'shipped'
        ? ['shipped', 'delivered'].includes(order.status)
        : order.status === 'delivered';
    if (applied) return;
    if (order.status === 'cancelled') return;
    if (order.status !== from) {
      throw new RetryableJobError(
        'JOB_INVALID_STATE',
        `Order ${orderId} is ${order.status}, not yet ${from}`,
      );
    }
    await tx
      .update(orders)
      .set({
        status: update.status,
        ...(update.status === 'shipped'
          ? { trackingNumber: update.trackingNumber, trackingUrl: update.trackingUrl }
          : { deliveredAt: sql`now()` }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)));
    if (update.status === 'shipped') {
      await enqueue(
        tx,
        'send-order-email',
        { orderId, email: 'shipped' },
        { singletonKey: `order-email:${orderId}:shipped` },
      );
    }
  });
}

/**
 * The same for a gift copy's own print job (issue 18): the copy goes printing -> shipped (its own
 * tracking) -> delivered, apart from the order's own parcel. The buyer sees it on the order page.
 */
async function applyCopyStatus(
  db: Db,
  payload: { orderId: string; copy: number; update: PrintStatusUpdate },
) {
  const { orderId, copy, update } = payload;
  await db.transaction(async (tx) => {
    const where = and(eq(orderCopies.orderId, orderId), eq(orderCopies.position, copy));
    const [row] = await tx
      .select({ status: orderCopies.status })
      .from(orderCopies)
      .where(where)
      .for('update');
    if (!row)
      throw new PermanentJobError('DB_RECORD_NOT_FOUND', `Copy ${copy} of order ${orderId} not found`);
    const from = update.status === 'shipped' ? 'printing' : 'shipped';
    const applied =
      update.status === 'shipped'
        ? ['shipped', 'delivered'].includes(row.status)
        : row.status === 'delivered';
    if (applied) return;
    if (row.status !== from) {
      throw new RetryableJobError(
        'JOB_INVALID_STATE',
        `Copy ${copy} of order ${orderId} is ${row.status}, not yet ${from}`,
      );
    }
    await tx
      .update(orderCopies)
      .set({
        status: update.status,
        ...(update.status === 'shipped'
          ? { trackingNumber: update.trackingNumber, trackingUrl: update.trackingUrl }
          : { deliveredAt: sql`now()` }),
      })
      .where(and(where, eq(orderCopies.status, from)));
  });
}
