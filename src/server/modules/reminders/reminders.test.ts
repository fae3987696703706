// Issue 18: one "your book is waiting" e-mail for a book approved a day ago and not paid, only for a
// parent who asked for it, with a one-click opt-out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createMemoryMailer, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import { bookInstances, bookVersions, jobs, orders, users } from '../../db/schema';
import { agreeToReminders, queueBookReminders, sendBookReminder } from './service';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function parent(email: string) {
  const cookie = await signedInAs(t, email);
  return { cookie, id: await userIdOf(t, email) };
}

/** The book's approval moved back in time, as if it were made `hours` ago. */
async function approvedHoursAgo(bookInstanceId: string, hours: number, now: Date) {
  const [instance] = await t.database.db
    .select({ version: bookInstances.approvedVersionId })
    .from(bookInstances)
    .where(eq(bookInstances.id, bookInstanceId));
  await t.database.db
    .update(bookVersions)
    .set({ approvedAt: new Date(now.getTime() - hours * HOUR) })
    .where(eq(bookVersions.id, instance!.version!));
}

const queuedFor = async (bookInstanceId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.singletonKey, `book-reminder:${bookInstanceId}`));

describe('the unpaid book reminder', () => {
  it('is asked for on approving the book, and the account then has an opt-out token', async () => {
    const mia = await parent('reminder.ask@example.com');
    const id = await draftBookOf(t, mia.id);
    const [version] = await t.database.db
      .select({ number: bookVersions.number })
      .from(bookVersions)
      .where(eq(bookVersions.bookInstanceId, id));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/books/${id}/approve`,
      headers: { cookie: mia.cookie, 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: JSON.stringify({ version: version!.number, remindMe: true }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, mia.id));
    expect(user?.bookReminders).toBe(true);
    expect(user?.remindersToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('queues one e-mail a day after the approval, only where the parent agreed and the book is unpaid', async () => {
    const now = new Date();
    const agreed = await parent('reminder.agreed@example.com');
    await agreeToReminders(t.database.db, agreed.id);
    const silent = await parent('reminder.silent@example.com');
    const dayOld = await draftBookOf(t, agreed.id);
    const fresh = await draftBookOf(t, agreed.id);
    const paid = await draftBookOf(t, agreed.id);
    const notAsked = await draftBookOf(t, silent.id);
    await approvedHoursAgo(dayOld, 25, now);
    await approvedHoursAgo(fresh, 23, now);
    await approvedHoursAgo(paid, 30, now);
    await approvedHoursAgo(notAsked, 30, now);
    const order = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/checkout/${paid}/order`,
        headers: { cookie: agreed.cookie, 'content-type': 'application/json', origin: t.config.publicUrl },
        payload: JSON.stringify(WORKED_EXAMPLE),
      })
    ).json();
    await t.database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));

    await queueBookReminders(t.database.db, now);
    expect(await queuedFor(dayOld)).toHaveLength(1);
    for (const id of [fresh, paid, notAsked]) expect(await queuedFor(id), id).toHaveLength(0);
    // Never a second one: half an hour later nothing more is due.
    expect(await queueBookReminders(t.database.db, new Date(now.getTime() + HOUR / 2))).toBe(0);
    // Two hours later the book approved 23 hours ago has its day too.
    await queueBookReminders(t.database.db, new Date(now.getTime() + 2 * HOUR));
    expect(await queuedFor(fresh)).toHaveLength(1);
  });

  it('writes in the parent’s language with the book’s link and a one-click opt-out that works', async () => {
    const leo = await parent('reminder.fr@example.com');
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, leo.id));
    await agreeToReminders(t.database.db, leo.id);
    const id = await draftBookOf(t, leo.id);
    const mailer = createMemoryMailer();
    const deps = { db: t.database.db, mailer, publicUrl: 'https://shop.example' };
    await sendBookReminder(deps, { bookInstanceId: id });
    const [mail] = mailer.sent;
    expect(mail?.to).toBe('reminder.fr@example.com');
    expect(mail?.subject).toMatch(/^Votre livre «\s.+\s» vous attend$/);
    expect(mail?.text).toContain(`Voir mon livre\u00a0: https://shop.example/book/${id}`);
    const stop = /https:\/\/shop\.example(\/api\/reminders\/stop\?token=[A-Za-z0-9_-]+)/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(stop).toBeDefined();
    expect(mail?.html).toContain(stop!.replace('&', '&amp;'));

    const page = await t.app.inject({ method: 'GET', url: stop! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Plus de rappels');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, leo.id));
    expect(user?.bookReminders).toBe(false);
    // Opening the link again says the same; a reminder queued before is no longer sent.
    expect((await t.app.inject({ method: 'GET', url: stop! })).statusCode).toBe(200);
    await sendBookReminder(deps, { bookInstanceId: id });
    expect(mailer.sent).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reminders/stop?token=nosuchtokenatallhere' }))
        .statusCode,
    ).toBe(404);
  });
});
