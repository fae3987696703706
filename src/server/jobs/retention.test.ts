import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createMemoryLog, type TestApp } from '../../../test/build-test-app';
import { draftBookOf, userIdOf } from '../../../test/checkout-factory';
import { signedInAs } from '../../../test/signed-in';
import { createOutboxMailer, readOutbox } from '../adapters/mail/outbox';
import {
  bookInstances,
  bookVersions,
  characters,
  failedSignIns,
  generatedImages,
  jobs,
  orders,
} from '../db/schema';
import { applyPrintStatus } from '../modules/production/print-status';
import { waitFor } from '../modules/production/test-factory';
import { fulfilledBookOf, wizardUploadOf } from '../modules/profile/test-factory';
import { createServices } from '../services';
import { instanceKeys, wizardKeys } from '../storage-keys';
import { nextRetentionTime, type RetentionCounts, retentionPeriod, runRetention } from './retention';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let user: { id: string; cookie: string };
const log = createMemoryLog();
// Every test's data is dated from this moment; the runs' clocks are moved forward from it.
const start = new Date();
const at = (ms: number) => new Date(start.getTime() + ms);
const run = (now: Date) => runRetention({ db: t.database.db, storage: t.storage, log, now: () => now });
const NOTHING: RetentionCounts = {
  originalPhotoBooks: 0,
  originalPhotoFiles: 0,
  derivedImageBooks: 0,
  derivedImageFiles: 0,
  temporaryUploadSessions: 0,
  temporaryUploadFiles: 0,
  abandonedDrafts: 0,
  abandonedDraftFiles: 0,
  failedSignIns: 0,
  doneJobs: 0,
  outboxMessages: 0,
  leftoverTemporaryFiles: 0,
};

// A shop of its own for each test: a run moves the clock weeks or months ahead and counts whatever
// is due in the whole shop, so another test's books, sign-ins or jobs would change its figures
// (and the tests would pass or fail with their order: issue 29).
beforeEach(async () => {
  t = await buildTestApp();
  const email = 'retention.parent@example.com';
  const cookie = await signedInAs(t, email);
  user = { id: await userIdOf(t, email), cookie };
});

afterEach(async () => {
  await t.close();
});

/** A fulfilled book whose order was delivered at `deliveredAt`. */
async function deliveredBook(deliveredAt: Date) {
  const book = await fulfilledBookOf(t, user);
  await t.database.db
    .update(orders)
    .set({ status: 'delivered', deliveredAt })
    .where(eq(orders.id, book.orderId));
  return book;
}

const files = (id: string) => t.storage.list('instances', `${id}/`);

describe('retention', () => {
  it('records when an order was delivered', async () => {
    const book = await fulfilledBookOf(t, user);
    await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, book.orderId));
    await applyPrintStatus(t.database.db, { orderId: book.orderId, update: { status: 'delivered' } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, book.orderId));
    expect(order?.status).toBe('delivered');
    expect(order?.deliveredAt).toBeInstanceOf(Date);
  });

  it('deletes the original photos 3 weeks after delivery, not before, once', async () => {
    const book = await deliveredBook(start);
    const id = book.bookInstanceId;
    expect(await run(at(21 * DAY - HOUR))).toEqual(NOTHING);
    expect(await files(id)).toContain(instanceKeys(id).childPhoto);

    expect(await run(at(21 * DAY + HOUR))).toEqual({
      ...NOTHING,
      originalPhotoBooks: 1,
      originalPhotoFiles: 2,
    });
    const left = await files(id);
    expect(left.filter((key) => key.startsWith(instanceKeys(id).inputFolder))).toEqual([]);
    expect(left).toContain(instanceKeys(id).page(1, 'png'));
    expect(left).toContain(instanceKeys(id).interior);
    const [character] = await t.database.db
      .select()
      .from(characters)
      .where(eq(characters.id, book.characterId));
    expect(character).toMatchObject({ name: 'Emma', photoPath: null });
    expect(log.entries.at(-1)).toMatchObject({ msg: 'retention run', obj: { originalPhotoFiles: 2 } });

    expect(await run(at(21 * DAY + 2 * HOUR))).toEqual(NOTHING);
  });

  it('deletes covers, pages and print files 6 months after delivery, not before, once', async () => {
    // Never cleaned yet: its photos are due too (3 weeks), then its pictures at 6 months.
    const deliveredAt = at(-200 * DAY);
    const book = await deliveredBook(deliveredAt);
    const id = book.bookInstanceId;
    const sixMonths = new Date(deliveredAt);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    const before = await run(new Date(sixMonths.getTime() - HOUR));
    expect(before).toMatchObject({ derivedImageBooks: 0, originalPhotoBooks: 1, originalPhotoFiles: 2 });
    expect(await files(id)).toContain(instanceKeys(id).interior);

    const after = await run(new Date(sixMonths.getTime() + HOUR));
    expect(after).toMatchObject({ derivedImageBooks: 1, originalPhotoBooks: 0 });
    expect(after.derivedImageFiles).toBeGreaterThanOrEqual(6);
    expect(await files(id)).toEqual([]);
    expect(
      await t.database.db.select().from(generatedImages).where(eq(generatedImages.bookInstanceId, id)),
    ).toEqual([]);
    const books = await t.app.inject({
      method: 'GET',
      url: '/api/profile/books',
      headers: { cookie: user.cookie },
    });
    expect(books.json().books.find((b: { id: string }) => b.id === id)).toMatchObject({
      imageCount: 0,
      pdfAvailable: false,
    });

    expect(await run(new Date(sixMonths.getTime() + 2 * HOUR))).toMatchObject({
      derivedImageBooks: 0,
      derivedImageFiles: 0,
    });
  });

  it('deletes wizard uploads 24 hours after their wizard was last used, and uploads nobody owns', async () => {
    const { key } = await wizardUploadOf(t, user.id, start);
    const orphan = wizardKeys('wizard_1_orphan').image(crypto.randomUUID(), 'jpg');
    await t.storage.put('wizard-temp', orphan, Buffer.from('left behind'));
    const early = await run(at(23 * HOUR));
    expect(early).toMatchObject({ temporaryUploadSessions: 1, temporaryUploadFiles: 1 });
    expect(await t.storage.exists('wizard-temp', orphan)).toBe(false);
    expect(await t.storage.exists('wizard-temp', key)).toBe(true);

    expect(await run(at(24 * HOUR + 60_000))).toMatchObject({
      temporaryUploadSessions: 1,
      temporaryUploadFiles: 1,
    });
    expect(await t.storage.exists('wizard-temp', key)).toBe(false);
    expect(await run(at(25 * HOUR))).toMatchObject({ temporaryUploadSessions: 0, temporaryUploadFiles: 0 });
  });

  it('marks books left unpaid for 30 days abandoned, not before, and never a paid one', async () => {
    // Drawn and approved before paying (issue 15), then left unpaid.
    const draft = await draftBookOf(t, user.id);
    const paidDraft = await draftBookOf(t, user.id);
    await t.database.db
      .update(bookInstances)
      .set({ updatedAt: start })
      .where(eq(bookInstances.createdBy, user.id));
    // An order that was paid (whatever the book's status says) keeps its book.
    const other = await fulfilledBookOf(t, user);
    await t.database.db.update(orders).set({ bookInstanceId: paidDraft }).where(eq(orders.id, other.orderId));
    const status = async (id: string) =>
      (
        await t.database.db
          .select({ status: bookInstances.status })
          .from(bookInstances)
          .where(eq(bookInstances.id, id))
      )[0]?.status;

    expect((await run(at(30 * DAY - HOUR))).abandonedDrafts).toBe(0);
    expect(await status(draft)).toBe('ready');
    await t.storage.put('instances', instanceKeys(draft).childPhoto, Buffer.from('photo'));
    await t.storage.put('instances', instanceKeys(paidDraft).childPhoto, Buffer.from('photo'));
    expect(await run(at(30 * DAY + HOUR))).toMatchObject({ abandonedDrafts: 1, abandonedDraftFiles: 1 });
    expect(await status(draft)).toBe('abandoned');
    // Its versions go with its pictures; the paid book keeps its own.
    expect(
      await t.database.db.select().from(bookVersions).where(eq(bookVersions.bookInstanceId, draft)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(bookVersions).where(eq(bookVersions.bookInstanceId, paidDraft)),
    ).toHaveLength(1);
    // Dropped, as the privacy page promises; the paid one keeps its photo.
    expect(await t.storage.exists('instances', instanceKeys(draft).childPhoto)).toBe(false);
    expect(await t.storage.exists('instances', instanceKeys(paidDraft).childPhoto)).toBe(true);
    expect(await status(paidDraft)).toBe('ready');
    expect((await run(at(30 * DAY + 2 * HOUR))).abandonedDrafts).toBe(0);
  });

  it('keeps failed sign-ins a day and a demo shop’s outbox 30 days', async () => {
    const outboxDir = path.join(t.dataDir, 'outbox');
    await createOutboxMailer(outboxDir, 'Cuddle Tales <hello@example.com>').send({
      to: 'ana@example.com',
      subject: 'Confirm your e-mail',
      text: 'Open the link.',
      html: '<p>Open the link.</p>',
    });
    await t.database.db.insert(failedSignIns).values([
      { email: 'old.try@example.com', createdAt: at(-25 * HOUR) },
      { email: 'new.try@example.com', createdAt: at(-HOUR) },
    ]);
    const withOutbox = (now: Date) =>
      runRetention({ db: t.database.db, storage: t.storage, log, now: () => now, outboxDir });
    const remaining = async () =>
      (await t.database.db.select({ email: failedSignIns.email }).from(failedSignIns)).map(
        (row) => row.email,
      );

    expect(await withOutbox(start)).toEqual({ ...NOTHING, failedSignIns: 1 });
    expect(await remaining()).toEqual(['new.try@example.com']);
    expect(await withOutbox(at(29 * DAY))).toEqual({ ...NOTHING, failedSignIns: 1 });
    expect(await readOutbox(outboxDir)).toHaveLength(1);
    expect(await withOutbox(at(31 * DAY))).toEqual({ ...NOTHING, outboxMessages: 1 });
    expect(await readOutbox(outboxDir)).toEqual([]);
    // The .eml went with its JSON copy.
    expect(await fs.readdir(outboxDir)).toEqual([]);
  });

  // Issue 34, finding 7: a half-written print file of a crashed process stayed for good.
  it('removes the temporary files a crashed writer left, in the run and at start', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const leftover = async () => {
      const folder = path.join(t.dataDir, 'storage', 'instances', 'crashed-book', 'print');
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, `interior.pdf.${deadPid}-${crypto.randomUUID()}.tmp`);
      await fs.writeFile(file, Buffer.alloc(4096));
      return file;
    };
    const exists = (file: string) =>
      fs.stat(file).then(
        () => true,
        () => false,
      );
    const inRun = await leftover();
    expect(await run(at(0))).toEqual({ ...NOTHING, leftoverTemporaryFiles: 1 });
    expect(await exists(inRun)).toBe(false);
    const atStart = await leftover();
    await createServices(t.config, { database: t.database, mailer: t.mailer });
    expect(await exists(atStart)).toBe(false);
  });

  it('purges finished jobs after 30 days, but keeps those whose once-only key still guards something', async () => {
    const old = at(-31 * DAY);
    await t.database.db.insert(jobs).values([
      { queue: 'send-order-email', state: 'done', updatedAt: old, payload: {} },
      {
        queue: 'retention',
        state: 'done',
        singletonKey: 'retention:2000-01-01T00',
        updatedAt: old,
        payload: {},
      },
      {
        queue: 'send-order-email',
        state: 'done',
        singletonKey: 'order-email:x:shipped',
        updatedAt: old,
        payload: {},
      },
      { queue: 'send-order-email', state: 'failed', updatedAt: old, payload: {} },
      { queue: 'send-order-email', state: 'done', updatedAt: at(-29 * DAY), payload: {} },
    ]);
    expect(await run(start)).toEqual({ ...NOTHING, doneJobs: 2 });
    const left = await t.database.db
      .select({ state: jobs.state, key: jobs.singletonKey })
      .from(jobs)
      .where(inArray(jobs.queue, ['send-order-email', 'retention']));
    expect(left).toEqual(
      expect.arrayContaining([
        { state: 'done', key: 'order-email:x:shipped' },
        { state: 'failed', key: null },
        { state: 'done', key: null },
      ]),
    );
    expect(left.some((job) => job.key === 'retention:2000-01-01T00')).toBe(false);
  });

  it('runs as an hourly job that queues its successor', async () => {
    t.startWorker({ queues: ['retention'] });
    const now = new Date();
    const done = await waitFor(
      async () => {
        const [job] = await t.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.queue, 'retention'), eq(jobs.state, 'done')));
        return job;
      },
      { timeoutMs: 10_000, what: 'a retention run' },
    );
    expect(done.singletonKey).toMatch(/^retention:\d{4}-\d\d-\d\dT\d\d$/);
    const next = nextRetentionTime(now);
    const [queued] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `retention:${retentionPeriod(next)}`));
    expect(queued).toMatchObject({ state: 'queued', queue: 'retention' });
    expect(queued!.runAfter.getTime()).toBe(next.getTime());
    expect(t.jobLog.entries.some((entry) => entry.msg === 'retention run')).toBe(true);
  });
});
