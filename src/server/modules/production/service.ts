import { and, eq, sql } from 'drizzle-orm';
import { resetUnfinishedSpreads } from '../../book/spreads';
import type { Db } from '../../db/client';
import { bookInstances, orders } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { restartSingleton } from '../../jobs/queue';
import { PROGRESS } from './progress';

/** docs/spec.md section 8: what the profile says after a successful retry. */
export const RETRY_MESSAGE = 'Book generation restarted successfully';

/**
 * docs/spec.md `retry-book-generation`: an archived book of the caller goes back into production where
 * it stopped. Pages already drawn are kept; the unfinished ones start afresh with a new round of
 * attempts. Another user's book (or none) is 404; a book that is not archived cannot be retried.
 */
export async function retryBookGeneration(
  db: Db,
  userId: string,
  bookInstanceId: string,
): Promise<{ success: true; message: string }> {
  return db.transaction(async (tx) => {
    const [instance] = await tx
      .select({ id: bookInstances.id, status: bookInstances.status })
      .from(bookInstances)
      .where(and(eq(bookInstances.id, bookInstanceId), eq(bookInstances.createdBy, userId)))
      .for('update');
    if (!instance) throw notFound('Book instance');
    if (instance.status !== 'archived') {
      throw new AppError('JOB_INVALID_STATE', 'Only a book whose production failed can be retried.');
    }
    await restartBook(tx, instance.id);
    return { success: true as const, message: RETRY_MESSAGE };
  });
}

/**
 * Starts a failed book again (the parent's Retry, the operator's "retry the book"): a paid book
 * drawn before paying is printed again, nothing drawn; an unpaid one resumes its drawing where it
 * stopped. The caller has locked and checked the instance (status `archived`).
 */
export async function restartBook(tx: Db, instanceId: string): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, bookVersionId: orders.bookVersionId })
    .from(orders)
    .where(eq(orders.bookInstanceId, instanceId));
  // A paid book drawn before paying (issue 15) failed at printing: print it again, nothing drawn.
  if (order?.paymentStatus === 'paid' && order.bookVersionId) {
    await tx
      .update(bookInstances)
      .set({ status: 'ready', updatedAt: sql`now()` })
      .where(eq(bookInstances.id, instanceId));
    await restartSingleton(
      tx,
      'print-book',
      { bookInstanceId: instanceId, orderId: order.id },
      `print-book:${instanceId}`,
    );
    return;
  }
  // Not paid: its drawing failed; it resumes where it stopped. Paid before books were drawn
  // before paying (issue 15): its pages are drawn where they stopped, and the version drawn is
  // printed (draw-book queues the print).
  await tx
    .update(bookInstances)
    .set({
      status: 'rendering',
      currentStep: PROGRESS.setup.step,
      progressPercentage: PROGRESS.setup.percent,
      updatedAt: sql`now()`,
    })
    .where(eq(bookInstances.id, instanceId));
  await resetUnfinishedSpreads(tx, instanceId);
  await restartSingleton(tx, 'draw-book', { bookInstanceId: instanceId }, `draw-book:${instanceId}`);
}
