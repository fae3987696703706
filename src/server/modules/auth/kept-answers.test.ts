import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, orderedBookOf, userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import type { ProfileBooks } from '../../../shared/contracts/profile';
import {
  accountChanges,
  bookInstances,
  books,
  bookVersions,
  generatedImages,
  orderCopies,
  orders,
  paymentRefunds,
  reviews,
  users,
} from '../../db/schema';
import { keptAnswers } from './kept-answers';
import { accountKey } from './revocations';

// Issue 37 (docs/decisions/031): a parent's profile and My Books' first page are kept in the API
// process's memory and given again until a trigger records that what they show has changed.

let t: TestApp;
/** A second API process on the same database, keeping its answers as the shop does (250 ms). */
let second: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
let ownerBook: string;
let otherBook: string;

const books_ = async (app: TestApp, cookie: string) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/profile/books', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<ProfileBooks>().books;
};
const progressOf = async (app: TestApp, cookie: string, id: string) =>
  (await books_(app, cookie)).find((book) => book.id === id)?.progressPercentage;

/**
 * Waits until the changes written so far are older than the clock difference the list allows (2 s):
 * an answer read before that is read again at each request, however it was kept.
 */
const pastRecordedChanges = () => new Promise((resolve) => setTimeout(resolve, 2100));

/** Changes a row behind the triggers' back (as no code of the shop does): what memory still shows. */
const withoutTriggers = (app: TestApp, statement: ReturnType<typeof sql>) =>
  app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

const changeOf = async (key: string) =>
  (
    await t.database.db
      .select({ at: accountChanges.changedAt })
      .from(accountChanges)
      .where(eq(accountChanges.accountKey, key))
  )[0]?.at.getTime() ?? 0;

beforeAll(async () => {
  // One secret for both processes, as the shop's processes share AUTH_SECRET.
  const env = { AUTH_SECRET: 'kept-answers-test-secret-of-forty-characters' };
  t = await buildTestApp({ env });
  second = await buildTestApp({ env, database: t.database, keptAnswersStaleMs: 250 });
  owner = { id: '', cookie: await signedInAs(t, 'kept.owner@example.com') };
  owner.id = await userIdOf(t, 'kept.owner@example.com');
  other = { id: '', cookie: await signedInAs(t, 'kept.other@example.com') };
  other.id = await userIdOf(t, 'kept.other@example.com');
  ownerBook = await draftBookOf(t, owner.id);
  otherBook = await draftBookOf(t, other.id);
}, 120_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('kept answers', () => {
  it('gives My Books again from memory, each parent only their own, until a change is recorded', async () => {
    await pastRecordedChanges();
    expect(await progressOf(t, owner.cookie, ownerBook)).toBe(0);
    expect(await progressOf(t, other.cookie, otherBook)).toBe(0);
    // Behind the triggers' back: the kept answer is given, so the change does not show.
    await withoutTriggers(t, sql`update book_instance set progress_percentage = 40 where id = ${ownerBook}`);
    expect(await progressOf(t, owner.cookie, ownerBook)).toBe(0);
    // Each parent's kept answer is their own: neither sees the other's book.
    expect((await books_(t, owner.cookie)).map((book) => book.id)).toEqual([ownerBook]);
    expect((await books_(t, other.cookie)).map((book) => book.id)).toEqual([otherBook]);
    // A change the triggers see (a worker's progress, say) is read at the next request.
    await t.database.db
      .update(bookInstances)
      .set({ progressPercentage: 55 })
      .where(eq(bookInstances.id, ownerBook));
    expect(await progressOf(t, owner.cookie, ownerBook)).toBe(55);
    // The other parent's answer is still the one kept (nothing of theirs changed).
    expect(await progressOf(t, other.cookie, otherBook)).toBe(0);
    await withoutTriggers(t, sql`update book_instance set progress_percentage = 7 where id = ${otherBook}`);
    expect(await progressOf(t, other.cookie, otherBook)).toBe(0);
    await t.database.db
      .update(bookInstances)
      .set({ progressPercentage: 8 })
      .where(eq(bookInstances.id, otherBook));
    expect(await progressOf(t, other.cookie, otherBook)).toBe(8);
  });

  it("gives an order's page again from memory until anything it shows changes; another parent gets 404", async () => {
    const { order } = await orderedBookOf(t, owner.id, owner.cookie);
    const page = async (cookie = owner.cookie) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}`,
        headers: { cookie },
      });
      return { status: response.statusCode, order: response.json<Order>() };
    };
    await pastRecordedChanges();
    expect((await page()).order.trackingNumber).toBeNull();
    expect((await page(other.cookie)).status).toBe(404);
    await withoutTriggers(t, sql`update orders set tracking_number = 'BEHIND' where id = ${order.id}`);
    expect((await page()).order.trackingNumber).toBeNull();
    expect((await page(other.cookie)).status).toBe(404);
    // A refund recorded (the provider's notification), a review, the printer's tracking number.
    await t.database.db.insert(paymentRefunds).values({
      orderId: order.id,
      paymentSessionId: 'cs_kept',
      amount: 500,
      currency: 'chf',
      reason: 'operator',
      status: 'refunded',
    });
    expect((await page()).order).toMatchObject({ refundedAmount: 500, trackingNumber: 'BEHIND' });
    await pastRecordedChanges();
    await t.database.db
      .insert(reviews)
      .values({ userId: owner.id, orderId: order.id, rating: 4, text: 'Lovely' });
    expect((await page()).order.review).toMatchObject({
      rating: 4,
      text: 'Lovely',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await pastRecordedChanges();
    await t.database.db.update(orders).set({ trackingNumber: 'TRACK-1' }).where(eq(orders.id, order.id));
    expect((await page()).order.trackingNumber).toBe('TRACK-1');
  });

  it('sees another process’s change within the list’s 250 ms, and its own change at once', async () => {
    await pastRecordedChanges();
    expect(await progressOf(second, owner.cookie, ownerBook)).toBe(55);
    // Written by another process (this test's own connection): seen once the list is read again.
    await t.database.db
      .update(bookInstances)
      .set({ progressPercentage: 80 })
      .where(eq(bookInstances.id, ownerBook));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await progressOf(second, owner.cookie, ownerBook)).toBe(80);
    await pastRecordedChanges();

    const profileName = async () =>
      (
        await second.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: owner.cookie } })
      ).json<{
        name: string;
      }>().name;
    expect(await profileName()).toBe('kept.owner');
    await withoutTriggers(t, sql`update "user" set name = 'Behind' where id = ${owner.id}`);
    expect(await profileName()).toBe('kept.owner');
    // The parent's own rename through this process: its next read shows it, without waiting.
    const rename = await second.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: second.config.publicUrl, 'content-type': 'application/json', cookie: owner.cookie },
      payload: JSON.stringify({ name: 'Kept Owner' }),
    });
    expect(rename.statusCode).toBe(200);
    expect(await profileName()).toBe('Kept Owner');
    // The same through the account routes (better-auth's), whose caller the shop's hooks do not set.
    await pastRecordedChanges();
    expect(await profileName()).toBe('Kept Owner');
    const renamed = await second.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: second.config.publicUrl, 'content-type': 'application/json', cookie: owner.cookie },
      payload: JSON.stringify({ name: 'Kept Parent' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect(await profileName()).toBe('Kept Parent');
  });

  it('records a change for the account whose answers it alters, at commit, and for every account on a title', async () => {
    const ownerKey = accountKey(owner.id);
    const changed = async (write: () => Promise<unknown>, key = ownerKey) => {
      const before = await changeOf(key);
      await write();
      return (await changeOf(key)) > before;
    };
    expect(
      await changed(() => t.database.db.update(users).set({ name: 'Z' }).where(eq(users.id, owner.id))),
    ).toBe(true);
    // Signing in touches the account's row, not what the profile shows: no change.
    expect(
      await changed(() =>
        t.database.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, owner.id)),
      ),
    ).toBe(false);
    // An order sets the book's customer and `updated_at`, which My Books does not show: no change.
    expect(
      await changed(() =>
        t.database.db
          .update(bookInstances)
          .set({ updatedAt: new Date() })
          .where(eq(bookInstances.id, ownerBook)),
      ),
    ).toBe(false);
    expect(
      await changed(() =>
        t.database.db
          .update(bookInstances)
          .set({ progressPercentage: 33 })
          .where(eq(bookInstances.id, ownerBook)),
      ),
    ).toBe(true);
    // A shown column set to what it was records nothing; the wizard's answers changed do.
    expect(
      await changed(() =>
        t.database.db
          .update(bookInstances)
          .set({ progressPercentage: 33 })
          .where(eq(bookInstances.id, ownerBook)),
      ),
    ).toBe(false);
    expect(
      await changed(() =>
        t.database.db
          .update(bookInstances)
          .set({ wizardMetadata: sql`${bookInstances.wizardMetadata} || '{"keptAnswersTest":1}'::jsonb` })
          .where(eq(bookInstances.id, ownerBook)),
      ),
    ).toBe(true);
    expect(
      await changed(() =>
        t.database.db
          .update(bookVersions)
          .set({ approvedAt: new Date() })
          .where(eq(bookVersions.bookInstanceId, ownerBook)),
      ),
    ).toBe(true);
    expect(
      await changed(() =>
        t.database.db.insert(generatedImages).values({ bookInstanceId: ownerBook, storagePath: 'p.png' }),
      ),
    ).toBe(true);
    // An order that is not paid shows nowhere in My Books; its payment does.
    const [themed] = await t.database.db
      .select({ themeId: bookInstances.themeId, bookType: bookInstances.bookType })
      .from(bookInstances)
      .where(eq(bookInstances.id, ownerBook));
    const orderId = crypto.randomUUID();
    expect(
      await changed(() =>
        t.database.db.insert(orders).values({
          id: orderId,
          userId: owner.id,
          orderNumber: `BK-${Date.now()}`,
          bookType: themed?.bookType ?? 'storybook',
          themeId: themed?.themeId ?? '',
          bookInstanceId: ownerBook,
          coverType: 'softcover',
        }),
      ),
    ).toBe(false);
    expect(
      await changed(() =>
        t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId)),
      ),
    ).toBe(true);
    // A gift copy is written with its order (not recorded, as the order's lines); its printing is.
    let copyId = '';
    expect(
      await changed(async () => {
        const [row] = await t.database.db
          .insert(orderCopies)
          .values({ orderId, position: 1 })
          .returning({ id: orderCopies.id });
        copyId = row!.id;
      }),
    ).toBe(false);
    expect(
      await changed(() =>
        t.database.db.update(orderCopies).set({ status: 'printing' }).where(eq(orderCopies.id, copyId)),
      ),
    ).toBe(true);
    // Written at commit: a transaction still open has recorded nothing another process can read.
    let inside = 0;
    const before = await changeOf(ownerKey);
    await t.database.db.transaction(async (tx) => {
      await tx.update(bookInstances).set({ progressPercentage: 90 }).where(eq(bookInstances.id, ownerBook));
      const [row] = await tx
        .select({ at: accountChanges.changedAt })
        .from(accountChanges)
        .where(eq(accountChanges.accountKey, ownerKey));
      inside = row?.at.getTime() ?? 0;
    });
    expect(inside).toBe(before);
    expect(await changeOf(ownerKey)).toBeGreaterThan(before);
    // No row names an account: only its key.
    const keys = (await t.database.db.select({ key: accountChanges.accountKey }).from(accountChanges)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain(owner.id);
    // A catalogue book's title is on every parent's cards.
    expect(
      await changed(() => t.database.db.update(books).set({ title: sql`${books.title} || ' '` }), '*'),
    ).toBe(true);
  });
});

describe('keptAnswers', () => {
  it('reads again after a change, after its longest keep, and lets the least recently read account go when full', async () => {
    await pastRecordedChanges();
    let now = 0;
    const answers = keptAnswers(t.database.db, {
      maxStaleMs: 1000,
      maxAgeMs: 60_000,
      maxAccounts: 2,
      clock: () => now,
    });
    let reads = 0;
    const read = async () => ++reads;
    expect(await answers.get('a', 'x', read)).toBe(1);
    expect(await answers.get('a', 'x', read)).toBe(1);
    expect(await answers.get('b', 'x', read)).toBe(2);
    expect(await answers.get('a', 'x', read)).toBe(1);
    // A third account: b, read least recently, goes; a stays.
    expect(await answers.get('c', 'x', read)).toBe(3);
    expect(await answers.get('a', 'x', read)).toBe(1);
    expect(await answers.get('b', 'x', read)).toBe(4);
    expect(answers.size).toBe(2);
    // A change recorded for `a` is read when the list is next read (here: after its 1 s).
    await t.database.db.execute(
      sql`insert into account_changes (account_key, changed_at) values (${accountKey('a')}, clock_timestamp())
        on conflict (account_key) do update set changed_at = excluded.changed_at`,
    );
    expect(await answers.get('a', 'x', read)).toBe(1);
    now += 1001;
    expect(await answers.get('a', 'x', read)).toBe(5);
  });
});
