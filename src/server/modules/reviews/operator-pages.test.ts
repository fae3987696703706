import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/build-test-app';
import { queryPlan } from '../../../../test/query-plan';
import { queryRows } from '../../db/client';
import { seedProfileLists } from '../profile/seed-lists';
import { operatorReviewPageQuery, reviewsForOperators } from './service';

// The console's review lists a keyset page at a time (issue 19): pages complete and disjoint, each
// list its own, and a page read from its list's partial index on 20,000 reviews without a sort.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProfileLists(database.db, {
    prefix: 'reviewer',
    ownerBooks: 20_000,
    otherUsers: 0,
    otherBooks: 0,
    ownerOrders: 20_000,
    otherOrders: 0,
  });
  // One review per order, two at each instant (the id breaks the tie); one in ten shown already.
  await queryRows(
    database.db,
    sql`insert into reviews (user_id, order_id, rating, text, approved_at, created_at)
        select o.user_id, o.id, 1 + (n % 5), 'Review ' || n,
               case when n % 10 = 0 then now() end,
               timestamptz '2026-03-01 00:00:00Z' + ((n / 2) || ' microseconds')::interval
        from (select id, user_id, row_number() over (order by id) as n from orders) as o`,
  );
  await queryRows(database.db, sql`analyze reviews`);
}, 300_000);

afterAll(async () => {
  await database?.close();
});

/** The plan PostgreSQL would run for a drizzle query, as JSON text. */
const planOf = (query: { toSQL(): { sql: string; params: unknown[] } }) => queryPlan(database, query.toSQL());

describe('the console’s reviews on 20,000 reviews', () => {
  it('pages through the shown ones completely, newest first, each once, and never a waiting one', async () => {
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const list = await reviewsForOperators(database.db, 'shown', cursor, 500);
      for (const review of list.reviews) {
        expect(review.approvedAt).not.toBeNull();
        seen.push(review.id);
        times.push(review.createdAt);
      }
      if (!list.nextCursor) break;
      cursor = list.nextCursor;
    }
    const [shown] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reviews where approved_at is not null`,
    );
    expect(shown!.n).toBeGreaterThan(1_000);
    expect(seen).toHaveLength(shown!.n);
    expect(new Set(seen).size).toBe(shown!.n);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps the waiting ones apart, 20 to a page, and a cursor of one list reads on in that list', async () => {
    const first = await reviewsForOperators(database.db, 'waiting');
    expect(first.reviews).toHaveLength(20);
    expect(first.reviews.every((review) => review.approvedAt === null)).toBe(true);
    const second = await reviewsForOperators(database.db, 'waiting', first.nextCursor!);
    expect(second.reviews).toHaveLength(20);
    const ids = new Set(first.reviews.map((review) => review.id));
    expect(second.reviews.some((review) => ids.has(review.id))).toBe(false);
    expect(second.reviews[0]!.createdAt <= first.reviews.at(-1)!.createdAt).toBe(true);
  });

  it.each([
    ['waiting', 'reviews_waiting_page_idx'],
    ['shown', 'reviews_shown_page_idx'],
  ] as const)(
    'reads a %s page from its partial index, without a sort or a whole-table read',
    async (list, index) => {
      const first = await reviewsForOperators(database.db, list);
      for (const cursor of [undefined, first.nextCursor!]) {
        const plan = await planOf(operatorReviewPageQuery(database.db, list, cursor, 20));
        expect(plan).toContain(index);
        expect(plan, plan).not.toMatch(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"reviews"/);
        expect(plan, plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
      }
    },
  );
});
