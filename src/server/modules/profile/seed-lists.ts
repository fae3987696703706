import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

// Many books and orders at once, with one INSERT … SELECT generate_series each, for the profile's
// plan tests and bench/profile.ts (issue 19). Every user of it is named `{prefix}-{n}`; user 0 is
// the one with `ownerBooks` books, the others share `otherBooks` between them.

export type SeededLists = { ownerId: string; otherIds: string[] };

export async function seedProfileLists(
  db: Db,
  options: {
    prefix?: string;
    /** An existing account to give the owner's books and orders to (else `{prefix}-0` is made). */
    ownerId?: string;
    ownerBooks: number;
    otherUsers: number;
    otherBooks: number;
    /** Orders of the owner (each on one of their fulfilled books) and of the others. */
    ownerOrders: number;
    otherOrders: number;
  },
): Promise<SeededLists> {
  const prefix = options.prefix ?? 'seeded';
  const owner = options.ownerId ?? `${prefix}-0`;
  const users = options.otherUsers + 1;
  await queryRows(
    db,
    sql`insert into "user" (id, name, email, email_verified)
        select ${prefix} || '-' || n, 'Parent ' || n, ${prefix} || '-' || n || '@example.com', true
        from generate_series(${options.ownerId ? 1 : 0}::int, ${users - 1}::int) as n`,
  );
  const [book] = await queryRows<{ id: string; theme_id: string }>(
    db,
    sql`select b.id, t.id as theme_id from book b join themes t on t.book_id = b.id order by t.sort_order limit 1`,
  );
  if (!book) throw new Error('no catalogue book to seed from');
  // Books a microsecond apart, two at each instant (the id breaks the tie), a fifth still drawing.
  const books = (owner: string, count: number) => sql`
    insert into book_instance (book_id, theme_id, book_type, created_by, status, language, wizard_metadata,
                               current_step, progress_percentage, interior_stored_at, created_at, updated_at)
    select ${book.id}::uuid, ${book.theme_id}, 'storybook', ${owner},
           case when g % 5 = 0 then 'rendering' else 'fulfilled' end,
           case when g % 3 = 0 then 'fr' else 'en' end,
           jsonb_build_object('childName', 'Child ' || g, 'toyName', 'Bear', 'childGender', 'female'),
           case when g % 5 = 0 then 'Generating images 3/14' else 'all done' end,
           case when g % 5 = 0 then 45 else 100 end,
           case when g % 5 = 0 then null else now() end,
           timestamptz '2026-01-01 00:00:00Z' + ((g / 2) || ' microseconds')::interval,
           now()
    from generate_series(1, ${count}) as g`;
  await queryRows(db, books(owner, options.ownerBooks));
  if (options.otherUsers > 0) {
    await queryRows(
      db,
      sql`insert into book_instance (book_id, theme_id, book_type, created_by, status, wizard_metadata,
                                     current_step, progress_percentage, created_at)
          select ${book.id}::uuid, ${book.theme_id}, 'storybook', ${prefix} || '-' || (1 + g % ${options.otherUsers}),
                 'fulfilled', jsonb_build_object('childName', 'Other ' || g, 'toyName', 'Fox'), 'all done', 100,
                 timestamptz '2026-01-01 00:00:00Z' + (g || ' milliseconds')::interval
          from generate_series(1, ${options.otherBooks}) as g`,
    );
  }
  const orders = (where: ReturnType<typeof sql>, count: number, base: number) => sql`
    insert into orders (order_number, user_id, book_type, theme_id, status, payment_status, cover_type,
                        book_instance_id, total_amount, created_at)
    select 'BK-' || (${base}::bigint + row_number() over ()), b.created_by, 'storybook', b.theme_id, 'printing',
           'paid', 'softcover', b.id, 4999, b.created_at + interval '1 hour'
    from (select id, created_by, theme_id, created_at from book_instance ${where} limit ${count}) as b`;
  await queryRows(
    db,
    orders(sql`where created_by = ${owner} and status = 'fulfilled'`, options.ownerOrders, 1_700_000_000_000),
  );
  if (options.otherOrders > 0) {
    await queryRows(
      db,
      orders(
        sql`where created_by <> ${owner} and created_by like ${`${prefix}-%`}`,
        options.otherOrders,
        1_800_000_000_000,
      ),
    );
  }
  await queryRows(db, sql`analyze`);
  return {
    ownerId: owner,
    otherIds: Array.from({ length: options.otherUsers }, (_, n) => `${prefix}-${n + 1}`),
  };
}
