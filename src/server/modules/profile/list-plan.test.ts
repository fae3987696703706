import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/build-test-app';
import { queryPlan } from '../../../../test/query-plan';
import { queryRows } from '../../db/client';
import { bookPageStatement, orderPageQuery } from './repo';
import { type SeededLists, seedProfileLists } from './seed-lists';
import { listBooks, listOrders } from './service';

// My Books and the Orders tab on 50,000 books (issue 19): a page is read from the owner's
// (owner, created_at, id) index, newest first, without sorting and without reading the table whole.
let database: TestDatabase;
let seeded: SeededLists;

beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedProfileLists(database.db, {
    ownerBooks: 10_000,
    otherUsers: 400,
    otherBooks: 40_000,
    ownerOrders: 5_000,
    otherOrders: 20_000,
  });
}, 300_000);

afterAll(async () => {
  await database?.close();
});

/** The plan PostgreSQL would run for a drizzle query, as JSON text. */
const planOf = (query: { toSQL(): { sql: string; params: unknown[] } }) => queryPlan(database, query.toSQL());

const seqScans = (plan: string) =>
  [...plan.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)].map((match) => match[1]);

describe('the profile lists on 50,000 books and 25,000 orders', () => {
  it('read a page of books from the owner’s index, first page and after a cursor, without a sort', async () => {
    for (const userId of [seeded.ownerId, seeded.otherIds[0]!]) {
      const first = await listBooks({ db: database.db }, userId, { limit: 12 });
      expect(first.nextCursor).not.toBeNull();
      for (const cursor of [undefined, first.nextCursor!]) {
        const plan = await planOf(bookPageStatement(database.db, userId, { limit: 12, cursor }));
        expect(plan).toContain('book_instance_owner_idx');
        expect(seqScans(plan), plan).not.toContain('book_instance');
        expect(plan, plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
      }
    }
  });

  it('read a page of orders from the owner’s index, first page and after a cursor, without a sort', async () => {
    for (const userId of [seeded.ownerId, seeded.otherIds[0]!]) {
      const first = await listOrders(database.db, userId, { limit: 12 });
      for (const cursor of [undefined, first.nextCursor ?? undefined]) {
        const plan = await planOf(orderPageQuery(database.db, userId, { limit: 12, cursor }));
        // The owner's index, or the newest-first one when the owner has a fifth of all orders, as
        // here: either reads the page in order, without a sort.
        expect(plan).toMatch(/"Index Name":"orders_(user|created)_idx"/);
        expect(seqScans(plan), plan).not.toContain('orders');
        expect(plan, plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
      }
    }
  });

  it('would see a plan that sorts or reads the whole table (the checks above can fail)', async () => {
    const plan = await planOf({
      toSQL: () => ({
        sql: 'select id from book_instance where progress_percentage = 45 order by updated_at desc limit 12',
        params: [],
      }),
    });
    expect(seqScans(plan)).toContain('book_instance');
    expect(plan).toMatch(/"Node Type":"(Incremental )?Sort"/);
  });

  it('pages through the owner’s books: a page at a time, each once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const result = await listBooks({ db: database.db }, seeded.ownerId, { limit: 50, cursor });
      expect(result.books).toHaveLength(50);
      seen.push(...result.books.map((book) => book.id));
      cursor = result.nextCursor!;
    }
    const expected = await queryRows<{ id: string }>(
      database.db,
      sql`select id from book_instance where created_by = ${seeded.ownerId}
          order by created_at desc, id desc limit 250`,
    );
    expect(seen).toEqual(expected.map((row) => row.id));
  });
});
