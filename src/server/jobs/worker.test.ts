import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLog, createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { jobs } from '../db/schema';
import { waitFor } from '../modules/production/test-factory';
import { PermanentJobError } from './errors';
import { enqueue } from './queue';
import type { JobHandler } from './types';
import { type RunningWorker, startWorker, type WorkerOptions } from './worker';

let database: TestDatabase;
let running: RunningWorker[] = [];
const log = createMemoryLog();
const payload = { bookInstanceId: crypto.randomUUID(), orderId: crypto.randomUUID() };

function worker(handler: Partial<JobHandler<'print-book'>>, options: Partial<WorkerOptions> = {}) {
  const started = startWorker({
    database,
    log,
    pollMs: 10,
    leaseMs: 300,
    backoffMs: 1,
    queues: ['print-book'],
    handlers: { 'print-book': { handle: async () => {}, ...handler } },
    ...options,
  });
  running.push(started);
  return started;
}

async function onlyJob() {
  const [row] = await database.db.select().from(jobs);
  return row!;
}

const waitForState = (state: string) =>
  waitFor(async () => ((await onlyJob())?.state === state ? onlyJob() : undefined), {
    timeoutMs: 10_000,
    what: `the job to be ${state}`,
  });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await Promise.all(running.map((w) => w.stop()));
  running = [];
  await database.db.delete(jobs);
});

describe('the worker', () => {
  it('runs a due job with its parsed payload and marks it done', async () => {
    const seen: unknown[] = [];
    worker({ handle: async (p) => void seen.push(p) });
    await enqueue(database.db, 'print-book', payload);
    expect(await waitForState('done')).toMatchObject({ attempts: 1, lockedBy: null });
    expect(seen).toEqual([payload]);
  });

  it('sends an e-mail while its only drawing loop is busy with a book (the fast lane)', async () => {
    let release = () => {};
    const drawing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const started = startWorker({
      database,
      log,
      pollMs: 10,
      leaseMs: 5_000,
      concurrency: 1,
      handlers: {
        'draw-book': { handle: () => drawing },
        'send-order-email': { handle: async (p) => void sent.push(p.orderId) },
      },
    });
    running.push(started);
    await enqueue(database.db, 'draw-book', { bookInstanceId: payload.bookInstanceId });
    await waitFor(async () => ((await onlyJob())?.state === 'active' ? true : undefined), {
      what: 'the drawing to start',
    });
    await enqueue(database.db, 'send-order-email', { orderId: payload.orderId, email: 'orderPaid' });
    await waitFor(async () => (sent.length > 0 ? true : undefined), { timeoutMs: 5_000, what: 'the e-mail' });
    expect(sent).toEqual([payload.orderId]);
    release();
  });

  it('retries a failing job with backoff and runs the final-failure step once, in its transaction', async () => {
    const finals: string[] = [];
    worker({
      handle: async () => {
        throw new Error('illustrator down');
      },
      onFinalFailure: async (tx, p, error) => {
        const [row] = await tx.select({ state: jobs.state }).from(jobs);
        finals.push(`${p.orderId === payload.orderId}:${row?.state}:${(error as Error).message}`);
      },
    });
    await enqueue(database.db, 'print-book', payload, { maxAttempts: 3 });
    const failed = await waitForState('failed');
    expect(failed).toMatchObject({ attempts: 3, lastError: 'illustrator down' });
    expect(finals).toEqual(['true:failed:illustrator down']);
  });

  it('fails a job with a malformed payload or a permanent error at once', async () => {
    const finals: string[] = [];
    worker({
      handle: async () => {
        throw new PermanentJobError('JOB_NOT_FOUND', 'no such book');
      },
      onFinalFailure: async () => void finals.push('archived'),
    });
    await enqueue(database.db, 'print-book', payload);
    expect(await waitForState('failed')).toMatchObject({
      attempts: 1,
      lastError: 'JOB_NOT_FOUND: no such book',
    });
    await database.db.delete(jobs);
    await enqueue(database.db, 'print-book', { bookInstanceId: 'not-a-uuid', orderId: 'x' });
    expect((await waitForState('failed')).attempts).toBe(1);
    // The malformed payload has no book to archive.
    expect(finals).toEqual(['archived']);
  });

  it('renews the lease of a long job, so no other worker takes it', async () => {
    let runs = 0;
    const slow: Partial<JobHandler<'print-book'>> = {
      handle: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      },
    };
    worker(slow);
    worker(slow);
    await enqueue(database.db, 'print-book', payload);
    expect(await waitForState('done')).toMatchObject({ attempts: 1 });
    expect(runs).toBe(1);
  });

  it('stops a job whose lease another worker took over, without recording anything for it', async () => {
    let aborted: unknown;
    // A lease long enough that the taken-over job is still the other worker's when the test
    // looks (with 300 ms, a loaded machine let this worker claim the expired job back first).
    const first = worker(
      {
        handle: async (_p, context) => {
          await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
          aborted = context.signal.reason;
        },
      },
      { leaseMs: 3000 },
    );
    await enqueue(database.db, 'print-book', payload);
    await waitForState('active');
    // Another worker took the job over (as after a stalled heartbeat).
    await database.db.update(jobs).set({ lockedBy: 'someone-else' });
    await waitFor(async () => aborted, { timeoutMs: 5000, what: 'the abort' });
    expect((aborted as Error).message).toContain('lease was lost');
    expect(await onlyJob()).toMatchObject({ state: 'active', lockedBy: 'someone-else' });
    await first.stop();
  });

  it('gives a running job back to the queue when stopped, its attempt not counted', async () => {
    const started: string[] = [];
    const w = worker({
      handle: async (_p, context) => {
        started.push(context.workerId);
        await new Promise<void>((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(context.signal.reason)),
        );
      },
    });
    await enqueue(database.db, 'print-book', payload);
    await waitFor(async () => (started.length > 0 ? true : undefined), { what: 'the job to start' });
    await w.stop();
    expect(await onlyJob()).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    const [due] = await database.db
      .select({ due: sql<boolean>`run_after <= now()` })
      .from(jobs)
      .where(eq(jobs.state, 'queued'));
    expect(due?.due).toBe(true);
  });
});
