import type { z } from 'zod';
import type { Db } from '../db/client';
import type { ClaimedJob, JobPayloads, QueueName } from './queue';

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

/** A typed job: its queue, the schema of its payload, and what to do with it (STYLE.md). */
export type JobDefinition<Q extends QueueName> = {
  queue: Q;
  payload: z.ZodType<JobPayloads[Q]>;
  handle(payload: JobPayloads[Q], context: JobContext): Promise<void>;
  /**
   * Runs once when the job has failed for good, in the transaction that marks it failed, so the
   * failure and its consequence (an archived book) are recorded together.
   */
  onFinalFailure?(tx: Db, payload: JobPayloads[Q], error: unknown, context: JobContext): Promise<void>;
};

export type JobDefinitions = { [Q in QueueName]: JobDefinition<Q> };
