import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type ChildLook, ChildLookSchema } from '../../../shared/domain/child-look';
import { COVER_TYPES, type CoverType } from '../../../shared/domain/statuses';
import type { Illustrator } from '../../adapters/illustrator/index';
import type { Printer, PrintItem } from '../../adapters/printer/index';
import type { Storage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import { bookInstances, customers, orderItems, orders } from '../../db/schema';
import { JobAbortedError, PermanentJobError, RetryableJobError, throwIfAborted } from '../../jobs/errors';
import { describeError, enqueue, intervalMs } from '../../jobs/queue';
import type { JobLogger } from '../../jobs/types';
import { type InstanceKeys, instanceKeys } from '../../storage-keys';
import { type BookPlan, planBook } from './book-plan';
import { buildPrintFiles, type PrintFiles } from './print-files';
import { FAILURE_STEP, PROGRESS } from './progress';
import {
  type ClaimedSpread,
  claimSpread,
  completeSpread,
  countSpreads,
  ensureSpreads,
  listBookPictures,
  releaseSpread,
  renewSpreadLease,
} from './spreads';

/**
 * Pixels of a story page picture: the full-bleed page is 8.75 in (8.5 in trim + 0.125 in bleed on
 * each side, src/server/print/spec.ts), so 2625 px prints it at 300 ppi.
 */
export const PAGE_PIXELS = 2625;
export type ProductionDeps = {
  db: Db;
  storage: Storage;
  illustrator: Illustrator;
  printer: Printer;
  log: JobLogger;
  workerId: string;
  /** How long a spread is held without a renewal before another worker may take it. */
  leaseMs: number;
  /** Pages of one book illustrated at once. */
  pageConcurrency: number;
  /** Aborted when the job's lease is lost or the worker stops. */
  signal: AbortSignal;
  pageSize?: number;
};

export type ProduceBookPayload = { bookInstanceId: string; orderId: string };

/**
 * Makes one paid book (the `produce-book` job), from wherever it stopped: plan the story, one
 * spread per page, illustrate each unfinished spread with the hero and toy covers as references,
 * build and check the print files, hand them to the printer. Every step can run again: spreads
 * are added once, a done spread is never drawn again, the printer recognises a resubmission.
 */
export async function produceBook(deps: ProductionDeps, payload: ProduceBookPayload): Promise<void> {
  const { db } = deps;
  const { instance, order } = await loadBook(db, payload);
  if (instance.status === 'fulfilled') return;
  if (instance.status !== 'rendering' && instance.status !== 'ready') {
    throw new PermanentJobError(
      'JOB_INVALID_STATE',
      `Book ${instance.id} is ${instance.status}, not in production`,
    );
  }
  if (order.paymentStatus !== 'paid') {
    throw new PermanentJobError(
      'JOB_INVALID_STATE',
      `Order ${order.id} is not paid (${order.paymentStatus})`,
    );
  }

  await setProgress(db, instance.id, PROGRESS.setup);

  const plan = await planBook(instance);
  await ensureSpreads(db, instance.id, plan.story.pages, plan.templateName);
  const planned = await countSpreads(db, instance.id);
  await setProgress(db, instance.id, PROGRESS.jobsCreated(planned.total));

  const [heroCover, toyCover] = await Promise.all([
    readRequired(deps.storage, plan.heroCoverKey, 'hero cover'),
    readRequired(deps.storage, plan.toyCoverKey, 'toy cover'),
  ]);
  await setProgress(db, instance.id, PROGRESS.intermediateImages);
  await setProgress(db, instance.id, PROGRESS.spreadJobsCreated(planned.total - planned.done));
  if (planned.done > 0)
    await setProgress(db, instance.id, PROGRESS.generatingImages(planned.done, planned.total));

  // The local illustrator draws the child from its look and cuts the toy out of its own photo.
  const toyPhoto = await deps.storage
    .get('instances', plan.metadata.permanentPaths.toyPhoto ?? instanceKeys(instance.id).toyPhoto)
    .then((object) => object?.data);
  const look = ChildLookSchema.safeParse(
    (instance.wizardMetadata as { childLook?: unknown } | null)?.childLook,
  );
  const characters = { toyPhoto, look: look.success ? look.data : undefined };
  await illustrateSpreads(deps, { id: instance.id, plan, heroCover, toyCover, ...characters });
  const drawn = await countSpreads(db, instance.id);
  if (drawn.done < drawn.total) {
    // Another worker still holds some pages (or held them when it died): come back after them.
    throw new RetryableJobError(
      'JOB_INVALID_STATE',
      `${drawn.total - drawn.done} of ${drawn.total} pages are not drawn yet`,
    );
  }
  throwIfAborted(deps.signal);

  // Finishing (cover picture, print files, printer) is done by one run at a time, under a lease on
  // the book, so a second run of the same book (a lease taken over from a live worker) waits.
  if (!(await claimFinishing(db, instance.id, deps.workerId, deps.leaseMs))) {
    throw new RetryableJobError('JOB_INVALID_STATE', `Another worker is finishing book ${instance.id}`);
  }
  const controller = new AbortController();
  const forward = () => controller.abort(deps.signal.reason);
  deps.signal.addEventListener('abort', forward, { once: true });
  const heartbeat = setInterval(
    () => {
      claimFinishing(db, instance.id, deps.workerId, deps.leaseMs).then(
        (held) => held || controller.abort(new JobAbortedError('lease-lost')),
        () => {},
      );
    },
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  try {
    await finishBook(
      { ...deps, signal: controller.signal },
      { id: instance.id, orderId: order.id, plan, heroCover, toyCover },
    );
  } finally {
    clearInterval(heartbeat);
    deps.signal.removeEventListener('abort', forward);
    await releaseFinishing(db, instance.id, deps.workerId).catch(() => {});
  }
}

/** The last steps of a book, under the finishing lease: from all pages drawn to sent to print. */
async function finishBook(
  deps: ProductionDeps,
  book: { id: string; orderId: string; plan: BookPlan; heroCover: Buffer; toyCover: Buffer },
): Promise<void> {
  const { db } = deps;
  const { plan, heroCover, toyCover } = book;
  // Read again under the lease: another run may have finished the book meanwhile.
  const { instance, order } = await loadBook(db, { bookInstanceId: book.id, orderId: book.orderId });
  if (instance.status === 'fulfilled') return;
  const coverTypes = await orderCoverTypes(db, order);
  // The front cover is the approved hero cover's design (print-files.ts), not a new picture.
  const files = await makePrintFiles(deps, { id: instance.id, plan, heroCover, toyCover, coverTypes, order });
  await db
    .update(bookInstances)
    .set({
      status: 'ready',
      currentStep: PROGRESS.allDone.step,
      progressPercentage: 100,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bookInstances.id, instance.id), eq(bookInstances.status, 'rendering')));
  throwIfAborted(deps.signal);

  let printJobId = order.printJobId;
  if (!printJobId) {
    const keys = instanceKeys(instance.id);
    const receipt = await deps.printer.submit({
      externalId: order.id,
      orderNumber: order.orderNumber,
      bookInstanceId: instance.id,
      title: plan.story.title,
      pageCount: files.pageCount,
      interior: { key: keys.interior, data: files.interior },
      ticketKey: keys.printTicket,
      items: coverTypes.items.map(
        (item): PrintItem => ({
          ...item,
          bookType: plan.bookType,
          cover: {
            key: item.coverType === coverTypes.main ? keys.cover : keys.extraCover(item.coverType),
            data: files.covers.get(item.coverType)!,
          },
        }),
      ),
      shipTo: shipTo(order, await customerEmailOf(db, order)),
    });
    printJobId = receipt.printJobId;
  }
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ printJobId, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    await tx
      .update(orders)
      .set({ status: 'printing' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'processing')));
    await tx
      .update(bookInstances)
      .set({
        status: 'fulfilled',
        currentStep: PROGRESS.allDone.step,
        progressPercentage: 100,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bookInstances.id, instance.id), inArray(bookInstances.status, ['rendering', 'ready'])));
    await enqueue(
      tx,
      'send-order-email',
      { orderId: order.id, email: 'sentToPrint' },
      { singletonKey: `order-email:${order.id}:sentToPrint` },
    );
  });
  deps.log.info({ bookInstanceId: instance.id, orderId: order.id, printJobId }, 'book sent to print');
}

/**
 * What happens when production has failed for good: the book is archived with SPEC.md's failure
 * message, and the profile offers Retry. Runs in the transaction that marks the job failed.
 */
export async function archiveBook(tx: Db, payload: ProduceBookPayload): Promise<void> {
  await tx
    .update(bookInstances)
    .set({ status: 'archived', currentStep: FAILURE_STEP, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookInstances.id, payload.bookInstanceId),
        inArray(bookInstances.status, ['rendering', 'ready']),
      ),
    );
}

type Order = typeof orders.$inferSelect;

/** Takes (or renews) the finishing lease of a book; false while another run holds it. */
export async function claimFinishing(db: Db, id: string, holder: string, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .update(bookInstances)
    .set({ finishingBy: holder, finishingUntil: sql`now() + ${intervalMs(leaseMs)}` })
    .where(
      and(
        eq(bookInstances.id, id),
        or(
          isNull(bookInstances.finishingBy),
          eq(bookInstances.finishingBy, holder),
          lt(bookInstances.finishingUntil, sql`now()`),
        ),
      ),
    )
    .returning({ id: bookInstances.id });
  return claimed.length > 0;
}

export async function releaseFinishing(db: Db, id: string, holder: string): Promise<void> {
  await db
    .update(bookInstances)
    .set({ finishingBy: null, finishingUntil: null })
    .where(and(eq(bookInstances.id, id), eq(bookInstances.finishingBy, holder)));
}

async function loadBook(db: Db, payload: ProduceBookPayload) {
  const [instance] = await db
    .select()
    .from(bookInstances)
    .where(eq(bookInstances.id, payload.bookInstanceId));
  if (!instance) throw new PermanentJobError('JOB_NOT_FOUND', `Book ${payload.bookInstanceId} not found`);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, payload.orderId), eq(orders.bookInstanceId, instance.id)));
  if (!order)
    throw new PermanentJobError('JOB_NOT_FOUND', `Order ${payload.orderId} of book ${instance.id} not found`);
  return { instance, order };
}

/** Moves the progress of a book in production forward (never back: pages finish out of order). */
export async function setProgress(
  db: Db,
  id: string,
  progress: { step: string; percent: number },
): Promise<void> {
  await db
    .update(bookInstances)
    .set({ currentStep: progress.step, progressPercentage: progress.percent, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookInstances.id, id),
        eq(bookInstances.status, 'rendering'),
        lte(bookInstances.progressPercentage, progress.percent),
      ),
    );
}

export async function readRequired(storage: Storage, key: string, what: string): Promise<Buffer> {
  const object = await storage.get('instances', key);
  if (!object)
    throw new PermanentJobError('JOB_DEPENDENCY_MISSING', `The approved ${what} (${key}) is missing`);
  return object.data;
}

type Book = {
  id: string;
  plan: BookPlan;
  heroCover: Buffer;
  toyCover: Buffer;
  toyPhoto?: Buffer;
  look?: ChildLook;
  /** Page 1, the character sheet the hosted illustrators get with every later page. */
  firstPage?: Buffer;
};

/**
 * Illustrates every spread not done yet, `pageConcurrency` at a time, each under its own lease.
 * After a failure no new spread is started; those already drawing finish and are kept, then the
 * first error is thrown (the job is retried later and starts from the unfinished ones).
 */
export async function illustrateSpreads(deps: ProductionDeps, book: Book): Promise<void> {
  // Page 1 first, on its own: the others are drawn with it as their character sheet.
  if (!(await storedFirstPage(deps, book.id))) await drawSpreads(deps, book, 1, 1);
  const firstPage = await storedFirstPage(deps, book.id);
  await drawSpreads(deps, { ...book, firstPage }, Math.max(1, deps.pageConcurrency));
}

/** Page 1's picture once it is drawn (by this run or an earlier one). */
async function storedFirstPage(deps: ProductionDeps, bookId: string): Promise<Buffer | undefined> {
  const first = (await listBookPictures(deps.db, bookId)).find((picture) => picture.position === 1);
  if (!first?.storagePath) return undefined;
  return (await deps.storage.get('instances', first.storagePath))?.data;
}

async function drawSpreads(deps: ProductionDeps, book: Book, slots: number, limit = Infinity): Promise<void> {
  let failure: unknown;
  let claimed = 0;
  const slot = async () => {
    while (failure === undefined && !deps.signal.aborted && claimed < limit) {
      claimed++;
      const spread = await claimSpread(deps.db, {
        bookInstanceId: book.id,
        workerId: deps.workerId,
        leaseMs: deps.leaseMs,
      });
      if (!spread) return;
      try {
        await illustrateSpread(deps, book, spread);
      } catch (error) {
        const stopping = error instanceof JobAbortedError;
        await releaseSpread(
          deps.db,
          spread,
          stopping ? { failed: false } : { failed: true, reason: describeError(error) },
        ).catch((releaseError: unknown) =>
          deps.log.warn({ err: releaseError, spreadId: spread.id }, 'could not release a spread'),
        );
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: slots }, slot));
  throwIfAborted(deps.signal);
  if (failure !== undefined) throw failure;
}

async function illustrateSpread(deps: ProductionDeps, book: Book, spread: ClaimedSpread): Promise<void> {
  const controller = new AbortController();
  const forward = () => controller.abort(deps.signal.reason);
  deps.signal.addEventListener('abort', forward, { once: true });
  // The spread's lease is renewed while the picture is drawn; losing it stops this page.
  const heartbeat = setInterval(
    () => {
      renewSpreadLease(deps.db, spread, deps.leaseMs).then(
        (held) => held || controller.abort(new JobAbortedError('lease-lost')),
        () => {},
      );
    },
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  try {
    const result = await deps.illustrator.illustratePage(
      {
        heroCover: book.heroCover,
        toyCover: book.toyCover,
        // A spread planned before scenes were data has only a key and a prompt: take the story's.
        scene:
          'setting' in spread.content.scene
            ? spread.content.scene
            : (book.plan.story.pages[spread.position - 1]?.scene ?? spread.content.scene),
        child: { look: book.look },
        toyPhoto: book.toyPhoto,
        firstPage: spread.position === 1 ? undefined : book.firstPage,
        style: book.plan.style,
        pageNumber: spread.position,
        size: deps.pageSize ?? PAGE_PIXELS,
        language: book.plan.language,
      },
      { signal: controller.signal },
    );
    throwIfAborted(controller.signal);
    if (!result.ok) throw new RetryableJobError(result.code, `Page ${spread.position}: ${result.message}`);
    const extension = await pictureExtension(result.image);
    const key = instanceKeys(book.id).page(spread.position, extension);
    await deps.storage.put('instances', key, result.image, {
      contentType: `image/${extension === 'jpg' ? 'jpeg' : 'png'}`,
    });
    throwIfAborted(controller.signal);
    if (await completeSpread(deps.db, spread, key)) {
      const counts = await countSpreads(deps.db, book.id);
      await setProgress(deps.db, book.id, PROGRESS.generatingImages(counts.done, counts.total));
    }
  } finally {
    clearInterval(heartbeat);
    deps.signal.removeEventListener('abort', forward);
  }
}

/** The stored file's extension from the picture's own bytes; an unreadable picture is retried. */
export async function pictureExtension(image: Buffer): Promise<'png' | 'jpg'> {
  try {
    const meta = await sharp(image).metadata();
    if (meta.width && meta.height && (meta.format === 'png' || meta.format === 'jpeg')) {
      return meta.format === 'png' ? 'png' : 'jpg';
    }
  } catch {
    // falls through to the error below
  }
  throw new RetryableJobError(
    'AI_INVALID_RESPONSE',
    'The illustrator returned a picture that cannot be read',
  );
}

export type CoverPlan = {
  main: CoverType;
  all: CoverType[];
  items: { coverType: CoverType; quantity: number }[];
};

/** The covers the order prints: the book's own, and the grandparents' copies of their type. */
export async function orderCoverTypes(db: Db, order: Order): Promise<CoverPlan> {
  const main = asCoverType(order.coverType) ?? 'softcover';
  const quantities = new Map<CoverType, number>([[main, 1]]);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    if (item.itemType !== 'grandparent_copy') continue;
    const metadata = item.metadata as { coverType?: unknown; cover_type?: unknown };
    const coverType =
      asCoverType(metadata.coverType) ??
      asCoverType(metadata.cover_type) ??
      (item.productKey.includes('hardcover') ? 'hardcover' : 'softcover');
    quantities.set(coverType, (quantities.get(coverType) ?? 0) + item.quantity);
  }
  const entries = [...quantities.entries()].map(([coverType, quantity]) => ({ coverType, quantity }));
  return { main, all: entries.map((entry) => entry.coverType), items: entries };
}

function asCoverType(value: unknown): CoverType | undefined {
  return COVER_TYPES.find((type) => type === value);
}

/**
 * The print files, built and checked once and kept in storage: a re-run after a crash (the book
 * already `ready`) reuses them.
 */
async function makePrintFiles(
  deps: ProductionDeps,
  book: {
    id: string;
    plan: BookPlan;
    heroCover: Buffer;
    toyCover: Buffer;
    coverTypes: CoverPlan;
    order: Order;
  },
): Promise<PrintFiles> {
  const keys = instanceKeys(book.id);
  const coverKey = (type: CoverType) => (type === book.coverTypes.main ? keys.cover : keys.extraCover(type));
  const stored = await readStoredPrintFiles(deps.storage, keys, book.coverTypes.all, coverKey);
  if (stored) return stored;

  const pictures = await listBookPictures(deps.db, book.id);
  const pages = await Promise.all(
    pictures.map(async (picture) => ({
      image: await readRequired(deps.storage, picture.storagePath, `picture of page ${picture.position}`),
      text: (picture.content as { text?: string }).text ?? '',
    })),
  );
  const names = { child: book.plan.metadata.childName.trim(), toy: book.plan.metadata.toyName.trim() };
  const files = await buildPrintFiles({
    language: book.plan.language,
    story: book.plan.story,
    bookType: book.plan.bookType,
    names,
    heroCover: book.heroCover,
    toyCover: book.toyCover,
    pages,
    style: book.plan.style,
    coverTypes: book.coverTypes.all,
    // The local illustrator draws at print size: its pictures must carry the detail of that size.
    nativeDetail: deps.illustrator.kind === 'local' && deps.pageSize === undefined,
  });
  await deps.storage.put('instances', keys.interior, files.interior, { contentType: 'application/pdf' });
  for (const [type, pdf] of files.covers) {
    await deps.storage.put('instances', coverKey(type), pdf, { contentType: 'application/pdf' });
  }
  const summary = {
    language: book.plan.language,
    bookType: book.plan.bookType,
    pageCount: files.pageCount,
    title: book.plan.story.title,
    subtitle: book.plan.story.subtitle,
    dedication: book.plan.story.dedication,
    pages: book.plan.story.pages.map((page) => ({ position: page.position, text: page.text })),
    covers: Object.fromEntries(book.coverTypes.all.map((type) => [type, coverKey(type)])),
  };
  await deps.storage.put('instances', keys.book, Buffer.from(JSON.stringify(summary, null, 2)), {
    contentType: 'application/json',
  });
  return files;
}

async function readStoredPrintFiles(
  storage: Storage,
  keys: InstanceKeys,
  coverTypes: CoverType[],
  coverKey: (type: CoverType) => string,
): Promise<PrintFiles | null> {
  const [book, interior] = await Promise.all([
    storage.get('instances', keys.book),
    storage.get('instances', keys.interior),
  ]);
  if (!book || !interior) return null;
  const covers = new Map<CoverType, Uint8Array>();
  for (const type of coverTypes) {
    const cover = await storage.get('instances', coverKey(type));
    if (!cover) return null;
    covers.set(type, cover.data);
  }
  const { pageCount } = JSON.parse(book.data.toString('utf8')) as { pageCount: number };
  return { interior: interior.data, pageCount, covers };
}

type StoredAddress = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  region?: string;
  country?: string;
};

export function shipTo(order: Order, email: string | null) {
  const address = (order.shippingAddress ?? {}) as StoredAddress;
  return {
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    email: email ?? '',
    phone: address.phone,
    address: address.address ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    ...(address.region ? { region: address.region } : {}),
    country: address.country ?? '',
  };
}

/** The customer's e-mail of an order, for the printer's shipping notices. */
export async function customerEmailOf(db: Db, order: Order): Promise<string | null> {
  if (!order.customerId) return null;
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  return customer?.email ?? null;
}
