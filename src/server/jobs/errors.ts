import { ZodError } from 'zod';
import type { ErrorCode } from '../../shared/domain/errors';
import { PrinterError } from '../adapters/printer/index';

/**
 * A failure that retrying cannot mend (a missing book, a malformed payload, print files that fail
 * the preflight): the job fails at once instead of using up its attempts.
 */
export class PermanentJobError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PermanentJobError';
  }
}

/** A failure worth another attempt later (an illustrator that failed, a page still being drawn). */
export class RetryableJobError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetryableJobError';
  }
}

/**
 * Not a failure: the job may not run before `runAfter` (a paid book in its grace period, issue 36).
 * The worker queues it again for then, without using up an attempt.
 */
export class DeferJobError extends Error {
  constructor(readonly runAfter: Date) {
    super(`Waits until ${runAfter.toISOString()}`);
    this.name = 'DeferJobError';
  }
}

/** The job's lease was taken over by another worker, or the worker is stopping: stop quietly. */
export class JobAbortedError extends Error {
  constructor(readonly reason: 'lease-lost' | 'stopping') {
    super(reason === 'lease-lost' ? 'The job lease was lost to another worker' : 'The worker is stopping');
    this.name = 'JobAbortedError';
  }
}

/** True when retrying cannot help (adapters say so in their own error types, mapped here). */
export function isPermanent(error: unknown): boolean {
  if (error instanceof PrinterError) return !error.retryable;
  return error instanceof PermanentJobError || error instanceof ZodError;
}

/** Throws the signal's reason when the job must stop (lease lost or worker stopping). */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) {
    throw signal.reason instanceof JobAbortedError ? signal.reason : new JobAbortedError('stopping');
  }
}
