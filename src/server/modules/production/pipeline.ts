import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { ChildLook } from '../../../shared/domain/child-look';
import { COVER_TYPES, type CoverType } from '../../../shared/domain/statuses';
import type { ToyLook } from '../../../shared/domain/toy-look';
import type { DrawnCompanion, Illustrator } from '../../adapters/illustrator/index';
import type { Printer } from '../../adapters/printer/index';
import type { Storage } from '../../adapters/storage/index';
import type { BookPlan } from '../../book/plan';
import {
  type ClaimedSpread,
  claimSpread,
  completeSpread,
  countSpreads,
  listBookPictures,
  releaseSpread,
  renewSpreadLease,
} from '../../book/spreads';
import type { Db } from '../../db/client';
import { bookInstances, customers, orderItems, type orders } from '../../db/schema';
import { JobAbortedError, PermanentJobError, RetryableJobError, throwIfAborted } from '../../jobs/errors';
import { describeError, intervalMs } from '../../jobs/queue';
import type { JobLogger } from '../../jobs/types';
import { PAGE_PIXELS } from '../../print/spec';
import { instanceKeys } from '../../storage-keys';
import { PROGRESS } from './progress';

/**
 * Pixels of a story page picture: the full-bleed page is 8.75 in (8.5 in trim + 0.125 in bleed on
 * each side, src/server/print/spec.ts), so 2625 px prints it at 300 ppi. A worker may draw smaller
 * (WORKER_PAGE_PIXELS: a quick demo or test shop; the print files scale the pictures up to 300 ppi).
 */
export { PAGE_PIXELS };
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
  /** How the local illustrator draws the toy (docs/decisions/021-the-toy-drawn.md). */
  toyLook?: ToyLook;
  /** Page 1, the character sheet the hosted illustrators get with every later page. */
  firstPage?: Buffer;
  /** The children beside the lead (issue 35) and the lead's age; absent for a book of one child. */
  companions?: DrawnCompanion[];
  leadAge?: number | undefined;
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
        themeId: book.plan.themeId,
        heroCover: book.heroCover,
        toyCover: book.toyCover,
        // A spread planned before scenes were data has only a key and a prompt: take the story's.
        scene:
          'setting' in spread.content.scene
            ? spread.content.scene
            : (book.plan.story.pages[spread.position - 1]?.scene ?? spread.content.scene),
        child: {
          look: book.look,
          ...(book.companions ? { age: book.leadAge, name: book.plan.metadata.childName } : {}),
        },
        toy: { look: book.toyLook },
        ...(book.companions ? { companions: book.companions } : {}),
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
  /** The grandparent copies' cover type, when the order has copies. */
  copy?: CoverType;
};

/** The covers the order prints: the book's own, and the grandparents' copies of their type. */
export async function orderCoverTypes(db: Db, order: Order): Promise<CoverPlan> {
  const main = asCoverType(order.coverType) ?? 'softcover';
  const quantities = new Map<CoverType, number>([[main, 1]]);
  let copy: CoverType | undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    if (item.itemType !== 'grandparent_copy') continue;
    const metadata = item.metadata as { coverType?: unknown; cover_type?: unknown };
    const coverType =
      asCoverType(metadata.coverType) ??
      asCoverType(metadata.cover_type) ??
      (item.productKey.includes('hardcover') ? 'hardcover' : 'softcover');
    quantities.set(coverType, (quantities.get(coverType) ?? 0) + item.quantity);
    copy = coverType;
  }
  const entries = [...quantities.entries()].map(([coverType, quantity]) => ({ coverType, quantity }));
  return { main, all: entries.map((entry) => entry.coverType), items: entries, ...(copy ? { copy } : {}) };
}

function asCoverType(value: unknown): CoverType | undefined {
  return COVER_TYPES.find((type) => type === value);
}

/** The printer's shipping address of an order (an older order may lack a field). */
export function shipTo(order: Order, email: string | null) {
  const address = order.shippingAddress ?? {};
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
