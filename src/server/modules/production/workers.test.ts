import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { createFakeIllustrator } from '../../../../test/fake-illustrator';
import { signedInAs } from '../../../../test/signed-in';
import type { Illustrator } from '../../adapters/illustrator/index';
import { queryRows } from '../../db/client';
import { jobs } from '../../db/schema';
import { draftBookOf, waitFor, waitForBook } from './test-factory';

/** An illustrator that takes a little time per page and notes which book (by hero cover) and page it drew. */
function recordingIllustrator(drawn: string[]): Illustrator {
  const base = createFakeIllustrator();
  return {
    ...base,
    async illustratePage(request, options) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      const book = createHash('sha1').update(request.heroCover).digest('hex').slice(0, 10);
      drawn.push(`${book}/${request.pageNumber}`);
      return base.illustratePage(request, options);
    },
  };
}

// Two workers sharing one database need PostgreSQL: PGlite is a single connection in a single
// process, so there the row locks and SKIP LOCKED that keep workers apart are never contended and
// the test would prove nothing.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'pg')('two workers on one PostgreSQL database', () => {
  let t: TestApp;
  let user: { id: string; cookie: string };

  beforeAll(async () => {
    t = await buildTestApp();
    user = { cookie: await signedInAs(t, 'two.workers@example.com'), id: '' };
    user.id = await userIdOf(t, 'two.workers@example.com');
  });

  afterAll(async () => {
    await t.close();
  });

  it('never illustrate the same spread, even when both work on one book at once', async () => {
    const colours = ['#7fb4e6', '#e6b47f', '#b47fe6'];
    const books = [];
    for (const [index, coverColour] of colours.entries()) {
      books.push(
        await draftBookOf(t, user, { coverColour, bookType: index === 2 ? 'coloring' : 'storybook' }),
      );
    }
    // A second drawing job for the first book, as when a live worker's lease was taken over:
    // both workers then run the same book and share its spreads through the per-spread leases.
    const [first] = books;
    await t.database.db.execute(
      sql`insert into jobs (queue, payload) values ('draw-book', ${JSON.stringify({
        bookInstanceId: first!.bookInstanceId,
      })}::jsonb)`,
    );
    // Both jobs of the first book come first, so that the two workers take one each.
    await t.database.db
      .update(jobs)
      .set({ runAfter: sql`now() - interval '1 minute'` })
      .where(sql`${jobs.payload}->>'bookInstanceId' = ${first!.bookInstanceId}`);

    const drawnByA: string[] = [];
    const drawnByB: string[] = [];
    t.startWorker({ workerId: 'worker-a', illustrator: recordingIllustrator(drawnByA), concurrency: 1 });
    t.startWorker({ workerId: 'worker-b', illustrator: recordingIllustrator(drawnByB), concurrency: 1 });

    for (const book of books) {
      expect((await waitForBook(t, book.bookInstanceId, ['ready', 'archived'], 120_000)).status).toBe(
        'ready',
      );
    }
    const all = [...drawnByA, ...drawnByB];
    // The pages of the three books (the covers are the wizard's approved ones, not drawn here).
    expect(all).toHaveLength(30 + 30 + 20);
    expect(new Set(all).size).toBe(all.length);
    const firstBook = createHash('sha1').update(first!.heroCover).digest('hex').slice(0, 10);
    expect(drawnByA.filter((page) => page.startsWith(firstBook)).length).toBeGreaterThan(0);
    expect(drawnByB.filter((page) => page.startsWith(firstBook)).length).toBeGreaterThan(0);

    // The second run of the first book waited for the first to finish it, then found it done.
    await waitFor(
      async () => {
        const states = await queryRows<{ state: string }>(
          t.database.db,
          sql`select state from jobs where payload->>'bookInstanceId' = ${first!.bookInstanceId}`,
        );
        return states.length === 2 && states.every((row) => row.state === 'done') ? true : undefined;
      },
      { what: 'both jobs of the first book to be done' },
    );

    const counts = await queryRows<{
      book_instance_id: string;
      spreads: number;
      images: number;
      distinct_spreads: number;
    }>(
      t.database.db,
      sql`select s.book_instance_id, count(*)::int as spreads, count(g.id)::int as images,
                 count(distinct g.spread_id)::int as distinct_spreads
          from spreads s left join generated_image g on g.spread_id = s.id
          group by s.book_instance_id`,
    );
    expect(counts).toHaveLength(3);
    for (const row of counts) {
      expect(row.images).toBe(row.spreads);
      expect(row.distinct_spreads).toBe(row.spreads);
    }
  }, 180_000);
});
