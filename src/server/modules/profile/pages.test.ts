import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { ProfileBooks, ProfileOrders } from '../../../shared/contracts/profile';
import { PROFILE_PAGE_SIZE } from '../../../shared/contracts/profile';
import { encodePageCursor } from '../../../shared/domain/page-cursor';
import { queryRows } from '../../db/client';

// My Books and the Orders tab a page at a time (issue 19): keyset pages that are complete and
// disjoint, the caller's rows only whatever cursor or ids they send, bad input answered 400, and
// nothing asked of the storage while listing.

let t: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
const OWNER_BOOKS = 29;
const OTHER_BOOKS = 7;
/** Every storage call made since the counter was last cleared. */
const storageCalls: string[] = [];

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** `count` books of a user, two at each instant a microsecond apart (the id breaks the tie). */
async function seedBooks(userId: string, count: number, status: string) {
  await queryRows(
    t.database.db,
    sql`insert into book_instance (book_id, theme_id, book_type, created_by, status, wizard_metadata,
                                   progress_percentage, interior_stored_at, created_at)
        select b.id, t.id, 'storybook', ${userId}, ${status},
               jsonb_build_object('childName', 'Child ' || g, 'toyName', 'Bear'), 100,
               case when g % 2 = 0 then now() end,
               timestamptz '2026-02-01 10:00:00Z' + ((g / 2) || ' microseconds')::interval
        from generate_series(1, ${count}) as g, themes t join book b on b.id = t.book_id
        where t.id = 'guardian-friend'`,
  );
}

/** Every page of a list, following `nextCursor` until it is null. */
async function walk<T>(
  url: (cursor: string | null) => string,
  cookie: string,
  items: (body: ProfileBooks & ProfileOrders) => T[],
) {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const response = await get(url(cursor), cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    pages.push(items(body));
    cursor = body.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = { cookie: await signedInAs(t, 'paula.pages@example.com'), id: '' };
  owner.id = await userIdOf(t, 'paula.pages@example.com');
  other = { cookie: await signedInAs(t, 'oskar.pages@example.com'), id: '' };
  other.id = await userIdOf(t, 'oskar.pages@example.com');
  await seedBooks(owner.id, OWNER_BOOKS, 'fulfilled');
  await seedBooks(other.id, OTHER_BOOKS, 'rendering');
  // An order on each of the owner's books, all at the same instant (only the id orders them).
  await queryRows(
    t.database.db,
    sql`insert into orders (order_number, user_id, book_type, theme_id, status, payment_status, cover_type,
                            book_instance_id, total_amount, created_at)
        select 'BK-' || (1900000000000 + row_number() over ()), created_by, 'storybook', theme_id,
               'printing', 'paid', 'softcover', id, 4999, timestamptz '2026-02-02 10:00:00Z'
        from book_instance where created_by in (${owner.id}, ${other.id})`,
  );
  // Count what the app asks of its storage (the app holds this same object).
  for (const method of ['get', 'exists', 'list', 'put', 'delete', 'deletePrefix'] as const) {
    const original = t.storage[method].bind(t.storage) as (...args: unknown[]) => Promise<unknown>;
    (t.storage as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      storageCalls.push(method);
      return original(...args);
    };
  }
});

afterAll(async () => {
  await t.close();
});

describe('My Books, a page at a time', () => {
  it('gives every book of the caller once, newest first, in pages of the size asked', async () => {
    storageCalls.length = 0;
    const pages = await walk(
      (cursor) => `/api/profile/books?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      owner.cookie,
      (body) => body.books,
    );
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 5, 4]);
    const ids = pages.flat().map((book) => book.id);
    const expected = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from book_instance where created_by = ${owner.id} order by created_at desc, id desc`,
    );
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(new Set(ids).size).toBe(OWNER_BOOKS);
    // Paid, with the PDF offered where print-book recorded storing it: all from the database.
    expect(pages.flat().every((book) => book.stage === 'paid')).toBe(true);
    expect(pages.flat().filter((book) => book.pdfAvailable)).toHaveLength(Math.floor(OWNER_BOOKS / 2));
    expect(storageCalls).toEqual([]);
  });

  it('answers a default page, and the last page says there is no next one', async () => {
    const first = (await get('/api/profile/books', owner.cookie)).json() as ProfileBooks;
    expect(first.books).toHaveLength(PROFILE_PAGE_SIZE.default);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = (await get(`/api/profile/books?limit=${PROFILE_PAGE_SIZE.max}`, owner.cookie)).json();
    expect(all.books).toHaveLength(OWNER_BOOKS);
    expect(all.nextCursor).toBeNull();
  });

  it('shows another user none of the caller’s books, whatever cursor or ids they send', async () => {
    const mine = (await get('/api/profile/books?limit=3', owner.cookie)).json() as ProfileBooks;
    const theirs = await walk(
      (cursor) => `/api/profile/books?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      other.cookie,
      (body) => body.books,
    );
    const theirIds = theirs.flat().map((book) => book.id);
    expect(theirIds).toHaveLength(OTHER_BOOKS);
    expect(theirIds.some((id) => mine.books.some((book) => book.id === id))).toBe(false);
    // The owner's cursor in the other user's hands: still only the other user's books.
    const borrowed = (
      await get(`/api/profile/books?cursor=${mine.nextCursor}&limit=50`, other.cookie)
    ).json() as ProfileBooks;
    expect(borrowed.books.every((book) => theirIds.includes(book.id))).toBe(true);
    // The owner's ids: nothing.
    const ids = mine.books.map((book) => book.id).join(',');
    const byIds = await get(`/api/profile/books?ids=${ids}`, other.cookie);
    expect(byIds.statusCode).toBe(200);
    expect(byIds.json()).toEqual({ books: [], nextCursor: null });
    // And their gallery answers 404 to the other user.
    expect((await get(`/api/profile/books/${mine.books[0]!.id}/gallery`, other.cookie)).statusCode).toBe(404);
  });

  it('reads just the books asked for by id (the ones still being made), with no next page', async () => {
    const theirs = (await get('/api/profile/books?limit=4', other.cookie)).json() as ProfileBooks;
    const wanted = [theirs.books[3]!.id, theirs.books[1]!.id];
    storageCalls.length = 0;
    const response = await get(`/api/profile/books?ids=${wanted.join(',')}`, other.cookie);
    const body = response.json() as ProfileBooks;
    expect(body.books.map((book) => book.id)).toEqual([theirs.books[1]!.id, theirs.books[3]!.id]);
    expect(body.books.every((book) => book.stage === 'paid' && book.status === 'rendering')).toBe(true);
    expect(body.nextCursor).toBeNull();
    expect(storageCalls).toEqual([]);
    // More than a default page of them: all of them.
    const mine = (await get('/api/profile/books?limit=20', owner.cookie)).json() as ProfileBooks;
    const twenty = mine.books.map((book) => book.id);
    const all = (await get(`/api/profile/books?ids=${twenty.join(',')}`, owner.cookie)).json();
    expect(all.books.map((book: { id: string }) => book.id)).toEqual(twenty);
  });

  it.each([
    ['a cursor that is not one', 'cursor=nope!'],
    ['a cursor of another shape', `cursor=${Buffer.from('2026-01-01|x').toString('base64url')}`],
    ['a cursor too long', `cursor=${'A'.repeat(400)}`],
    ['no rows', 'limit=0'],
    ['too many rows', `limit=${PROFILE_PAGE_SIZE.max + 1}`],
    ['ids that are not ids', 'ids=1,2'],
    [
      'ids and a cursor together',
      `ids=00000000-0000-4000-8000-000000000000&cursor=${encodePageCursor({
        createdAt: '2026-01-01T00:00:00.000000Z',
        id: '00000000-0000-4000-8000-000000000000',
      })}`,
    ],
  ])('refuses %s with a 400 that says what is wrong', async (_what, query) => {
    const response = await get(`/api/profile/books?${query}`, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_INVALID_PARAM',
      message: expect.stringMatching(/^Invalid request/),
    });
  });
});

describe('the Orders tab, a page at a time', () => {
  it('gives every order of the caller once, newest first (ties by id), and none of another user’s', async () => {
    const pages = await walk(
      (cursor) => `/api/profile/orders?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      owner.cookie,
      (body) => body.orders,
    );
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 1]);
    const ids = pages.flat().map((order) => order.id);
    const expected = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from orders where user_id = ${owner.id} order by created_at desc, id desc`,
    );
    expect(ids).toEqual(expected.map((row) => row.id));
    const theirs = (await get('/api/profile/orders?limit=50', other.cookie)).json() as ProfileOrders;
    expect(theirs.orders).toHaveLength(OTHER_BOOKS);
    expect(theirs.orders.some((order) => ids.includes(order.id))).toBe(false);
    expect(theirs.nextCursor).toBeNull();
  });

  it('refuses a bad cursor with a 400', async () => {
    const response = await get('/api/profile/orders?cursor=bm9wZQ', owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
  });
});
