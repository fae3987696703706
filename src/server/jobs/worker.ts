import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/client';
import { DeferJobError, isPermanent, JobAbortedError, PermanentJobError } from './errors';
import { DRAWING_QUEUES, JOB_PAYLOADS, type QueueName } from './payloads';
import {
  type ClaimedJob,
  claimJob,
  completeJob,
  deferJob,
  describeError,
  failJob,
  releaseJob,
  renewJobLease,
} from './queue';
import { scheduleRetention } from './retention';
import type { JobContext, JobHandler, JobHandlers, JobLogger } from './types';

export type WorkerOptions = {
  database: Database;
  /** What each queue's job does (src/server/services.ts `createJobHandlers`; tests give some). */
  handlers: Partial<JobHandlers>;
  log: JobLogger;
  /** Jobs run at once by this worker (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (default 1000 ms). */
  pollMs?: number;
  /** A job's (and a spread's) lease, renewed at a third of it while working (default 60 s). */
  leaseMs?: number;
  /** The first retry waits this long, then twice as long each time (default 30 s). */
  backoffMs?: number;
  workerId?: string;
  /** Only these queues (default: every queue that has a handler). */
  queues?: QueueName[];
  /** The clock of the first retention schedule (tests move it). */
  now?: () => Date;
  /** Runs once before the first claim (work a crash left, made due at once). */
  onStart?: () => Promise<unknown>;
};

export type RunningWorker = {
  readonly id: string;
  /**
   * Stops claiming, aborts the running jobs at their next safe point and gives them back to the
   * queue (their attempt not counted), then resolves.
   */
  stop(): Promise<void>;
};

/**
 * Starts a worker on the shop's job queue: `concurrency` loops that each claim a due job, run it
 * while renewing its lease, and record the outcome (done; queued again after a backoff; failed for
 * good, with the job's own consequence). A job whose worker died is claimed again once its lease
 * has run out. Any number of workers may share a PostgreSQL database; on PGlite (one process)
 * the worker runs inside the server process.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const { database, log } = options;
  const db = database.db;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const backoffMs = options.backoffMs ?? 30_000;
  const { handlers } = options;
  const queues = options.queues ?? (Object.keys(handlers) as QueueName[]);
  const missing = queues.filter((queue) => !handlers[queue]);
  if (missing.length > 0) throw new Error(`No handler for the queues ${missing.join(', ')}`);
  const stopping = new AbortController();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.queue] as unknown as JobHandler<QueueName>;
    const controller = new AbortController();
    const onStop = () => controller.abort(new JobAbortedError('stopping'));
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const context: JobContext = { job, workerId: id, signal: controller.signal, log };
    const heartbeat = setInterval(
      () => {
        renewJobLease(db, job, leaseMs).then(
          (held) => held || controller.abort(new JobAbortedError('lease-lost')),
          (error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const started = performance.now();
    let payload: unknown;
    try {
      if (job.attempts > job.maxAttempts) {
        throw new PermanentJobError(
          'JOB_INVALID_STATE',
          `Gave up after ${job.maxAttempts} attempts: the workers running it stopped answering`,
        );
      }
      payload = JOB_PAYLOADS[job.queue].parse(job.payload);
      await handler.handle(payload as never, context);
      clearInterval(heartbeat);
      if (await completeJob(db, job)) {
        log.info(
          { jobId: job.id, queue: job.queue, ms: Math.round(performance.now() - started) },
          'job done',
        );
      }
    } catch (error) {
      clearInterval(heartbeat);
      if (controller.signal.aborted || error instanceof JobAbortedError) {
        const reason =
          controller.signal.reason instanceof JobAbortedError ? controller.signal.reason.reason : 'stopping';
        if (reason === 'stopping') await releaseJob(db, job);
        log.info({ jobId: job.id, queue: job.queue, reason }, 'job interrupted');
        return;
      }
      if (error instanceof DeferJobError) {
        await deferJob(db, job, error.runAfter);
        log.info({ jobId: job.id, queue: job.queue, runAfter: error.runAfter }, 'job waits');
        return;
      }
      const outcome = await db.transaction(async (tx) => {
        const result = await failJob(tx, job, error, { backoffMs, permanent: isPermanent(error) });
        if (result === 'failed' && handler.onFinalFailure && payload !== undefined) {
          await handler.onFinalFailure(tx, payload as never, error, context);
        }
        return result;
      });
      const details = { jobId: job.id, queue: job.queue, attempt: job.attempts, error: describeError(error) };
      if (outcome === 'failed') log.error(details, 'job failed for good');
      else if (outcome === 'retry') log.warn(details, 'job failed; retrying later');
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  // The hourly retention run starts with the first worker and then queues its own successor.
  const retention = queues.includes('retention')
    ? scheduleRetention(db, (options.now ?? (() => new Date()))()).catch((error: unknown) =>
        log.warn({ err: error }, 'could not schedule the retention run'),
      )
    : Promise.resolve();
  const startTasks = options.onStart
    ? options
        .onStart()
        .catch((error: unknown) => log.warn({ err: error }, 'a start-up task of the worker failed'))
    : Promise.resolve();
  const scheduled = Promise.all([retention, startTasks]);

  async function loop(served: readonly QueueName[]): Promise<void> {
    await scheduled;
    while (!stopping.signal.aborted) {
      let job: ClaimedJob | null = null;
      try {
        job = await claimJob(db, { queues: served, workerId: id, leaseMs });
        if (job) await runJob(job);
      } catch (error) {
        // The database went away for a moment: the lease brings the job back; try again later.
        log.error({ err: error, workerId: id }, 'worker loop error');
      }
      if (!job) await sleep(pollMs);
    }
  }

  const loops = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => loop(queues));
  // The fast lane: when this worker serves drawing queues too, one more loop takes only the others
  // (e-mails, print, printer reports), so they never wait until a book's pictures are drawn.
  const fast = queues.filter((queue) => !DRAWING_QUEUES.includes(queue));
  if (fast.length > 0 && fast.length < queues.length) loops.push(loop(fast));
  log.info({ workerId: id, queues, concurrency: loops.length }, 'worker started');
  return {
    id,
    async stop() {
      stopping.abort();
      await Promise.all(loops);
      log.info({ workerId: id }, 'worker stopped');
    },
  };
}
