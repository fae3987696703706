// Issue 19: every foreign key can be followed from the referenced row without reading the whole
// table (a delete of an account or an order, a join from the parent), and every retention filter
// finds its rows through an index. Checked in the catalogue and the plans, not by timing.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { claimStatement } from '../jobs/queue';
import { type Db, queryRows } from './client';

/** The plan of a statement as JSON text (node types and index names), without running it. */
async function planOf(db: Db, statement: SQL): Promise<string> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${statement}`);
  return JSON.stringify(rows);
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('indexes', () => {
  it('lead with the columns of every foreign key', async () => {
    const missing = await queryRows<{ table: string; columns: string }>(
      database.db,
      sql`select c.conrelid::regclass::text as table,
                 (select string_agg(a.attname, ',' order by k.ord)
                    from unnest(c.conkey) with ordinality k(attnum, ord)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns
          from pg_constraint c
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace
            and not exists (
              select 1 from pg_index i
              where i.indrelid = c.conrelid
                and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
                and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey
            )
          order by 1, 2`,
    );
    expect(missing).toEqual([]);
  });
});

describe('the job claim', () => {
  // Seeding 51,000 jobs takes seconds on PGlite, and far more on a busy machine.
  it('reads one entry of the due-jobs index with 50,000 due jobs, without sorting the backlog', {
    timeout: 180_000,
  }, async () => {
    const { db } = database;
    // 40,000 drawing jobs and 10,000 e-mails, all due, and 1,000 done ones.
    await queryRows(
      db,
      sql`insert into jobs (queue, payload, state, run_after)
          select case when n % 5 = 0 then 'send-order-email' else 'draw-book' end, '{}'::jsonb,
                 case when n > 50000 then 'done' else 'queued' end, now() - (n || ' seconds')::interval
          from generate_series(1, 51000) as n`,
    );
    await queryRows(db, sql`analyze jobs`);
    for (const queues of [['send-order-email', 'draw-book'], ['draw-book'], ['send-order-email']] as const) {
      const plan = await planOf(db, claimStatement({ queues, workerId: 'w', leaseMs: 1000 }));
      expect(plan, queues.join()).toContain('jobs_due_idx');
      expect(plan, queues.join()).not.toContain('"Sort"');
      expect(plan, queues.join()).not.toMatch(/"Seq Scan"[^}]*"Relation Name":"jobs"/);
    }
    // And it still takes the e-mail before the drawings, the oldest first.
    const [claimed] = await queryRows<{ queue: string }>(
      db,
      claimStatement({ queues: ['draw-book', 'send-order-email'], workerId: 'w', leaseMs: 1000 }),
    );
    expect(claimed?.queue).toBe('send-order-email');
  });
});

describe('the retention runs and owner lists', () => {
  // The planner may read a small table whole; with sequential scans off, a plan that still reads
  // the whole table means there is no index for the filter.
  it.each([
    ['delivered orders', sql`select id from orders where delivered_at is not null and delivered_at <= now()`],
    [
      'unpaid books untouched for 30 days',
      sql`select id from book_instance where status in ('draft', 'ready', 'archived') and updated_at <= now()`,
    ],
    ['an account’s orders', sql`select id from orders where user_id = 'u' order by created_at desc limit 20`],
    [
      'a customer’s books',
      sql`select id from book_instance where customer_id = '00000000-0000-4000-8000-000000000000'`,
    ],
    ['finished jobs', sql`select id from jobs where state = 'done' and updated_at <= now()`],
  ])('%s are found through an index', async (_what, statement) => {
    const plan = await database.db.transaction(async (tx) => {
      await queryRows(tx, sql`set local enable_seqscan = off`);
      return planOf(tx, statement);
    });
    expect(plan).not.toContain('Seq Scan');
  });
});
