import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { DRAWING_QUEUE_LIST, jobs } from '../db/schema';
import { DRAWING_QUEUES, type JobPayloads, type QueueName } from './payloads';

export type { JobPayloads, OrderEmail, PrintStatusUpdate, QueueName } from './payloads';

export type EnqueueOptions = {
  singletonKey?: string;
  maxAttempts?: number;
  /** Due at this time (the caller's clock). */
  runAfter?: Date;
  /** Due this long after now, by the database's clock (what every worker compares with). */
  delayMs?: number;
};

/**
 * Adds a job, in the caller's transaction when one is given, so the job exists exactly when the
 * change that asked for it is committed. A job with the same singleton key is not added twice.
 * Answers whether a new job was added.
 */
export async function enqueue<Q extends QueueName>(
  db: Db,
  queue: Q,
  payload: JobPayloads[Q],
  options: EnqueueOptions = {},
): Promise<boolean> {
  const added = await db
    .insert(jobs)
    .values({
      queue,
      payload,
      singletonKey: options.singletonKey ?? null,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
      ...(options.delayMs !== undefined ? { runAfter: sql`now() + ${intervalMs(options.delayMs)}` } : {}),
    })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  return added.length > 0;
}

/**
 * Runs a singleton job again from scratch (a retry asked by a user): a finished or failed job with
 * that key is queued again with its attempts reset; a live one is left alone; a missing one is added.
 */
export async function restartSingleton<Q extends QueueName>(
  db: Db,
  queue: Q,
  payload: JobPayloads[Q],
  singletonKey: string,
  options: { maxAttempts?: number } = {},
): Promise<void> {
  const restarted = await db
    .update(jobs)
    .set({
      state: 'queued',
      payload,
      attempts: 0,
      runAfter: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      updatedAt: sql`now()`,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .where(and(eq(jobs.singletonKey, singletonKey), inArray(jobs.state, ['done', 'failed'])))
    .returning({ id: jobs.id });
  if (restarted.length > 0) return;
  await enqueue(db, queue, payload, { singletonKey, ...options });
}

/**
 * Marks a queued singleton job done without running it: its work was done another way (the local
 * card page told the shop itself). A worker already holding it runs it anyway, so its work must
 * be idempotent.
 */
export async function settleQueuedJob(db: Db, singletonKey: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', updatedAt: sql`now()` })
    .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.state, 'queued')));
}

/** Makes a queue's waiting jobs due at once (a start-up finds work a crash left). */
export async function makeQueueDue(db: Db, queue: QueueName): Promise<number> {
  const due = await db
    .update(jobs)
    .set({ runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.queue, queue), eq(jobs.state, 'queued'), sql`${jobs.runAfter} > now()`))
    .returning({ id: jobs.id });
  return due.length;
}

/** A job as a worker holds it. */
export type ClaimedJob = {
  id: string;
  queue: QueueName;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
};

type JobRow = {
  id: string;
  queue: QueueName;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  locked_by: string;
};

/**
 * Takes one due job of the given queues for a worker, with a lease of `leaseMs`: a queued job whose
 * time has come, or an active one whose lease ran out (its worker died or hung). `FOR UPDATE SKIP
 * LOCKED` lets any number of workers claim at once without waiting on each other or taking the same
 * job. Each claim counts as an attempt, so a job that keeps killing its worker still ends.
 * Due jobs of the other queues come before the drawing ones (DRAWING_QUEUES), whatever their age.
 * Times are the database's, so workers on several machines agree on what is due.
 */
export async function claimJob(
  db: Db,
  options: { queues: readonly QueueName[]; workerId: string; leaseMs: number },
): Promise<ClaimedJob | null> {
  if (options.queues.length === 0) return null;
  const [row] = await queryRows<JobRow>(db, claimStatement(options));
  if (!row) return null;
  return {
    id: row.id,
    queue: row.queue,
    payload: row.payload,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lockedBy: row.locked_by,
  };
}

/** The claim's one statement (exported for the test that reads its plan). */
export function claimStatement(options: { queues: readonly QueueName[]; workerId: string; leaseMs: number }) {
  const list = (queues: readonly string[]) =>
    sql.join(
      queues.map((queue) => sql`${queue}`),
      sql`, `,
    );
  const fast = options.queues.filter((queue) => !DRAWING_QUEUES.includes(queue));
  const drawing = options.queues.filter((queue) => DRAWING_QUEUES.includes(queue));
  // The drawing flag spelled as the index `jobs_due_idx` spells it, so each lane reads that index
  // from its first due entry: one entry per claim, however long the backlog (issue 19).
  const isDrawing = sql.raw(`(queue in (${DRAWING_QUEUE_LIST}))`);
  const due = (queues: readonly string[], drawingLane: boolean) =>
    sql`(select id from jobs
          where state = 'queued' and ${isDrawing} = ${sql.raw(String(drawingLane))}
            and run_after <= now() and queue in (${list(queues)})
          order by ${isDrawing}, run_after, created_at
          limit 1
          for update skip locked)`;
  // First a job whose lease ran out (its worker died), then the other queues' due jobs, then the
  // drawing ones; COALESCE stops at the first lane that has one.
  const lanes = [
    sql`(select id from jobs
          where state = 'active' and locked_until < now() and queue in (${list(options.queues)})
          order by locked_until
          limit 1
          for update skip locked)`,
    ...(fast.length > 0 ? [due(fast, false)] : []),
    ...(drawing.length > 0 ? [due(drawing, true)] : []),
  ];
  return sql`update jobs
      set state = 'active', attempts = attempts + 1, locked_by = ${options.workerId},
          locked_until = now() + ${intervalMs(options.leaseMs)}, updated_at = now()
      where id = coalesce(${sql.join(lanes, sql`, `)})
      returning id, queue, payload, attempts, max_attempts, locked_by`;
}

/** Extends a held lease; false when the job is no longer this worker's (its lease was taken over). */
export async function renewJobLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${intervalMs(leaseMs)}`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.lockedBy, job.lockedBy)))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Marks a held job done; false when it was no longer this worker's. */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ state: 'done', lockedBy: null, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.lockedBy, job.lockedBy)))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/** The wait before attempt n + 1: base x 2^(n-1), at most `maxMs`, with up to 20 % jitter. */
export function backoffDelayMs(attempts: number, baseMs: number, maxMs = 60 * 60 * 1000): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (1 + Math.random() * 0.2));
}

/**
 * Records a failed attempt of a held job: queued again after an exponential backoff, or `failed`
 * for good when it has used its attempts (or when the error says retrying cannot help).
 * Answers which, or `lost` when the job was no longer this worker's (nothing is changed then).
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: unknown,
  options: { backoffMs: number; permanent?: boolean },
): Promise<'retry' | 'failed' | 'lost'> {
  const message = describeError(error);
  const final = options.permanent === true || job.attempts >= job.maxAttempts;
  const changed = await db
    .update(jobs)
    .set({
      state: final ? 'failed' : 'queued',
      lockedBy: null,
      lockedUntil: null,
      lastError: message,
      updatedAt: sql`now()`,
      ...(final
        ? {}
        : { runAfter: sql`now() + ${intervalMs(backoffDelayMs(job.attempts, options.backoffMs))}` }),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.state, 'active'), eq(jobs.lockedBy, job.lockedBy)))
    .returning({ id: jobs.id });
  if (changed.length === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/**
 * Gives a held job back without counting the attempt (the worker is stopping): it is due at once
 * for the next worker.
 */
export function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  return requeueUncounted(db, job, sql`now()`);
}

/** Queues a held job again for a later time without counting the attempt (a `DeferJobError`). */
export function deferJob(db: Db, job: ClaimedJob, runAfter: Date): Promise<void> {
  return requeueUncounted(db, job, runAfter);
}

/** A held job queued again for `runAfter`, its attempt not counted; only by the worker holding it. */
async function requeueUncounted(db: Db, job: ClaimedJob, runAfter: Date | SQL): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      runAfter,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy), eq(jobs.state, 'active')));
}

/** An error as one line for `jobs.last_error` (no stack: it is read by people in a table). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`.slice(0, 2000);
  }
  return String(error).slice(0, 2000);
}

/** A number of milliseconds as an SQL interval. */
export function intervalMs(ms: number) {
  return sql`(${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond')`;
}
