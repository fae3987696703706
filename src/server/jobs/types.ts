import type { Db } from '../db/client';
import type { JobPayloads, QueueName } from './payloads';
import type { ClaimedJob } from './queue';

/** The part of pino the jobs use (the server's logger fits; tests pass a silent one). */
export type JobLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** What a running job gets besides its payload. */
export type JobContext = {
  job: ClaimedJob;
  workerId: string;
  /** Aborted when the lease was taken over or the worker stops: stop at the next safe point. */
  signal: AbortSignal;
  log: JobLogger;
};

/**
 * What to do with a job of one queue (docs/style.md: typed jobs). Its payload was parsed with the
 * queue's schema (jobs/payloads.ts) first; handlers are registered at the composition root
 * (src/server/services.ts), so the queue and the worker import no module.
 */
export type JobHandler<Q extends QueueName> = {
  handle(payload: JobPayloads[Q], context: JobContext): Promise<void>;
  /**
   * Runs once when the job has failed for good, in the transaction that marks it failed, so the
   * failure and its consequence (an archived book) are recorded together.
   */
  onFinalFailure?(tx: Db, payload: JobPayloads[Q], error: unknown, context: JobContext): Promise<void>;
};

export type JobHandlers = { [Q in QueueName]: JobHandler<Q> };
