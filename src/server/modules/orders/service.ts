import { and, eq } from 'drizzle-orm';
import type { AddressChange, Order, ReviewRequest } from '../../../shared/contracts/checkout';
import { languageOr, localeOf } from '../../../shared/domain/languages';
import { canStillBePaid, graceOpen } from '../../../shared/domain/orders';
import type { ProductKey } from '../../../shared/domain/statuses';
import { type PaymentLine, type PaymentProvider, PaymentProviderError } from '../../adapters/payments/index';
import type { Db } from '../../db/client';
import {
  auditLog,
  customers,
  orderItems,
  orders,
  paymentRefunds,
  paymentSessions,
  reviews,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { fill, serverTexts } from '../../i18n';
import { enqueue } from '../../jobs/queue';
import { expireOpenSessions } from '../payments/service';
import { checkHeldPromo, promoOf } from '../pricing/promo-codes';
import { changedAddress } from './address-change';
import { receiptOf, receiptPdf, type Seller } from './receipt';
import { findOwnOrder, findOwnOrderView } from './repo';

type OrderRow = typeof orders.$inferSelect;

export type OrdersDeps = {
  db: Db;
  payments: PaymentProvider;
  publicUrl: string;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** How long a payment page stays open (Stripe allows 30 minutes to 24 hours). */
const PAYMENT_SESSION_MINUTES = 60;

type PaymentTexts = {
  lines: Record<ProductKey, string>;
  extraChildUnnamed: string;
  discounted: string;
  /** "{{discounted}}: {{items}}" (French: a no-break space before the colon). */
  discountedLine: string;
  shipping: string;
  expressShipping: string;
  tax: string;
  bookTypes: Record<'storybook' | 'coloring', string>;
};

/** One order of the caller, or 404. */
export async function getOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const found = await findOwnOrderView(db, userId, orderId);
  if (!found) throw notFound('Order');
  return found.view;
}

/**
 * Starts a payment for an unpaid order (first try or retry): the provider gets the order's own
 * stored amounts as lines, never anything from the client, and the session is recorded so the
 * notification can be compared with it.
 */
export async function startPayment(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
): Promise<{ url: string }> {
  // The order row is locked from the first read to the new session's record, so concurrent starts
  // (a double click, several tabs) take turns: each expires the page before it, and exactly one
  // stays open. A page that cannot be expired at the provider stops the start: two payable pages
  // for one order are never left behind.
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update')
      .limit(1);
    if (!order) throw notFound('Order');
    if (!canStillBePaid(order)) {
      throw new AppError('PAYMENT_NOT_RETRYABLE', 'This order is already paid.');
    }
    if (!order.bookInstanceId)
      throw new AppError('JOB_DEPENDENCY_MISSING', 'The book of this order is gone.');
    const [items, [customer]] = await Promise.all([
      tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
      order.customerId
        ? tx.select({ email: customers.email }).from(customers).where(eq(customers.id, order.customerId))
        : Promise.resolve([]),
    ]);
    // A code an operator ended (or whose last day passed) is refused here, before any payment.
    await checkHeldPromo(tx, order.promoCodeId, deps.now());
    const promo = await promoOf(tx, order.promoCodeId);
    const lines = paymentLines(order, items, promo?.code);
    const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    if (total !== order.totalAmount) {
      throw new AppError('PAYMENT_SESSION_FAILED', 'Failed to create payment session', {
        cause: new Error(`order ${order.id}: lines ${total} ≠ total ${order.totalAmount}`),
      });
    }
    await expireOpenSessions({ ...deps, db: tx }, order.id, { strict: true });
    const base = deps.publicUrl.replace(/\/$/, '');
    const request = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      bookInstanceId: order.bookInstanceId,
      currency: 'CHF' as const,
      lines,
      total,
      customerEmail: customer?.email ?? '',
      language: languageOr(order.language),
      successUrl: `${base}/order-confirmation/${order.id}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/checkout/${order.bookInstanceId}?payment_cancelled=true`,
      expiresAt: new Date(deps.now().getTime() + PAYMENT_SESSION_MINUTES * 60_000),
    };
    let session: { id: string; url: string };
    try {
      session = await deps.payments.createCheckoutSession(request);
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        deps.log.warn({ orderId: order.id, reason: error.message }, 'payment session not created');
        throw new AppError('PAYMENT_SESSION_FAILED', 'Failed to create payment session', { cause: error });
      }
      throw error;
    }
    await tx.insert(paymentSessions).values({
      id: session.id,
      orderId: order.id,
      provider: deps.payments.name,
      amount: total,
      currency: 'CHF',
      url: session.url,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      lines,
      expiresAt: request.expiresAt,
    });
    await tx
      .update(orders)
      .set({ paymentSessionId: session.id, updatedAt: deps.now() })
      .where(eq(orders.id, order.id));
    deps.log.info({ orderId: order.id, provider: deps.payments.name }, 'payment session started');
    return { url: session.url };
  });
}

/** The order's stored amounts as the provider's lines, in its language: the book first, then copies. */
function paymentLines(
  order: typeof orders.$inferSelect,
  items: (typeof orderItems.$inferSelect)[],
  promoCode: string | undefined,
): PaymentLine[] {
  const texts = serverTexts<PaymentTexts>('payments', order.language);
  const bookType = texts.bookTypes[order.bookType as 'storybook' | 'coloring'];
  const itemLines = items
    .sort((a, b) => Number(a.itemType !== 'base_book') - Number(b.itemType !== 'base_book'))
    .map((item) => ({
      name:
        // The payment provider is told what an extra child is, never the children's names (they stay
        // with the book, and go with it when the account is deleted).
        item.itemType === 'extra_child'
          ? texts.extraChildUnnamed
          : fill(texts.lines[item.productKey as keyof PaymentTexts['lines']], {
              bookType,
              discount: item.discountPercentage,
            }),
      quantity: item.quantity,
      unitAmount: item.unitPrice,
    }));
  // A provider takes no negative line: with a promo code the books are one line at their discounted
  // price, so the provider is asked for the discounted total and nothing else.
  const books =
    order.discountAmount > 0
      ? [
          {
            name: fill(texts.discountedLine, {
              discounted: fill(texts.discounted, { code: promoCode ?? '' }),
              items: itemLines
                .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name))
                .join(', '),
            }),
            quantity: 1,
            unitAmount: order.subtotalAmount - order.discountAmount,
          },
        ]
      : itemLines;
  return [
    ...books,
    {
      name: order.shippingLevel === 'express' ? texts.expressShipping : texts.shipping,
      quantity: 1,
      unitAmount: order.shippingAmount,
    },
    {
      name: fill(texts.tax, {
        rate: (order.taxRateBasisPoints / 100).toLocaleString(localeOf(order.language)),
      }),
      quantity: 1,
      unitAmount: order.taxAmount,
    },
  ].filter((line) => line.unitAmount > 0);
}

/**
 * The receipt of a paid order of the caller, as a PDF (issue 18). Another user's order, an unknown
 * one and one not paid yet are all 404: there is no receipt to show.
 */
export async function receiptOfOrder(db: Db, userId: string, orderId: string, seller: Seller) {
  const found = await findOwnOrderView(db, userId, orderId);
  const row = found?.row;
  if (!found || !row?.paidAt) throw notFound('Receipt');
  const receipt = receiptOf(found.view, seller, row.paidAt);
  const fileName = `${receipt.title}-${row.orderNumber}.pdf`.normalize('NFD').replace(/[^\w.-]/g, '');
  return { pdf: await receiptPdf(receipt), fileName };
}

/** The review of a delivered order: one per order, stored on the server. */
export async function addReview(db: Db, userId: string, orderId: string, review: ReviewRequest) {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw notFound('Order');
  if (order.status !== 'delivered') {
    throw new AppError('REVIEW_NOT_ALLOWED', 'You can review your book once it has been delivered.');
  }
  const [row] = await db
    .insert(reviews)
    .values({ userId, orderId: order.id, rating: review.rating, text: review.text })
    .onConflictDoNothing({ target: reviews.orderId })
    .returning();
  if (!row) throw new AppError('REVIEW_EXISTS', 'You have already reviewed this order.');
  return { rating: row.rating, text: row.text, createdAt: row.createdAt.toISOString() };
}

/**
 * A change the parent makes in the grace period after payment (issue 36): the caller's own order,
 * locked, still before the printer at the shop's clock; the change and its line in the order's
 * timeline (the console shows who did it) in one transaction. Answers the order as it is now.
 */
async function changeInGrace(
  deps: Pick<OrdersDeps, 'db' | 'now'>,
  user: { id: string; email: string },
  orderId: string,
  action: 'customer_cancel' | 'customer_address',
  change: (tx: Db, order: OrderRow) => Promise<Record<string, unknown> | null>,
): Promise<Order> {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
      .for('update');
    if (!order) throw notFound('Order');
    const open = graceOpen({ ...order, printAfter: order.printJobId ? null : order.printAfter }, deps.now());
    if (!open) {
      throw new AppError(
        'ORDER_GRACE_OVER',
        'This order is already with the printer and can no longer be changed.',
      );
    }
    const details = await change(tx, order);
    if (details === null) return;
    await tx
      .insert(auditLog)
      .values({ orderId: order.id, actorId: user.id, actorEmail: user.email, action, details });
  });
  return getOrder(deps.db, user.id, orderId);
}

/**
 * The parent cancels in the grace period: the order is cancelled, what was paid is refunded in
 * full through the provider (the refund job), and the cancellation e-mail is sent.
 */
export function cancelInGrace(
  deps: Pick<OrdersDeps, 'db' | 'now'>,
  user: { id: string; email: string },
  orderId: string,
): Promise<Order> {
  return changeInGrace(deps, user, orderId, 'customer_cancel', async (tx, order) => {
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: deps.now() })
      .where(eq(orders.id, order.id));
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        orderId: order.id,
        paymentSessionId: order.paymentSessionId ?? '',
        amount: order.totalAmount,
        currency: order.currency.toLowerCase(),
        reason: 'customer_cancelled',
        requestKey: `customer-cancel:${order.id}`,
        requestedBy: user.id,
      })
      .returning({ id: paymentRefunds.id });
    if (!refund) throw new AppError('DB_INSERT_FAILED', 'The refund could not be recorded.');
    await enqueue(tx, 'refund-payment', { refundId: refund.id }, { singletonKey: `refund:${refund.id}` });
    await enqueue(
      tx,
      'send-order-email',
      { orderId: order.id, email: 'orderCancelled' },
      { singletonKey: `order-email:${order.id}:cancelled` },
    );
    return { amount: order.totalAmount, currency: order.currency, refundId: refund.id };
  });
}

/** The parent changes the delivery address in the grace period (the country stays the order's). */
export function changeAddressInGrace(
  deps: Pick<OrdersDeps, 'db' | 'now'>,
  user: { id: string; email: string },
  orderId: string,
  request: AddressChange,
): Promise<Order> {
  return changeInGrace(deps, user, orderId, 'customer_address', async (tx, order) => {
    const next = changedAddress(order.shippingAddress ?? {}, request);
    if (!next) {
      throw new AppError(
        'ORDER_ADDRESS_INVALID',
        'The postcode or state does not fit the country of delivery.',
      );
    }
    if (next.changed.length === 0) return null;
    await tx
      .update(orders)
      .set({ shippingAddress: next.address, updatedAt: deps.now() })
      .where(eq(orders.id, order.id));
    return { changed: next.changed };
  });
}
