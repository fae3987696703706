import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isPaymentOpen } from '../../../shared/domain/orders';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import { OWN_PAYMENT_REFUND_REASONS, refundsOwnPayment } from '../../../shared/domain/statuses';
import type { PaymentEvent, PaymentProvider } from '../../adapters/payments/index';
import { SignatureError, verifySignature } from '../../adapters/payments/signature';
import type { Db } from '../../db/client';
import { orders, paymentEvents, paymentRefunds, paymentSessions, type RefundReason } from '../../db/schema';
import { AppError } from '../../errors';
import { PermanentJobError } from '../../jobs/errors';
import { enqueue } from '../../jobs/queue';

/** What a notification did; kept with its event id. */
export type EventOutcome =
  | 'duplicate'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'awaiting_payment'
  | 'already_paid'
  | 'stale'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'refunded'
  | 'refund_pending'
  | 'refund_failed'
  | 'ignored';

export type PaymentsDeps = {
  db: Db;
  webhookSecret: string;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How a completed session was paid (the provider's paymentMethodOf); asked before the transaction. */
  paymentMethodOf?: (event: PaymentEvent) => Promise<PaymentMethod | null>;
  /** PRINT_GRACE_MINUTES: the book goes to the printer no sooner after payment (issue 36). */
  printGraceMinutes: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the signature on the raw body and parses the notification; anything else is refused. */
export function readEvent(deps: PaymentsDeps, rawBody: string, signature: string | undefined): PaymentEvent {
  try {
    verifySignature(rawBody, signature, deps.webhookSecret, { now: deps.now() });
  } catch (error) {
    if (error instanceof SignatureError) {
      deps.log.warn({ reason: error.message }, 'payment notification refused');
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The notification signature is not valid.');
    }
    throw error;
  }
  let event: PaymentEvent;
  try {
    event = JSON.parse(rawBody) as PaymentEvent;
  } catch {
    throw new AppError('VALIDATION_INVALID_PARAM', 'The notification is not JSON.');
  }
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.data?.object?.id !== 'string'
  ) {
    throw new AppError('VALIDATION_INVALID_PARAM', 'The notification has no id, type or object.');
  }
  return event;
}

/**
 * A charge the order cannot keep is given back at once, whole, by a job (the provider may be slow
 * or down; the job retries with the same idempotency key). One refund per paid page.
 */
async function refundCharge(
  tx: Db,
  deps: PaymentsDeps,
  { event, order }: { event: PaymentEvent; order: typeof orders.$inferSelect },
  reason: RefundReason,
): Promise<void> {
  const session = event.data.object;
  const amount = session.amount_total ?? 0;
  if (amount <= 0) return;
  const [created] = await tx
    .insert(paymentRefunds)
    .values({
      orderId: order.id,
      paymentSessionId: session.id,
      paymentIntentId: session.payment_intent ?? null,
      amount,
      currency: (session.currency ?? order.currency).toLowerCase(),
      reason,
      eventId: event.id,
    })
    .onConflictDoNothing({
      target: paymentRefunds.paymentSessionId,
      where: sql`${paymentRefunds.reason} <> 'operator'`,
    })
    .returning({ id: paymentRefunds.id });
  if (!created) return;
  await enqueue(tx, 'refund-payment', { refundId: created.id }, { singletonKey: `refund:${created.id}` });
  deps.log.warn({ orderId: order.id, reason, amount }, 'charge to be refunded');
}

/**
 * Applies one verified notification, once: its id is stored in the same transaction as its
 * effect, the order row is locked while it is decided, a paid order never goes back to pending or
 * failed, and the amount and currency must be the ones the order was priced at. Paid: the order
 * is `processing`, its book `rendering`, and the book's production is queued.
 */
export async function applyEvent(deps: PaymentsDeps, event: PaymentEvent): Promise<EventOutcome> {
  const completes =
    event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  const paymentMethod =
    completes && deps.paymentMethodOf ? await deps.paymentMethodOf(event).catch(() => null) : null;
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, outcome: 'ignored' })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    if (!fresh) return 'duplicate' as const;

    // A refund's notification (Stripe's refund.created / refund.updated): the refund counts from it.
    if (event.data.object.object === 'refund' || event.type.startsWith('refund.')) {
      const result = await applyRefundNotification(tx, event, deps.now());
      await tx
        .update(paymentEvents)
        .set({ outcome: result.outcome, orderId: result.orderId ?? null })
        .where(eq(paymentEvents.id, event.id));
      return result.outcome;
    }

    const session = event.data.object;
    const orderId = session.metadata?.orderId ?? session.client_reference_id ?? '';
    const record = async (result: EventOutcome, knownOrderId?: string) => {
      await tx
        .update(paymentEvents)
        .set({ outcome: result, orderId: knownOrderId ?? null })
        .where(eq(paymentEvents.id, event.id));
      return result;
    };
    if (!UUID.test(orderId)) return record('unknown_order');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    // The session must be one this shop started for this order.
    const [started] = order
      ? await tx
          .select()
          .from(paymentSessions)
          .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.orderId, order.id)))
      : [];
    if (!order || !started) return record('unknown_order');

    const markSession = (status: 'complete' | 'failed' | 'expired') =>
      tx.update(paymentSessions).set({ status }).where(eq(paymentSessions.id, session.id));

    const paid =
      event.type === 'checkout.session.async_payment_succeeded' ||
      (event.type === 'checkout.session.completed' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'));

    const refund = (reason: RefundReason) => refundCharge(tx, deps, { event, order }, reason);

    if (paid) {
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
        // The same payment told twice (completed, then succeeded) is not a second charge.
        if (session.id !== order.paymentSessionId) await refund('double_charge');
        await markSession('complete');
        return record('already_paid', order.id);
      }
      if (
        session.amount_total !== order.totalAmount ||
        session.currency?.toLowerCase() !== order.currency.toLowerCase()
      ) {
        deps.log.warn(
          {
            orderId: order.id,
            expected: order.totalAmount,
            got: session.amount_total,
            currency: session.currency,
          },
          'payment amount does not match the order: refunded, the order stays unpaid',
        );
        await refund('amount_mismatch');
        await markSession('complete');
        return record('amount_mismatch', order.id);
      }
      const now = deps.now();
      const printAfter = new Date(now.getTime() + deps.printGraceMinutes * 60_000);
      await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          status: order.status === 'pending' ? 'processing' : order.status,
          paidAt: now,
          printAfter,
          paymentSessionId: session.id,
          paymentMethod,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      await markSession('complete');
      if (order.bookInstanceId) {
        // The book was drawn and approved before paying: only its print files are made, from the
        // version the order recorded (issue 15), once the grace period is over (issue 36).
        await enqueue(
          tx,
          'print-book',
          { bookInstanceId: order.bookInstanceId, orderId: order.id },
          { singletonKey: `print-book:${order.bookInstanceId}`, runAfter: printAfter },
        );
      }
      // The thank-you e-mail goes out as soon as the payment is known, whatever production does.
      await enqueue(
        tx,
        'send-order-email',
        { orderId: order.id, email: 'orderPaid' },
        { singletonKey: `order-email:${order.id}:orderPaid` },
      );
      return record('paid', order.id);
    }

    if (event.type === 'checkout.session.async_payment_failed') {
      // A failure that arrives after the payment went through is old news.
      if (!isPaymentOpen(order.paymentStatus)) return record('stale', order.id);
      await tx
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: deps.now() })
        .where(eq(orders.id, order.id));
      await markSession('failed');
      return record('failed', order.id);
    }

    if (event.type === 'checkout.session.expired') {
      // Nothing was paid on that page; the order stays as it is and a retry is offered.
      if (started.status === 'open') await markSession('expired');
      return record('expired', order.id);
    }

    if (event.type === 'checkout.session.completed') return record('awaiting_payment', order.id);
    return record('ignored', order.id);
  });
  deps.log.info({ eventId: event.id, type: event.type, outcome }, 'payment notification');
  return outcome;
}

/**
 * Expires an order's open payment pages, at the provider first and then in the shop's record. Call
 * it inside a transaction that holds the order's lock. `strict`: a page the provider would not
 * expire stops the caller (before a new page is made); otherwise it is logged and left to its
 * notification, which is checked against the order like any other. A page past its own expiry
 * is closed at the provider already and is only marked.
 */
export async function expireOpenSessions(
  deps: {
    db: Db;
    payments: PaymentProvider;
    now: () => Date;
    log: { warn(obj: object, msg: string): void };
  },
  orderId: string,
  { strict }: { strict: boolean },
): Promise<void> {
  const open = await deps.db
    .select({ id: paymentSessions.id, expiresAt: paymentSessions.expiresAt })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'open')));
  for (const previous of open) {
    if (previous.expiresAt > deps.now()) {
      try {
        await deps.payments.expireCheckoutSession?.(previous.id);
      } catch (error) {
        deps.log.warn(
          { orderId, reason: error instanceof Error ? error.message : String(error) },
          'earlier payment session not expired',
        );
        if (strict) {
          throw new AppError('PAYMENT_SESSION_FAILED', 'Failed to create payment session', { cause: error });
        }
        continue;
      }
    }
    await deps.db
      .update(paymentSessions)
      .set({ status: 'expired' })
      .where(eq(paymentSessions.id, previous.id));
  }
}

/**
 * The `refund-payment` job: gives a charge back at the provider (the same idempotency key on every
 * attempt, so a retry cannot refund twice), records it, and tells the buyer by e-mail. A refusal
 * is kept on the record and the job retries; after the last attempt the refund is `failed`, for a
 * person to follow up.
 */
export async function refundPayment(
  deps: { db: Db; payments: PaymentProvider; now: () => Date },
  refundId: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ refund: paymentRefunds, orderNumber: orders.orderNumber })
    .from(paymentRefunds)
    .innerJoin(orders, eq(orders.id, paymentRefunds.orderId))
    .where(eq(paymentRefunds.id, refundId));
  if (!row) throw new PermanentJobError('DB_RECORD_NOT_FOUND', `Refund ${refundId} not found`);
  const { refund } = row;
  if (refund.status === 'refunded') return;
  let providerRefund: { id: string };
  try {
    providerRefund = await deps.payments.refund({
      sessionId: refund.paymentSessionId,
      paymentIntentId: refund.paymentIntentId,
      amount: refund.amount,
      currency: refund.currency,
      idempotencyKey: `refund-${refund.id}`,
      reason: refund.reason === 'double_charge' ? 'duplicate' : 'other',
      metadata: { orderId: refund.orderId, orderNumber: row.orderNumber, refundId: refund.id },
    });
  } catch (error) {
    await deps.db
      .update(paymentRefunds)
      .set({ failure: error instanceof Error ? error.message.slice(0, 300) : 'refund failed' })
      .where(eq(paymentRefunds.id, refund.id));
    throw error;
  }
  if (refundsOwnPayment(refund.reason)) {
    // An operator's refund counts once the provider's signed notification says it went through
    // (applyRefundNotification); the answer only names it.
    await deps.db
      .update(paymentRefunds)
      .set({ providerRefundId: providerRefund.id, failure: null })
      .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.providerRefundId)));
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(paymentRefunds)
      .set({ status: 'refunded', providerRefundId: providerRefund.id, refundedAt: deps.now(), failure: null })
      .where(eq(paymentRefunds.id, refund.id));
    const email = refund.reason === 'double_charge' ? 'doubleChargeRefunded' : 'changedOrderRefunded';
    await enqueue(
      tx,
      'send-order-email',
      { orderId: refund.orderId, email, refundId: refund.id },
      { singletonKey: `order-email:${refund.orderId}:refund:${refund.id}` },
    );
  });
}

/** The refund job's last attempt failed: the record says so. */
export async function markRefundFailed(db: Db, refundId: string): Promise<void> {
  await db.update(paymentRefunds).set({ status: 'failed' }).where(eq(paymentRefunds.id, refundId));
}

/**
 * A refund's notification, matched to the shop's refund by the metadata the shop gave it (and the
 * provider's refund id, once known). Succeeded: the refund is recorded once; an operator's refund
 * then tells the buyer, and the order is `refunded` when nothing of the payment is left. Failed or
 * cancelled: the refund is `failed`, for the console.
 */
async function applyRefundNotification(
  tx: Db,
  event: PaymentEvent,
  now: Date,
): Promise<{ outcome: EventOutcome; orderId?: string }> {
  const object = event.data.object as PaymentEvent['data']['object'] & {
    status?: string;
    amount?: number;
    failure_reason?: string | null;
  };
  const refundId = object.metadata?.refundId ?? '';
  const orderId = object.metadata?.orderId ?? '';
  if (!UUID.test(refundId) || !UUID.test(orderId)) return { outcome: 'unknown_order' };
  const [refund] = await tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.orderId, orderId)))
    .for('update');
  if (!refund || (refund.providerRefundId && refund.providerRefundId !== object.id)) {
    return { outcome: 'unknown_order' };
  }
  if (object.status === 'failed' || object.status === 'canceled') {
    if (refund.status !== 'refunded') {
      await tx
        .update(paymentRefunds)
        .set({
          status: 'failed',
          providerRefundId: object.id,
          failure: object.failure_reason ?? object.status,
        })
        .where(eq(paymentRefunds.id, refund.id));
    }
    return { outcome: 'refund_failed', orderId };
  }
  if (object.status !== 'succeeded') return { outcome: 'refund_pending', orderId };
  if (refund.status === 'refunded') return { outcome: 'duplicate', orderId };
  await tx
    .update(paymentRefunds)
    .set({ status: 'refunded', providerRefundId: object.id, refundedAt: now, failure: null })
    .where(eq(paymentRefunds.id, refund.id));
  if (refundsOwnPayment(refund.reason)) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const [given] = await tx
      .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.orderId, orderId),
          inArray(paymentRefunds.reason, OWN_PAYMENT_REFUND_REASONS),
          inArray(paymentRefunds.status, ['refunded']),
        ),
      );
    if (order && Number(given?.total ?? 0) >= order.totalAmount && order.paymentStatus === 'paid') {
      await tx
        .update(orders)
        .set({ paymentStatus: 'refunded', updatedAt: now })
        .where(eq(orders.id, orderId));
    }
    await enqueue(
      tx,
      'send-order-email',
      { orderId, email: 'operatorRefunded', refundId: refund.id },
      { singletonKey: `order-email:${orderId}:refund:${refund.id}` },
    );
  }
  return { outcome: 'refunded', orderId };
}
