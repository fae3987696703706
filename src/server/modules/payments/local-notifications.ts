import { and, eq } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/index';
import type { Db } from '../../db/client';
import { paymentSessions } from '../../db/schema';
import type { JobPayloads } from '../../jobs/queue';
import { enqueue, makeQueueDue, settleQueuedJob } from '../../jobs/queue';
import { applyEvent, type PaymentsDeps } from './service';

// The local card page's payments are made as safe as Stripe's (issue 34, finding 6): the page's
// outcome and its notification to the shop are one transaction, and the notification is delivered
// until the shop has it, like Stripe's retried webhooks. The shop applies each event id once.

const QUEUE = 'local-payment-notification';

/** Stripe retries for three days; with the worker's doubling backoff (at most an hour) 80 attempts last as long. */
const DELIVERY_ATTEMPTS = 80;

/**
 * The page tells the shop itself at once; the recorded job waits this long before a worker
 * delivers it, so it normally finds the page's own delivery done. A crash leaves it for the next
 * start, which makes it due at once.
 */
const PAGE_DELIVERY_GRACE_MS = 15_000;

const keyOf = (sessionId: string) => `local-payment:${sessionId}`;

/**
 * Closes an open card page with its outcome and records its notification for the shop, in one
 * transaction: the one conditional update lets one post of the form win however many arrive at
 * once. False when the page was no longer open.
 */
export async function recordLocalPayment(
  db: Db,
  session: { id: string; orderId: string },
  status: 'complete' | 'failed',
  event: PaymentEvent,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(paymentSessions)
      .set({ status })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id });
    if (!claimed) return false;
    await enqueue(
      tx,
      QUEUE,
      { orderId: session.orderId, sessionId: session.id, event: JSON.stringify(event) },
      { singletonKey: keyOf(session.id), maxAttempts: DELIVERY_ATTEMPTS, delayMs: PAGE_DELIVERY_GRACE_MS },
    );
    return true;
  });
}

/** The page told the shop itself: its recorded notification has nothing left to do. */
export function markLocalPaymentDelivered(db: Db, sessionId: string): Promise<void> {
  return settleQueuedJob(db, keyOf(sessionId));
}

/** At a worker's start: notifications a crash left undelivered are due at once. */
export function dueLocalPaymentsNow(db: Db): Promise<number> {
  return makeQueueDue(db, QUEUE);
}

/**
 * The job: the recorded notification goes through the webhook's own code (`applyEvent`, which
 * applies an event id once). A failure throws, and the job is tried again later.
 */
export async function deliverLocalPayment(
  deps: PaymentsDeps,
  payload: JobPayloads['local-payment-notification'],
): Promise<void> {
  const outcome = await applyEvent(deps, JSON.parse(payload.event) as PaymentEvent);
  deps.log.info({ sessionId: payload.sessionId, outcome }, 'local payment delivered by the worker');
}
