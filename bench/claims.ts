// The job claim with a backlog (issue 19): the time of one claim when the queue is idle (the
// reference), then with 50,000 due jobs, on PGlite and, when PostgreSQL answers, on a fresh
// PostgreSQL database. Claims and their completion alternate with the idle reference; medians.
// Prints one JSON line.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/server/db/client';
import { claimJob, completeJob } from '../src/server/jobs/queue';
import { throwawayPostgres } from './postgres';

const BACKLOG = Number(process.env.BENCH_CLAIM_BACKLOG ?? 50_000);
const SAMPLES = 200;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUEUES = ['draw-book', 'redraw-page', 'send-order-email', 'print-book'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(3));
};

async function timeClaims(idle: Database, busy: Database) {
  const idleMs: number[] = [];
  const busyMs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    for (const [database, into] of [
      [idle, idleMs],
      [busy, busyMs],
    ] as const) {
      const start = performance.now();
      const job = await claimJob(database.db, { queues: QUEUES, workerId: 'bench', leaseMs: 60_000 });
      into.push(performance.now() - start);
      if (job) await completeJob(database.db, job);
    }
  }
  return { idleClaimMs: median(idleMs), claimWithBacklogMs: median(busyMs) };
}

async function open(driver: 'pglite' | 'postgres', cleanups: (() => Promise<void>)[]): Promise<Database> {
  if (driver === 'pglite') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-claims-'));
    const database = await openDatabase({ dataDir });
    cleanups.push(async () => {
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    return database;
  }
  const { database, drop } = await throwawayPostgres(PG_URL, 'shop_bench_claims');
  cleanups.push(drop);
  return database;
}

async function run(driver: 'pglite' | 'postgres') {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const idle = await open(driver, cleanups);
    const busy = await open(driver, cleanups);
    await migrateDatabase(idle);
    await migrateDatabase(busy);
    // Four drawing jobs for one of the others, all due, oldest first.
    await queryRows(
      busy.db,
      sql`insert into jobs (queue, payload, run_after)
          select case when n % 5 = 0 then 'send-order-email' else 'draw-book' end, '{}'::jsonb,
                 now() - (n || ' seconds')::interval
          from generate_series(1, ${BACKLOG}) as n`,
    );
    await queryRows(busy.db, sql`analyze jobs`);
    return { backlog: BACKLOG, ...(await timeClaims(idle, busy)) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

const result: Record<string, unknown> = { pglite: await run('pglite') };
try {
  result.postgres = await run('postgres');
} catch (error) {
  result.postgres = { skipped: (error as Error).message };
}
console.log(JSON.stringify(result));
