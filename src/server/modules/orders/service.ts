import { and, eq } from 'drizzle-orm';
import type { Order, ReviewRequest } from '../../../shared/contracts/checkout';
import { canStillBePaid } from '../../../shared/domain/orders';
import { type PaymentLine, type PaymentProvider, PaymentProviderError } from '../../adapters/payments/index';
import type { Db } from '../../db/client';
import { customers, orderItems, orders, paymentSessions, reviews } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { fill, serverTexts } from '../../i18n';
import { findOwnOrder, orderView } from './repo';

export type OrdersDeps = {
  db: Db;
  payments: PaymentProvider;
  publicUrl: string;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** How long a payment page stays open (Stripe allows 30 minutes to 24 hours). */
export const PAYMENT_SESSION_MINUTES = 60;

type PaymentTexts = {
  lines: Record<
    'softcover_book' | 'hardcover_book' | 'grandparent_softcover_copy' | 'grandparent_hardcover_copy',
    string
  >;
  shipping: string;
  tax: string;
  bookTypes: Record<'storybook' | 'coloring', string>;
};

/** One order of the caller, or 404. */
export async function getOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const row = await findOwnOrder(db, userId, orderId);
  if (!row) throw notFound('Order');
  return orderView(db, row);
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
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (!order) throw notFound('Order');
  if (!canStillBePaid(order)) {
    throw new AppError('PAYMENT_NOT_RETRYABLE', 'This order is already paid.');
  }
  if (!order.bookInstanceId) throw new AppError('JOB_DEPENDENCY_MISSING', 'The book of this order is gone.');
  const [items, [customer]] = await Promise.all([
    deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    order.customerId
      ? deps.db.select({ email: customers.email }).from(customers).where(eq(customers.id, order.customerId))
      : Promise.resolve([]),
  ]);
  const texts = serverTexts<PaymentTexts>('payments', order.language);
  const bookType = texts.bookTypes[order.bookType as 'storybook' | 'coloring'];
  const lines: PaymentLine[] = [
    ...items
      // The book first, then the copies.
      .sort((a, b) => Number(a.itemType !== 'base_book') - Number(b.itemType !== 'base_book'))
      .map((item) => ({
        name: fill(texts.lines[item.productKey as keyof PaymentTexts['lines']], {
          bookType,
          discount: item.discountPercentage,
        }),
        quantity: item.quantity,
        unitAmount: item.unitPrice,
      })),
    { name: texts.shipping, quantity: 1, unitAmount: order.shippingAmount },
    {
      name: fill(texts.tax, { rate: (order.taxRateBasisPoints / 100).toLocaleString(order.language) }),
      quantity: 1,
      unitAmount: order.taxAmount,
    },
  ].filter((line) => line.unitAmount > 0);
  const total = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (total !== order.totalAmount) {
    throw new AppError('PAYMENT_SESSION_FAILED', 'Failed to create payment session', {
      cause: new Error(`order ${order.id}: lines ${total} ≠ total ${order.totalAmount}`),
    });
  }
  // A newer payment page replaces the open ones, so one order can never be paid twice.
  const open = await deps.db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')));
  for (const previous of open) {
    try {
      await deps.payments.expireCheckoutSession?.(previous.id);
      await deps.db
        .update(paymentSessions)
        .set({ status: 'expired' })
        .where(eq(paymentSessions.id, previous.id));
    } catch (error) {
      // Left open: its notification, if it is ever paid, is still applied once and checked.
      deps.log.warn(
        { orderId: order.id, reason: error instanceof Error ? error.message : String(error) },
        'earlier payment session not expired',
      );
    }
  }
  const base = deps.publicUrl.replace(/\/$/, '');
  const request = {
    orderId: order.id,
    orderNumber: order.orderNumber,
    bookInstanceId: order.bookInstanceId,
    currency: 'CHF' as const,
    lines,
    total,
    customerEmail: customer?.email ?? '',
    language: order.language === 'fr' ? ('fr' as const) : ('en' as const),
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
  await deps.db.insert(paymentSessions).values({
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
  await deps.db
    .update(orders)
    .set({ paymentSessionId: session.id, updatedAt: deps.now() })
    .where(eq(orders.id, order.id));
  deps.log.info({ orderId: order.id, provider: deps.payments.name }, 'payment session started');
  return { url: session.url };
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
