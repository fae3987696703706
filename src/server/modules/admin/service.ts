import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  AdminAddressRequest,
  AdminOrderDetail,
  AdminRedrawChoice,
  AdminRedrawRequest,
  AdminRefundRequest,
  AdminResendRequest,
  AdminShipRequest,
} from '../../../shared/contracts/admin';
import { readPersonalisation } from '../../../shared/domain/book-personalisation';
import { castOf } from '../../../shared/domain/cast';
import { type AuditAction, refundsOwnPayment } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { auditLog, bookInstances, jobs, orders, paymentRefunds, printerEvents } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { enqueue, restartSingleton } from '../../jobs/queue';
import { bookTitle } from '../../stories/title';
import { operatorChooseRedraw, operatorRequestRedraw } from '../books/service';
import { changedAddress } from '../orders/address-change';
import { orderView } from '../orders/repo';
import { restartBook } from '../production/service';
import type { Operator } from './access';
import { orderRecords, otherOrders, printRefused, refundableAmount } from './repo';

type OrderRow = typeof orders.$inferSelect;

const notAllowed = (message: string) => new AppError('ADMIN_ACTION_NOT_ALLOWED', message);

/** What the console may do to an order in its state (the buttons shown, and the rules enforced). */
function allowed(
  order: OrderRow,
  refundable: number,
  refused: boolean,
  bookStatus: string | undefined,
  now = new Date(),
) {
  const beforePrint = !order.printJobId && ['pending', 'processing'].includes(order.status);
  return {
    hold: beforePrint && order.heldAt === null,
    release: order.heldAt !== null,
    refund: refundable > 0,
    cancel: beforePrint,
    markShipped: order.status === 'printing',
    markDelivered: order.status === 'printing' || order.status === 'shipped',
    retryBook: bookStatus === 'archived',
    resubmitPrint: order.status === 'printing' && refused,
    approvePrint: order.printReview === 'waiting' && order.status === 'processing',
    // Only while the book is kept from the printer (held, or waiting for review) and paid.
    redrawPage:
      order.status === 'processing' &&
      order.paymentStatus === 'paid' &&
      !order.printJobId &&
      (order.heldAt !== null || order.printReview === 'waiting') &&
      bookStatus === 'ready',
    correctAddress: beforePrint && order.shippingAddress !== null,
    printNow: inGrace(order, now) && order.heldAt === null,
  };
}

/** A paid order before print whose grace period after payment has not ended (decision 029). */
function inGrace(order: OrderRow, now: Date): boolean {
  return (
    order.paymentStatus === 'paid' &&
    order.status === 'processing' &&
    !order.printJobId &&
    order.printAfter !== null &&
    order.printAfter.getTime() > now.getTime()
  );
}

/** The book's children for the order page, the lead first; nothing when its data names no child. */
function castOfBook(wizardMetadata: unknown) {
  const metadata = readPersonalisation(wizardMetadata);
  if (!metadata.childName) return {};
  return {
    cast: castOf(metadata).map((member) => ({
      name: member.name,
      age: member.age ?? null,
      gender: member.gender,
      toy: member.toy?.name ?? null,
      lead: member.lead,
    })),
  };
}

/** Everything about one order for the order page. */
export async function orderDetail(db: Db, orderId: string): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  const [view, records, others, refundable] = await Promise.all([
    orderView(db, order),
    orderRecords(db, order),
    otherOrders(db, order),
    refundableAmount(db, order),
  ]);
  const refused = printRefused(order, records.printer);
  const paid = ['paid', 'refunded'].includes(order.paymentStatus) ? order.totalAmount : 0;
  const refunded = records.refunds
    .filter((refund) => refundsOwnPayment(refund.reason) && refund.status === 'refunded')
    .reduce((sum, refund) => sum + refund.amount, 0);
  const approved = records.versions.find((version) => version.id === order.bookVersionId);
  return {
    order: view,
    held: order.heldAt !== null,
    printReview: order.printReview,
    userId: order.userId,
    printJobId: order.printJobId,
    paidAmount: paid,
    refundedAmount: refunded,
    book: records.instance
      ? {
          id: records.instance.id,
          status: records.instance.status,
          title: await bookTitle(records.instance, ''),
          ...castOfBook(records.instance.wizardMetadata),
          approvedVersion: approved?.number ?? null,
          versions: records.versions.map((version) => ({
            number: version.number,
            approvedAt: version.approvedAt?.toISOString() ?? null,
            createdAt: version.createdAt.toISOString(),
          })),
        }
      : null,
    paymentEvents: records.events.map((event) => ({
      id: event.id,
      type: event.type,
      outcome: event.outcome,
      receivedAt: event.receivedAt.toISOString(),
    })),
    printerEvents: records.printer.map((event) => ({
      printJobId: event.printJobId,
      status: event.status,
      message: event.message,
      receivedAt: event.receivedAt.toISOString(),
    })),
    refunds: records.refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      status: refund.status,
      failure: refund.failure,
      createdAt: refund.createdAt.toISOString(),
      refundedAt: refund.refundedAt?.toISOString() ?? null,
    })),
    jobs: records.jobs.map((job) => {
      const payload = job.payload as { email?: unknown };
      return {
        id: job.id,
        queue: job.queue,
        email: job.queue === 'send-order-email' && typeof payload.email === 'string' ? payload.email : null,
        state: job.state,
        attempts: job.attempts,
        lastError: job.lastError,
        createdAt: job.createdAt.toISOString(),
        updatedAt: job.updatedAt.toISOString(),
      };
    }),
    audit: records.audit.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorEmail: entry.actorEmail,
      reason: entry.reason,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    otherOrders: others,
    can: allowed(order, refundable, refused, records.instance?.status),
  };
}

export type ActionDeps = { db: Db; operator: Operator; now: () => Date };

/**
 * Runs one operator action on a locked order and writes its line of the audit log in the same
 * transaction: the change and its record land together or not at all.
 */
async function act(
  deps: ActionDeps,
  orderId: string,
  action: AuditAction,
  reason: string,
  change: (tx: Db, order: OrderRow) => Promise<Record<string, unknown> | null>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Order');
    const details = await change(tx, order);
    // null: the same request again (a double click), already done and already logged.
    if (details === null) return;
    await tx.insert(auditLog).values({
      orderId,
      actorId: deps.operator.id,
      actorEmail: deps.operator.email,
      action,
      reason,
      details,
    });
  });
}

async function bookStatusOf(tx: Db, order: OrderRow) {
  if (!order.bookInstanceId) return undefined;
  const [instance] = await tx
    .select({ status: bookInstances.status })
    .from(bookInstances)
    .where(eq(bookInstances.id, order.bookInstanceId))
    .for('update');
  return instance?.status;
}

/** Holds an order before print: the printer is not handed the book until it is released. */
export function hold(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'hold', reason, async (tx, order) => {
    if (!allowed(order, 0, false, undefined).hold) {
      throw notAllowed('Only an order not yet handed to the printer can be held.');
    }
    await tx.update(orders).set({ heldAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    return { status: order.status };
  });
}

/** Releases a held order; a paid one goes to the printer now. */
export function release(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'release', reason, async (tx, order) => {
    if (order.heldAt === null) throw notAllowed('This order is not held.');
    await tx.update(orders).set({ heldAt: null, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    const printNow =
      order.status === 'processing' &&
      order.paymentStatus === 'paid' &&
      order.bookInstanceId &&
      !order.printJobId;
    if (printNow && order.bookInstanceId) {
      await restartSingleton(
        tx,
        'print-book',
        { bookInstanceId: order.bookInstanceId, orderId: order.id },
        `print-book:${order.bookInstanceId}`,
      );
    }
    return { sentToPrint: Boolean(printNow) };
  });
}

/**
 * Ends the grace period after payment now (issue 36, docs/decisions/029-grace-period-after-payment.md):
 * `print_after` becomes now and the waiting `print-book` job is due, so the book goes to the printer
 * as if the period had run out; the customer can no longer cancel or change the address. A held
 * order is released instead (Release sends it to the printer).
 */
export function printNow(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'print_now', reason, async (tx, order) => {
    const now = deps.now();
    if (!allowed(order, 0, false, undefined, now).printNow) {
      throw notAllowed('Only a paid order in its grace period, not held, can go to the printer now.');
    }
    await tx.update(orders).set({ printAfter: now, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    if (order.bookInstanceId) {
      const payload = { bookInstanceId: order.bookInstanceId, orderId: order.id };
      const key = `print-book:${order.bookInstanceId}`;
      // The job paid for waits until the period's end: due now. Lost or finished: made again.
      const due = await tx
        .update(jobs)
        .set({ runAfter: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.singletonKey, key), eq(jobs.state, 'queued')))
        .returning({ id: jobs.id });
      if (due.length === 0) await restartSingleton(tx, 'print-book', payload, key);
    }
    return { graceUntil: order.printAfter?.toISOString() ?? null };
  });
}

/**
 * Corrects the shipping address until the book is handed to the printer (issue 36). The country
 * stays the order's; the postcode and state must fit it. The audit log names the lines changed,
 * not their words (an address is the customer's, and leaves with their data).
 */
export function correctAddress(deps: ActionDeps, orderId: string, request: AdminAddressRequest) {
  return act(deps, orderId, 'correct_address', request.reason, async (tx, order) => {
    if (!allowed(order, 0, false, undefined).correctAddress) {
      throw notAllowed('Only an order not yet handed to the printer can have its address corrected.');
    }
    const next = changedAddress(order.shippingAddress ?? {}, request);
    if (!next) {
      throw new AppError('ADMIN_ADDRESS_INVALID', 'The postcode or state does not fit the order’s country.');
    }
    // The same correction again (a double click): already done and already logged.
    if (next.changed.length === 0) return null;
    await tx
      .update(orders)
      .set({ shippingAddress: next.address, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return { changed: next.changed };
  });
}

/** An internal note on the order (never shown to the customer). */
export function addNote(deps: ActionDeps, orderId: string, note: string) {
  return act(deps, orderId, 'note', note, async () => ({}));
}

/**
 * Gives back part or all of what was paid, through the payment adapter (the `refund-payment` job).
 * The refund counts as made when the provider's signed notification says so. One refund per
 * request key (a double click refunds once); never more than is left of the payment.
 */
export function refund(deps: ActionDeps, orderId: string, request: AdminRefundRequest) {
  return act(deps, orderId, 'refund', request.reason, async (tx, order) => {
    const [same] = await tx
      .select({ id: paymentRefunds.id, orderId: paymentRefunds.orderId })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.requestKey, request.requestKey));
    if (same) {
      if (same.orderId !== order.id) throw notAllowed('This refund request belongs to another order.');
      return null;
    }
    if (!order.paymentSessionId) throw notAllowed('This order has no payment to refund.');
    const left = await refundableAmount(tx, order);
    if (request.amount > left) {
      throw new AppError('REFUND_TOO_LARGE', `At most ${left} cents of this order can still be refunded.`);
    }
    const [created] = await tx
      .insert(paymentRefunds)
      .values({
        orderId: order.id,
        paymentSessionId: order.paymentSessionId,
        amount: request.amount,
        currency: order.currency.toLowerCase(),
        reason: 'operator',
        requestKey: request.requestKey,
        requestedBy: deps.operator.id,
      })
      .returning({ id: paymentRefunds.id });
    if (!created) throw new AppError('DB_INSERT_FAILED', 'The refund could not be recorded.');
    await enqueue(tx, 'refund-payment', { refundId: created.id }, { singletonKey: `refund:${created.id}` });
    return { amount: request.amount, currency: order.currency, refundId: created.id };
  });
}

/** Cancels an order not yet handed to the printer; the customer is told. A refund is its own action. */
export function cancel(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'cancel', reason, async (tx, order) => {
    if (!allowed(order, 0, false, undefined).cancel) {
      throw notAllowed('Only an order not yet handed to the printer can be cancelled.');
    }
    await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    if (order.paymentStatus === 'paid') {
      await enqueue(
        tx,
        'send-order-email',
        { orderId: order.id, email: 'orderCancelled' },
        { singletonKey: `order-email:${order.id}:cancelled` },
      );
    }
    return { from: order.status };
  });
}

/** Ships by hand (a printer that does not report): tracking number and link, and the e-mail. */
export function markShipped(deps: ActionDeps, orderId: string, request: AdminShipRequest) {
  return act(deps, orderId, 'mark_shipped', request.reason ?? '', async (tx, order) => {
    if (order.status !== 'printing') throw notAllowed('Only an order being printed can be marked shipped.');
    await tx
      .update(orders)
      .set({
        status: 'shipped',
        trackingNumber: request.trackingNumber,
        trackingUrl: request.trackingUrl,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await enqueue(
      tx,
      'send-order-email',
      { orderId: order.id, email: 'shipped' },
      { singletonKey: `order-email:${order.id}:shipped` },
    );
    return { trackingNumber: request.trackingNumber, trackingUrl: request.trackingUrl };
  });
}

/** Delivered by hand: the retention periods count from now (docs/product.md privacy promises). */
export function markDelivered(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'mark_delivered', reason, async (tx, order) => {
    if (order.status !== 'printing' && order.status !== 'shipped') {
      throw notAllowed('Only an order being printed or shipped can be marked delivered.');
    }
    await tx
      .update(orders)
      .set({ status: 'delivered', deliveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return { from: order.status };
  });
}

/** A book whose drawing or printing failed for good starts again where it stopped. */
export function retryBook(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'retry_book', reason, async (tx, order) => {
    const status = await bookStatusOf(tx, order);
    if (status !== 'archived' || !order.bookInstanceId) {
      throw notAllowed('Only a book whose production failed can be retried.');
    }
    await restartBook(tx, order.bookInstanceId);
    return { bookInstanceId: order.bookInstanceId };
  });
}

/**
 * The printer refused the print job: the same approved book is handed to it again as a new job
 * (print-book builds the files from the approved version and submits them; nothing is drawn).
 */
export function resubmitPrint(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'resubmit_print', reason, async (tx, order) => {
    const printer = await tx
      .select({ printJobId: printerEvents.printJobId, status: printerEvents.status })
      .from(printerEvents)
      .where(eq(printerEvents.orderId, order.id))
      .orderBy(asc(printerEvents.receivedAt));
    if (order.status !== 'printing' || !printRefused(order, printer) || !order.bookInstanceId) {
      throw notAllowed('Only a print job the printer refused can be resubmitted.');
    }
    await tx
      .update(orders)
      .set({ printJobId: null, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.printJobId, order.printJobId ?? '')));
    await restartSingleton(
      tx,
      'print-book',
      { bookInstanceId: order.bookInstanceId, orderId: order.id },
      `print-book:${order.bookInstanceId}`,
    );
    return { previousPrintJobId: order.printJobId };
  });
}

/** Sends one of the customer's e-mails again. */
export function resendEmail(deps: ActionDeps, orderId: string, request: AdminResendRequest) {
  return act(deps, orderId, 'resend_email', request.reason, async (tx, order) => {
    const sent = {
      orderPaid: order.paidAt !== null,
      sentToPrint: order.printJobId !== null,
      shipped: order.trackingNumber !== null,
    };
    if (!sent[request.email]) throw notAllowed('This e-mail does not apply to the order yet.');
    await enqueue(tx, 'send-order-email', { orderId: order.id, email: request.email });
    return { email: request.email };
  });
}

/**
 * Review before print: the operator looked at every page and approves the book for the printer;
 * the print job is queued again and now hands it over.
 */
export function approvePrint(deps: ActionDeps, orderId: string, reason: string) {
  return act(deps, orderId, 'approve_print', reason, async (tx, order) => {
    if (!allowed(order, 0, false, undefined).approvePrint || !order.bookInstanceId) {
      throw notAllowed('Only a paid book waiting for review can be approved for print.');
    }
    await tx
      .update(orders)
      .set({ printReview: 'approved', updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    if (!order.heldAt) {
      await restartSingleton(
        tx,
        'print-book',
        { bookInstanceId: order.bookInstanceId, orderId: order.id },
        `print-book:${order.bookInstanceId}`,
      );
    }
    return { held: order.heldAt !== null };
  });
}

/** Draws one story page of the book again while it waits before print; the old picture stays until chosen. */
export function redrawPage(deps: ActionDeps, orderId: string, request: AdminRedrawRequest) {
  return act(deps, orderId, 'redraw_page', request.reason, async (tx, order) => {
    const status = await bookStatusOf(tx, order);
    if (!allowed(order, 0, false, status).redrawPage || !order.bookInstanceId) {
      throw notAllowed('A page can be drawn again only while the paid book is held or waits for review.');
    }
    await operatorRequestRedraw(tx, order.bookInstanceId, request.position);
    return { position: request.position };
  });
}

/**
 * Keeps a page's new picture or the old one. The new one makes a new version, approved by the
 * operator: the order prints that version from now on (the audit line says which).
 */
export function chooseRedraw(deps: ActionDeps, orderId: string, request: AdminRedrawChoice) {
  return act(deps, orderId, 'keep_redraw', request.reason, async (tx, order) => {
    const status = await bookStatusOf(tx, order);
    if (!allowed(order, 0, false, status).redrawPage || !order.bookInstanceId) {
      throw notAllowed('A page can be changed only while the paid book is held or waits for review.');
    }
    const version = await operatorChooseRedraw(tx, order.bookInstanceId, request.position, request.picture);
    if (version) {
      await tx
        .update(orders)
        .set({ bookVersionId: version.id, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
    }
    return {
      position: request.position,
      picture: request.picture,
      ...(version ? { version: version.number } : {}),
    };
  });
}
