import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { createFakeIllustrator } from '../../../../test/fake-illustrator';
import { signedInAs } from '../../../../test/signed-in';
import type { Illustrator } from '../../adapters/illustrator/index';
import { queryRows } from '../../db/client';
import { bookInstances, bookVersions, generatedImages, jobs, orders, spreads } from '../../db/schema';
import { preflight } from '../../print/index';
import { PAGE_PIXELS } from '../../print/spec';
import { extractText } from '../../print/test-pdf-text';
import { instanceKeys } from '../../storage-keys';
import { FAILURE_STEP } from './progress';
import { approveBook, draftBookOf, paidBookOf, payFor, waitFor, waitForBook } from './test-factory';

/** The printed words of a PDF, read back by the project's own reader (no poppler needed). */
async function pdfWords(pdf: Uint8Array): Promise<string> {
  return (await extractText(pdf)).join(' ').replace(/\s+/g, ' ');
}

async function storedFile(t: TestApp, key: string): Promise<Buffer> {
  const object = await t.storage.get('instances', key);
  if (!object) throw new Error(`${key} is not stored`);
  return object.data;
}

describe('book production (a worker beside the app, fake illustrator)', () => {
  let t: TestApp;
  let user: { id: string; cookie: string };
  const illustrator = createFakeIllustrator();
  // What the profile would read while each page is drawn: the book's progress at every page call.
  const progressSeen: { book: string; step: string | null; percent: number }[] = [];
  const watching: Illustrator = {
    ...illustrator,
    async illustratePage(request, options) {
      const [row] = await t.database.db
        .select({
          id: bookInstances.id,
          step: bookInstances.currentStep,
          percent: bookInstances.progressPercentage,
        })
        .from(bookInstances)
        .where(eq(bookInstances.status, 'rendering'))
        .limit(1);
      if (row) progressSeen.push({ book: row.id, step: row.step, percent: row.percent });
      return illustrator.illustratePage(request, options);
    },
  };

  beforeAll(async () => {
    // The shop's own page size (print size), which the first test checks is what each page is asked at.
    t = await buildTestApp({ illustrator: watching, worker: { concurrency: 1, pageSize: PAGE_PIXELS } });
    const cookie = await signedInAs(t, 'production.buyer@example.com');
    user = { id: await userIdOf(t, 'production.buyer@example.com'), cookie };
  });

  afterAll(async () => {
    await t.close();
  });

  it('makes a paid storybook: 30 illustrated pages, print files that pass the preflight, sent to print', async () => {
    const { bookInstanceId, orderId, heroCover, toyCover } = await paidBookOf(t, user, {
      childName: 'Emma',
      toyName: 'Barnaby',
      dedicationSignature: 'Grandma Rose',
    });
    // Drawing and print files take a while on a busy machine (both database projects at once).
    const book = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived'], 180_000);
    expect(book).toMatchObject({ status: 'fulfilled', currentStep: 'all done', progressPercentage: 100 });
    // docs/spec.md's progress texts, in order, never going back.
    const seen = progressSeen.filter((entry) => entry.book === bookInstanceId);
    expect(seen[0]).toEqual({
      book: bookInstanceId,
      step: 'Spread jobs created (30 pages queued)',
      percent: 12,
    });
    expect(seen.slice(2).every((entry) => /^Generating images \d+\/30$/.test(entry.step ?? ''))).toBe(true);
    expect(seen.map((entry) => entry.percent)).toEqual(
      [...seen.map((entry) => entry.percent)].sort((a, b) => a - b),
    );
    // The last pages are drawn side by side (two at a time): the last call sees 28 or 29 done.
    expect(seen.at(-1)?.step).toMatch(/^Generating images 2[89]\/30$/);

    // One spread per page and one picture per spread, each under its own key.
    const rows = await t.database.db
      .select({
        position: spreads.position,
        templateName: spreads.templateName,
        status: spreads.status,
        content: spreads.content,
        storagePath: generatedImages.storagePath,
      })
      .from(spreads)
      .leftJoin(generatedImages, eq(generatedImages.spreadId, spreads.id))
      .where(eq(spreads.bookInstanceId, bookInstanceId))
      .orderBy(spreads.position);
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['done']));
    expect(new Set(rows.map((row) => row.templateName))).toEqual(new Set(['story-page']));
    expect(rows.map((row) => row.storagePath)).toEqual(
      rows.map((row) => instanceKeys(bookInstanceId).page(row.position, 'png')),
    );
    for (const row of rows) expect(await t.storage.exists('instances', row.storagePath!)).toBe(true);
    const texts = rows.map((row) => (row.content as { text: string }).text).join('\n');
    expect(texts).toContain('Emma');
    expect(texts).toContain('Barnaby');
    expect(texts).not.toMatch(/[{}]/);

    // Every page drawn once, at 300 ppi for a full-bleed page, in colour, with both covers as
    // references; no other picture: the front cover is the approved hero cover's art.
    const mine = illustrator.pageRequests.filter((request) => request.heroCover.equals(heroCover));
    expect(mine).toHaveLength(30);
    const pages = mine.filter((request) => request.pageNumber <= 30);
    expect(new Set(pages.map((request) => request.pageNumber)).size).toBe(30);
    for (const request of mine) {
      expect(request).toMatchObject({ style: 'color', language: 'en' });
      expect(request.toyCover.equals(toyCover)).toBe(true);
    }
    expect(new Set(pages.map((request) => request.size))).toEqual(new Set([2625]));

    // The print files: interior and one cover per cover type of the order (hardcover + softcover copies).
    const interior = await storedFile(t, instanceKeys(bookInstanceId).interior);
    const hardcover = await storedFile(t, instanceKeys(bookInstanceId).cover);
    const softcover = await storedFile(t, instanceKeys(bookInstanceId).extraCover('softcover'));
    const summary = JSON.parse((await storedFile(t, instanceKeys(bookInstanceId).book)).toString('utf8'));
    expect(summary.pageCount).toBe(32);
    expect(summary.title).toBe('Emma and the Night Guardian');
    expect(summary.dedication).toEqual({
      message: 'For Emma, may Barnaby keep you safe every night.',
      signature: 'Grandma Rose',
    });
    expect(await preflight(interior, { kind: 'interior', coverType: 'hardcover', pageCount: 32 })).toEqual({
      ok: true,
      problems: [],
    });
    expect(await preflight(hardcover, { kind: 'cover', coverType: 'hardcover', pageCount: 32 })).toEqual({
      ok: true,
      problems: [],
    });
    expect(await preflight(softcover, { kind: 'cover', coverType: 'softcover', pageCount: 32 })).toEqual({
      ok: true,
      problems: [],
    });
    const words = await pdfWords(interior);
    expect(words).toContain('Emma and the Night Guardian');
    expect(words).toContain('For Emma, may Barnaby keep you safe every night.');
    expect(words).toContain('Grandma Rose');

    // Handed to the printer: the order is printing, the e-mails went out in the order's language.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'printing' });
    expect(order?.printJobId).toMatch(/^LP-/);
    expect(await t.storage.exists('instances', instanceKeys(bookInstanceId).printTicket)).toBe(true);
    await waitFor(
      async () => (t.mailer.sent.filter((m) => m.to === 'anna@example.com').length >= 2 ? true : undefined),
      {
        what: 'the order e-mails',
      },
    );
    const subjects = t.mailer.sent.filter((m) => m.to === 'anna@example.com').map((m) => m.subject);
    expect(subjects).toContain(`Thank you! Your order ${order!.orderNumber} is paid`);
    expect(subjects).toContain('Your book has gone to print');
    // Drawn once before paying, printed once after.
    for (const key of [`draw-book:${bookInstanceId}`, `print-book:${bookInstanceId}`]) {
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.singletonKey, key));
      expect(job).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
    }
  }, 240_000);

  it('makes a French coloring book: 20 line-art pages in French, softcover', async () => {
    const { bookInstanceId, heroCover } = await paidBookOf(t, user, {
      bookType: 'coloring',
      language: 'fr',
      coverType: 'softcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      childName: 'Hugo',
      childGender: 'male',
      toyName: 'Oscar',
      coverColour: '#9ed39b',
    });
    const book = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived']);
    expect(book.status).toBe('fulfilled');

    const [counts] = await queryRows<{ spreads: number; images: number; distinct_spreads: number }>(
      t.database.db,
      sql`select (select count(*)::int from spreads where book_instance_id = ${bookInstanceId}) as spreads,
                 count(*)::int as images, count(distinct spread_id)::int as distinct_spreads
          from generated_image where book_instance_id = ${bookInstanceId}`,
    );
    expect(counts).toEqual({ spreads: 20, images: 20, distinct_spreads: 20 });
    const [template] = await t.database.db
      .selectDistinct({ name: spreads.templateName })
      .from(spreads)
      .where(eq(spreads.bookInstanceId, bookInstanceId));
    expect(template?.name).toBe('coloring-page');
    const mine = illustrator.pageRequests.filter((request) => request.heroCover.equals(heroCover));
    const pages = mine.filter((request) => request.pageNumber <= 20);
    expect(pages).toHaveLength(20);
    expect(new Set(pages.map((request) => `${request.style}/${request.language}`))).toEqual(
      new Set(['line/fr']),
    );
    // No page beyond the story: the front cover is the approved hero cover's art.
    expect(mine).toHaveLength(20);

    const summary = JSON.parse((await storedFile(t, instanceKeys(bookInstanceId).book)).toString('utf8'));
    // 22 pages (title, dedication, 20 pictures) padded to a softcover's minimum of 32.
    expect(summary).toMatchObject({ language: 'fr', bookType: 'coloring', pageCount: 32 });
    expect(summary.title).toBe('Hugo et le Gardien de la nuit');
    expect(summary.pages[0].text).toBe('C’est l’heure du dodo, Hugo\u00a0!');
    expect(summary.dedication.message).toContain('Oscar');
    expect(summary.dedication.message).toContain('Hugo');

    const interior = await storedFile(t, instanceKeys(bookInstanceId).interior);
    const cover = await storedFile(t, instanceKeys(bookInstanceId).cover);
    expect((await preflight(interior, { kind: 'interior', pageCount: 32 })).problems).toEqual([]);
    expect(
      (await preflight(cover, { kind: 'cover', coverType: 'softcover', pageCount: 32 })).problems,
    ).toEqual([]);
    expect(await t.storage.exists('instances', instanceKeys(bookInstanceId).extraCover('hardcover'))).toBe(
      false,
    );
    expect(await pdfWords(interior)).toContain('Hugo et le Gardien de la nuit');
  }, 120_000);
});

/** A fake illustrator that fails on demand, counting the pages it drew per book (by hero cover). */
function flakyIllustrator(failWhen: (state: { calls: number; drawn: number }) => boolean) {
  const base = createFakeIllustrator();
  const state = { calls: 0, drawn: 0, healed: false };
  const drawn: number[] = [];
  return {
    state,
    drawn,
    illustrator: {
      ...base,
      async illustratePage(...args: Parameters<typeof base.illustratePage>) {
        state.calls += 1;
        if (!state.healed && failWhen(state)) {
          return { ok: false as const, code: 'AI_GENERATION_FAILED' as const, message: 'The model is down.' };
        }
        const result = await base.illustratePage(...args);
        state.drawn += 1;
        drawn.push(args[0].pageNumber);
        return result;
      },
    },
  };
}

describe('a failing illustrator', () => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let stranger: string;
  // Draws the first 10 pages, then fails every call until healed.
  const flaky = flakyIllustrator((state) => state.drawn >= 10);

  beforeAll(async () => {
    t = await buildTestApp({ illustrator: flaky.illustrator, worker: { pageConcurrency: 2, backoffMs: 5 } });
    owner = {
      cookie: await signedInAs(t, 'flaky.owner@example.com'),
      id: await userIdOf(t, 'flaky.owner@example.com'),
    };
    stranger = await signedInAs(t, 'flaky.stranger@example.com');
  });

  afterAll(async () => {
    await t.close();
  });

  it('archives the book after the retries; retry (owner only) finishes it without redrawing finished pages', async () => {
    // Drawn before paying (issue 15): the drawing fails before anything is paid.
    const { bookInstanceId } = await draftBookOf(t, owner);
    const archived = await waitForBook(t, bookInstanceId, ['archived', 'ready']);
    expect(archived).toMatchObject({ status: 'archived', currentStep: FAILURE_STEP });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `draw-book:${bookInstanceId}`));
    expect(job).toMatchObject({ state: 'failed', attempts: 5 });
    expect(job?.lastError).toContain('AI_GENERATION_FAILED');
    const done = await t.database.db
      .select({ position: spreads.position })
      .from(spreads)
      .where(and(eq(spreads.bookInstanceId, bookInstanceId), eq(spreads.status, 'done')));
    expect(done.length).toBeGreaterThanOrEqual(10);
    expect([...flaky.drawn].sort((a, b) => a - b)).toEqual(
      done.map((row) => row.position).sort((a, b) => a - b),
    );

    // Only the owner may retry; for anyone else the book does not exist.
    const url = `/api/book-instances/${bookInstanceId}/retry`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'POST', url, headers: { cookie: stranger } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/book-instances/${crypto.randomUUID()}/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(unknown.statusCode).toBe(404);

    flaky.state.healed = true;
    const retry = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ success: true, message: 'Book generation restarted successfully' });
    const ready = await waitForBook(t, bookInstanceId, ['ready', 'archived']);
    expect(ready.status).toBe('ready');
    // Approved and paid, it prints without drawing anything again.
    await approveBook(t, owner, bookInstanceId);
    await payFor(t, owner, bookInstanceId);
    const fulfilled = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived']);
    expect(fulfilled.status).toBe('fulfilled');

    // Each page drawn exactly once over both runs (the first 10 were not redone).
    expect(flaky.drawn).toHaveLength(30);
    expect(new Set(flaky.drawn).size).toBe(30);
    const [images] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from generated_image where book_instance_id = ${bookInstanceId}`,
    );
    expect(images?.count).toBe(30);

    // A book that is not archived cannot be retried.
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('JOB_INVALID_STATE');
  }, 120_000);
});

describe('a book paid before books were drawn before paying (issue 15)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('is drawn where it stopped on retry, and the version drawn is the one printed', async () => {
    const owner = {
      cookie: await signedInAs(t, 'legacy.owner@example.com'),
      id: await userIdOf(t, 'legacy.owner@example.com'),
    };
    const { bookInstanceId, orderId } = await paidBookOf(t, owner, { draw: false });
    // As such a book was left: paid, no version, its production failed for good.
    const db = t.database.db;
    await db.delete(jobs).where(eq(jobs.singletonKey, `print-book:${bookInstanceId}`));
    await db.update(orders).set({ bookVersionId: null }).where(eq(orders.id, orderId));
    await db
      .update(bookInstances)
      .set({ status: 'archived', currentVersionId: null, approvedVersionId: null })
      .where(eq(bookInstances.id, bookInstanceId));
    await db.delete(bookVersions).where(eq(bookVersions.bookInstanceId, bookInstanceId));

    const worker = t.startWorker();
    try {
      const url = `/api/book-instances/${bookInstanceId}/retry`;
      const retry = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
      expect(retry.statusCode).toBe(200);
      const book = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived'], 120_000);
      expect(book.status).toBe('fulfilled');
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const [version] = await db
        .select()
        .from(bookVersions)
        .where(eq(bookVersions.bookInstanceId, bookInstanceId));
      expect(order?.bookVersionId).toBe(version?.id);
      expect(order?.printJobId).toBeTruthy();
      const summary = JSON.parse((await storedFile(t, instanceKeys(bookInstanceId).book)).toString('utf8'));
      expect(summary.version).toEqual({ number: 1, contentHash: version?.contentHash });
    } finally {
      await worker.stop();
    }
  }, 150_000);
});

describe('an illustrator that fails a few times', () => {
  let t: TestApp;
  const flaky = flakyIllustrator((state) => state.calls <= 3);

  beforeAll(async () => {
    t = await buildTestApp({ illustrator: flaky.illustrator, worker: { pageConcurrency: 1, backoffMs: 5 } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('is retried with backoff and the book is finished without the user doing anything', async () => {
    const user = { cookie: await signedInAs(t, 'retry.buyer@example.com'), id: '' };
    user.id = await userIdOf(t, 'retry.buyer@example.com');
    const { bookInstanceId } = await paidBookOf(t, user, { bookType: 'coloring' });
    const book = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived']);
    expect(book.status).toBe('fulfilled');
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `draw-book:${bookInstanceId}`));
    expect(job).toMatchObject({ state: 'done', attempts: 4 });
    expect(flaky.drawn).toHaveLength(20);
    expect(t.jobLog.entries.filter((entry) => entry.msg === 'job failed; retrying later')).toHaveLength(3);
  }, 60_000);
});

describe('the local printer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ worker: true, printer: { shipAfterSeconds: 0.2, deliverAfterSeconds: 0.2 } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('moves the order printing -> shipped (tracking number and link, e-mail) -> delivered on its schedule', async () => {
    const user = { cookie: await signedInAs(t, 'printer.buyer@example.com'), id: '' };
    user.id = await userIdOf(t, 'printer.buyer@example.com');
    const { bookInstanceId, orderId } = await paidBookOf(t, user, {
      bookType: 'coloring',
      language: 'fr',
      coverType: 'softcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      email: 'colis@example.com',
    });
    await waitForBook(t, bookInstanceId, ['fulfilled']);
    const delivered = await waitFor(
      async () => {
        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        return order?.status === 'delivered' ? order : undefined;
      },
      { what: 'the order to be delivered' },
    );
    expect(delivered.trackingNumber).toMatch(/^CT\d{10}CH$/);
    expect(delivered.trackingUrl).toBe(`${t.config.publicUrl}/order-confirmation/${orderId}`);
    const shipped = await waitFor(
      async () => t.mailer.sent.find((m) => m.to === 'colis@example.com' && /route/.test(m.subject)),
      {
        what: 'the shipped e-mail',
      },
    );
    expect(shipped.subject).toBe('Votre livre est en route');
    expect(shipped.text).toContain(delivered.trackingNumber!);
    expect(shipped.text).toContain(delivered.trackingUrl!);
    expect(shipped.html).toContain(delivered.trackingUrl!);
    const subjects = t.mailer.sent.filter((m) => m.to === 'colis@example.com').map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        `Merci\u00a0! Votre commande ${delivered.orderNumber} est payée`,
        'Votre livre est en route',
        'Votre livre est parti à l’impression',
      ].sort(),
    );
    const ticket = JSON.parse(
      (
        await fs.readFile(
          path.join(t.dataDir, 'storage', 'instances', bookInstanceId, 'print', 'print-job.json'),
        )
      ).toString('utf8'),
    );
    expect(ticket).toMatchObject({
      externalId: orderId,
      pageCount: 32, // a softcover's minimum
      items: [{ coverType: 'softcover', quantity: 1 }],
    });
  }, 60_000);
});
