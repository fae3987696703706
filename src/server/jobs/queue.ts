import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/** The queues of the shop and the payload each one carries. */
export type JobPayloads = {
  'produce-book': { bookInstanceId: string; orderId: string };
};
export type QueueName = keyof JobPayloads;

/**
 * Adds a job, in the caller's transaction when one is given, so the job exists exactly when the
 * change that asked for it is committed. A job with the same singleton key is not added twice.
 * Answers whether a new job was added.
 */
export async function enqueue<Q extends QueueName>(
  db: Db,
  queue: Q,
  payload: JobPayloads[Q],
  options: { singletonKey?: string; maxAttempts?: number; runAfter?: Date } = {},
): Promise<boolean> {
  const added = await db
    .insert(jobs)
    .values({
      queue,
      payload,
      singletonKey: options.singletonKey ?? null,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  return added.length > 0;
}
