import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { queryRows } from '../db/client';
import { jobs } from '../db/schema';
import {
  backoffDelayMs,
  claimJob,
  completeJob,
  enqueue,
  failJob,
  releaseJob,
  renewJobLease,
  restartSingleton,
} from './queue';

let database: TestDatabase;
const payload = { bookInstanceId: crypto.randomUUID(), orderId: crypto.randomUUID() };
const claim = (workerId: string, leaseMs = 60_000) =>
  claimJob(database.db, { queues: ['print-book'], workerId, leaseMs });

async function jobRow(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
});

describe('the job queue', () => {
  it('adds a singleton job once, and a claimed job is not claimed again while its lease runs', async () => {
    expect(await enqueue(database.db, 'print-book', payload, { singletonKey: 'k1' })).toBe(true);
    expect(await enqueue(database.db, 'print-book', payload, { singletonKey: 'k1' })).toBe(false);
    const job = await claim('worker-a');
    expect(job).toMatchObject({
      queue: 'print-book',
      payload,
      attempts: 1,
      maxAttempts: 5,
      lockedBy: 'worker-a',
    });
    expect(await claim('worker-b')).toBeNull();
    expect(await renewJobLease(database.db, job!, 60_000)).toBe(true);
    expect(await completeJob(database.db, job!)).toBe(true);
    expect(await jobRow(job!.id)).toMatchObject({ state: 'done', lockedBy: null, lockedUntil: null });
    expect(await claim('worker-b')).toBeNull();
  });

  it('claims e-mails and printing before drawing, whatever their age', async () => {
    await enqueue(database.db, 'draw-book', { bookInstanceId: payload.bookInstanceId }, { delayMs: 0 });
    await database.db.update(jobs).set({ runAfter: sql`now() - interval '1 hour'` });
    await enqueue(database.db, 'send-order-email', { orderId: payload.orderId, email: 'orderPaid' });
    await enqueue(database.db, 'print-book', payload);
    const queues = ['draw-book', 'send-order-email', 'print-book'] as const;
    const order = [];
    for (let n = 0; n < 3; n++) {
      order.push((await claimJob(database.db, { queues, workerId: 'w', leaseMs: 60_000 }))?.queue);
    }
    expect(order).toEqual(['send-order-email', 'print-book', 'draw-book']);
  });

  it('does not claim a job before its time, nor a queue the worker does not serve', async () => {
    await enqueue(database.db, 'print-book', payload, { delayMs: 60_000 });
    await enqueue(database.db, 'send-order-email', { orderId: payload.orderId, email: 'orderPaid' });
    expect(await claim('worker-a')).toBeNull();
    expect(await claimJob(database.db, { queues: [], workerId: 'w', leaseMs: 1000 })).toBeNull();
  });

  it('claims again a job whose worker died (lease expired), and the dead worker can no longer touch it', async () => {
    await enqueue(database.db, 'print-book', payload);
    const lost = await claim('dead-worker', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const taken = await claim('live-worker');
    expect(taken).toMatchObject({ id: lost!.id, attempts: 2, lockedBy: 'live-worker' });
    expect(await renewJobLease(database.db, lost!, 60_000)).toBe(false);
    expect(await completeJob(database.db, lost!)).toBe(false);
    expect(await failJob(database.db, lost!, new Error('late'), { backoffMs: 0 })).toBe('lost');
    expect(await jobRow(taken!.id)).toMatchObject({ state: 'active', lockedBy: 'live-worker' });
  });

  it('retries a failed job after an exponential backoff, then fails it for good after max attempts', async () => {
    await enqueue(database.db, 'print-book', payload, { maxAttempts: 3 });
    let job = await claim('w');
    expect(await failJob(database.db, job!, new Error('first'), { backoffMs: 60_000 })).toBe('retry');
    const waiting = await jobRow(job!.id);
    expect(waiting).toMatchObject({ state: 'queued', lastError: 'first', lockedBy: null });
    const [row] = await queryRows<{ delay: number }>(
      database.db,
      sql`select extract(epoch from run_after - now()) as delay from jobs`,
    );
    expect(Number(row?.delay)).toBeGreaterThan(50);
    expect(await claim('w')).toBeNull();

    await database.db.update(jobs).set({ runAfter: sql`now()` });
    job = await claim('w');
    expect(job?.attempts).toBe(2);
    expect(await failJob(database.db, job!, new Error('second'), { backoffMs: 0 })).toBe('retry');
    job = await claim('w');
    expect(job?.attempts).toBe(3);
    expect(await failJob(database.db, job!, new Error('third'), { backoffMs: 0 })).toBe('failed');
    expect(await jobRow(job!.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'third' });
    expect(await claim('w')).toBeNull();
  });

  it('fails a job at once when retrying cannot help', async () => {
    await enqueue(database.db, 'print-book', payload);
    const job = await claim('w');
    expect(
      await failJob(database.db, job!, new Error('bad payload'), { backoffMs: 0, permanent: true }),
    ).toBe('failed');
  });

  it('gives a job back without counting the attempt when its worker stops', async () => {
    await enqueue(database.db, 'print-book', payload);
    const job = await claim('stopping');
    await releaseJob(database.db, job!);
    expect(await jobRow(job!.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect((await claim('next'))?.attempts).toBe(1);
  });

  it('restarts a finished singleton with fresh attempts, and leaves a live one alone', async () => {
    await enqueue(database.db, 'print-book', payload, { singletonKey: 'book-1' });
    const job = await claim('w');
    await failJob(database.db, job!, new Error('down'), { backoffMs: 0, permanent: true });
    await restartSingleton(database.db, 'print-book', payload, 'book-1');
    expect(await jobRow(job!.id)).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    const again = await claim('w');
    await restartSingleton(database.db, 'print-book', payload, 'book-1');
    expect(await jobRow(again!.id)).toMatchObject({ state: 'active', attempts: 1 });
    await restartSingleton(database.db, 'print-book', payload, 'book-2');
    expect(await database.db.select().from(jobs).where(eq(jobs.singletonKey, 'book-2'))).toHaveLength(1);
  });

  it('backs off exponentially with a cap', () => {
    expect(backoffDelayMs(1, 1000)).toBeGreaterThanOrEqual(1000);
    expect(backoffDelayMs(1, 1000)).toBeLessThanOrEqual(1200);
    expect(backoffDelayMs(4, 1000)).toBeGreaterThanOrEqual(8000);
    expect(backoffDelayMs(30, 1000, 60_000)).toBeLessThanOrEqual(72_000);
  });

  // PGlite is one connection: claims there are serialised by construction. On PostgreSQL the
  // claims run on separate connections at the same moment, which is what SKIP LOCKED is for.
  it.skipIf(process.env.TEST_DB_DRIVER !== 'pg')(
    'hands each job to one worker when many claim at once (PostgreSQL)',
    async () => {
      for (let i = 0; i < 40; i++) await enqueue(database.db, 'print-book', payload);
      const claimed = await Promise.all(Array.from({ length: 60 }, (_, i) => claim(`w${i}`)));
      const ids = claimed.filter((job) => job !== null).map((job) => job.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    },
  );
});
