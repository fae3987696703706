import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CoverType } from '../../../shared/domain/statuses';
import type { Language } from '../../../shared/i18n';
import { pictureVariant } from '../../adapters/illustrator/scenes/variant';
import { type Printer, type PrintFile, type PrintItem, printExternalId } from '../../adapters/printer/index';
import type { Storage } from '../../adapters/storage/index';
import { copyPlan, isOwnVariant } from '../../book/copy-variant';
import { approvedCoverArt } from '../../book/cover-art';
import { drawnLooks } from '../../book/page-layout';
import { planFromVersion, secondPageTexts } from '../../book/plan';
import {
  approvedPictures,
  backCoverPosition,
  FRONT_COVER,
  storyPosition,
  versionById,
} from '../../book/versions';
import { bookNames } from '../../book/words';
import type { Db } from '../../db/client';
import { bookInstances, orderCopies, orders } from '../../db/schema';
import {
  DeferJobError,
  JobAbortedError,
  PermanentJobError,
  RetryableJobError,
  throwIfAborted,
} from '../../jobs/errors';
import { enqueue } from '../../jobs/queue';
import type { JobLogger } from '../../jobs/types';
import { instanceKeys } from '../../storage-keys';
import type { RenderedStory } from '../../stories/story';
import { copyRowsOf, type OrderCopyRow } from '../orders/repo';
import { claimFinishing, customerEmailOf, orderCoverTypes, releaseFinishing, shipTo } from './pipeline';
import { buildPrintFiles } from './print-files';
import { FAILURE_STEP, PROGRESS } from './progress';

export type PrintDeps = {
  db: Db;
  storage: Storage;
  printer: Printer;
  log: JobLogger;
  workerId: string;
  leaseMs: number;
  signal: AbortSignal;
  /** The story pictures were drawn at print size (the local illustrator): the preflight checks their detail. */
  nativeDetail: boolean;
  /** REVIEW_BEFORE_PRINT: a paid book waits for an operator's approval (issue 17). */
  reviewBeforePrint?: boolean;
  now: () => Date;
};

async function loadOrder(db: Db, payload: { bookInstanceId: string; orderId: string }) {
  const [instance] = await db
    .select()
    .from(bookInstances)
    .where(eq(bookInstances.id, payload.bookInstanceId));
  if (!instance) throw new PermanentJobError('JOB_NOT_FOUND', `Book ${payload.bookInstanceId} not found`);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, payload.orderId), eq(orders.bookInstanceId, instance.id)));
  if (!order) {
    throw new PermanentJobError('JOB_NOT_FOUND', `Order ${payload.orderId} of book ${instance.id} not found`);
  }
  return { instance, order };
}

/**
 * Prints a paid book (the `print-book` job, queued with the payment): the print PDFs built from
 * exactly the approved version's pictures and words, verified against its hashes, handed to the
 * printer. Nothing is drawn. One run at a time per book (the finishing lease); a re-run after a
 * crash finds the order's print job and does not submit twice.
 */
export async function printBook(
  deps: PrintDeps,
  payload: { bookInstanceId: string; orderId: string },
): Promise<void> {
  const { db } = deps;
  const first = await loadOrder(db, payload);
  if (first.instance.status === 'fulfilled' && first.order.printJobId) return;
  if (first.order.paymentStatus !== 'paid') {
    throw new PermanentJobError(
      'JOB_INVALID_STATE',
      `Order ${first.order.id} is not paid (${first.order.paymentStatus})`,
    );
  }
  // The grace period after payment (issue 36): the parent may still cancel or change the address.
  if (first.order.printAfter && first.order.printAfter.getTime() > deps.now().getTime()) {
    throw new DeferJobError(first.order.printAfter);
  }
  if (!(await claimFinishing(db, first.instance.id, deps.workerId, deps.leaseMs))) {
    throw new RetryableJobError('JOB_INVALID_STATE', `Another worker is printing book ${first.instance.id}`);
  }
  const controller = new AbortController();
  const forward = () => controller.abort(deps.signal.reason);
  deps.signal.addEventListener('abort', forward, { once: true });
  const heartbeat = setInterval(
    () => {
      claimFinishing(db, first.instance.id, deps.workerId, deps.leaseMs).then(
        (held) => held || controller.abort(new JobAbortedError('lease-lost')),
        () => {},
      );
    },
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  try {
    await printUnderLease({ ...deps, signal: controller.signal }, payload);
  } finally {
    clearInterval(heartbeat);
    deps.signal.removeEventListener('abort', forward);
    await releaseFinishing(db, first.instance.id, deps.workerId).catch(() => {});
  }
}

type Loaded = Awaited<ReturnType<typeof loadOrder>>;
type Order = Loaded['order'];
type CopyFile = { interior: PrintFile; cover: PrintFile; pageCount: number; title: string };

/**
 * The printing itself, under the finishing lease: the order read again and checked, the book's
 * files built and stored, the gift copies' own files, each parcel handed to the printer, and the
 * order and book marked as printing.
 */
async function printUnderLease(
  deps: PrintDeps,
  payload: { bookInstanceId: string; orderId: string },
): Promise<void> {
  const { db } = deps;
  // Read again under the lease: another run may have printed the book meanwhile.
  const { instance, order } = await loadOrder(db, payload);
  if (instance.status === 'fulfilled' && order.printJobId) return;
  if (await waitsBeforePrint(deps, order)) return;
  const book = await approvedBook(deps, instance, order);
  const main = await buildAndStoreBook(deps, book, order);
  throwIfAborted(deps.signal);
  // Gift copies (issue 18): a copy with its own words gets its own interior and cover, from the
  // same approved pictures; a copy with its own address is its own print job below.
  const copies = await copyRowsOf(db, order.id);
  const copyFiles = await buildCopyFiles(deps, book, main.coverTypes.copy, copies);

  // Held while the files were being built: still nothing goes to the printer. Read whole, so the
  // parcel goes to the address as it is now (one changed at the end of the grace period, issue 36).
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (!now || now.heldAt || now.status === 'cancelled') return;
  const parcels = {
    deps,
    book,
    order: now,
    main,
    copies,
    copyFiles,
    customerEmail: await customerEmailOf(db, order),
  };
  await submitOwnAddressCopies(parcels);
  const printJobId = order.printJobId ?? (await submitBuyersParcel(parcels));
  await markPrinting(db, instance.id, order.id, printJobId);
  deps.log.info(
    { bookInstanceId: instance.id, orderId: order.id, printJobId, version: book.version.number },
    'book sent to print',
  );
}

/**
 * An operator held or cancelled the order (issue 17), or it waits for review before print: nothing
 * goes to the printer. Releasing a held order, or approving it, queues this job again.
 */
async function waitsBeforePrint(deps: PrintDeps, order: Order): Promise<boolean> {
  if (order.heldAt || order.status === 'cancelled') {
    deps.log.info(
      { orderId: order.id, status: order.status, held: Boolean(order.heldAt) },
      'print waits: order held or cancelled',
    );
    return true;
  }
  // Review before print: the book waits in the operator console's queue until it is approved.
  if (deps.reviewBeforePrint && order.printReview !== 'approved') {
    await deps.db
      .update(orders)
      .set({ printReview: 'waiting', updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.printReview)));
    deps.log.info({ orderId: order.id }, 'print waits: review before print');
    return true;
  }
  return false;
}

/** The order's approved version, its pictures checked against their hashes, planned with its words. */
async function approvedBook(deps: PrintDeps, instance: Loaded['instance'], order: Order) {
  const version = await versionById(deps.db, instance.id, order.bookVersionId);
  if (!version) {
    throw new PermanentJobError(
      'JOB_DEPENDENCY_MISSING',
      `Order ${order.id} records no approved version of book ${instance.id}: nothing to print`,
    );
  }
  const pictures = await approvedPictures(deps.storage, version);
  const plan = await planFromVersion(instance, version.texts, { texts: version.texts });
  const picture = (position: number, what: string) => {
    const image = pictures.get(position);
    if (!image)
      throw new PermanentJobError('JOB_DEPENDENCY_MISSING', `Version ${version.number} has no ${what}`);
    return image;
  };
  const heroArt = await approvedCoverArt(deps.storage, instance.id, version);
  return { instance, version, plan, picture, heroArt, keys: instanceKeys(instance.id) };
}
type ApprovedBook = Awaited<ReturnType<typeof approvedBook>>;

/**
 * The print files of a story told with the approved pictures, for the given cover types; a
 * bilingual edition's pages carry their second language's text too.
 */
async function filesOf(
  deps: PrintDeps,
  book: ApprovedBook,
  story: RenderedStory,
  language: Language,
  coverTypes: CoverType[],
) {
  const { plan, picture, version } = book;
  const second = await secondPageTexts(book.instance, version.texts, language);
  return buildPrintFiles({
    themeId: plan.themeId,
    language,
    story,
    bookType: plan.bookType,
    names: bookNames(version.texts, plan.metadata),
    heroCover: picture(FRONT_COVER, 'front cover'),
    heroArt: book.heroArt,
    toyCover: picture(backCoverPosition(plan.story.pages.length), 'back cover'),
    pages: story.pages.map((page) => {
      const secondText = second?.texts.get(page.position);
      return {
        image: picture(storyPosition(page.position), `picture of page ${page.position}`),
        // A kept redraw is another composition (issue 36): the layout check places its own panel.
        variant: pictureVariant(version.pictures[storyPosition(page.position)]?.key),
        text: page.text,
        ...(secondText ? { secondText } : {}),
      };
    }),
    style: plan.style,
    coverTypes,
    nativeDetail: deps.nativeDetail,
    // The local illustrator drew the pages from their scenes: the layout check places the text.
    ...(deps.nativeDetail ? { layout: drawnLooks(book.instance, plan.metadata.toyName) } : {}),
  });
}

/** The book's interior and covers built and stored, with the summary of what was printed. */
async function buildAndStoreBook(deps: PrintDeps, book: ApprovedBook, order: Order) {
  const { plan, keys, version } = book;
  const { story } = plan;
  const coverTypes = await orderCoverTypes(deps.db, order);
  throwIfAborted(deps.signal);
  const files = await filesOf(deps, book, story, plan.language, coverTypes.all);
  const coverKey = (type: CoverType) => (type === coverTypes.main ? keys.cover : keys.extraCover(type));
  await deps.storage.put('instances', keys.interior, files.interior, { contentType: 'application/pdf' });
  // Recorded on the row, so My Books offers the PDF without asking the storage per book.
  await deps.db
    .update(bookInstances)
    .set({ interiorStoredAt: sql`now()` })
    .where(eq(bookInstances.id, book.instance.id));
  for (const [type, pdf] of files.covers) {
    await deps.storage.put('instances', coverKey(type), pdf, { contentType: 'application/pdf' });
  }
  const summary = {
    language: plan.language,
    bookType: plan.bookType,
    pageCount: files.pageCount,
    title: story.title,
    subtitle: story.subtitle,
    dedication: story.dedication,
    pages: story.pages.map((page) => ({ position: page.position, text: page.text })),
    covers: Object.fromEntries(coverTypes.all.map((type) => [type, coverKey(type)])),
    version: { number: version.number, contentHash: version.contentHash },
  };
  await deps.storage.put('instances', keys.book, Buffer.from(JSON.stringify(summary, null, 2)), {
    contentType: 'application/json',
  });
  const coverFile = (type: CoverType): PrintFile => ({ key: coverKey(type), data: files.covers.get(type)! });
  return { files, coverTypes, coverFile };
}
type BookFiles = Awaited<ReturnType<typeof buildAndStoreBook>>;

/** The own interior and cover of each gift copy with its own words (its dedication, its language). */
async function buildCopyFiles(
  deps: PrintDeps,
  book: ApprovedBook,
  copyCover: CoverType | undefined,
  copies: OrderCopyRow[],
): Promise<Map<number, CopyFile>> {
  const copyFiles = new Map<number, CopyFile>();
  for (const copy of copies) {
    const variant = copyVariantOf(copy);
    if (!copyCover || !isOwnVariant(variant)) continue;
    const own = await copyPlan(book.instance, book.version.texts, variant);
    const built = await filesOf(deps, book, own.plan.story, own.plan.language, [copyCover]);
    const interior = { key: book.keys.copyInterior(copy.position), data: built.interior };
    const cover = { key: book.keys.copyCover(copy.position), data: built.covers.get(copyCover)! };
    await deps.storage.put('instances', interior.key, interior.data, { contentType: 'application/pdf' });
    await deps.storage.put('instances', cover.key, cover.data, { contentType: 'application/pdf' });
    copyFiles.set(copy.position, {
      interior,
      cover,
      pageCount: built.pageCount,
      title: own.plan.story.title,
    });
    throwIfAborted(deps.signal);
  }
  return copyFiles;
}

type Parcels = {
  deps: PrintDeps;
  book: ApprovedBook;
  order: Order;
  main: BookFiles;
  copies: OrderCopyRow[];
  copyFiles: Map<number, CopyFile>;
  customerEmail: string | null;
};

/**
 * Each copy with its own address first, each recorded as it is handed over, so a re-run after a
 * crash submits only what is missing (and the printer recognises a job it already has).
 */
async function submitOwnAddressCopies({
  deps,
  book,
  order,
  main,
  copies,
  copyFiles,
  customerEmail,
}: Parcels) {
  const copyCover = main.coverTypes.copy;
  for (const copy of copies) {
    if (!copy.shipTo || copy.printJobId || !copyCover) continue;
    const own = copyFiles.get(copy.position);
    const receipt = await deps.printer.submit({
      externalId: printExternalId(order.id, copy.position),
      orderNumber: order.orderNumber,
      bookInstanceId: book.instance.id,
      title: own?.title ?? book.plan.story.title,
      shippingLevel: order.shippingLevel,
      pageCount: own?.pageCount ?? main.files.pageCount,
      interior: own?.interior ?? { key: book.keys.interior, data: main.files.interior },
      ticketKey: book.keys.copyTicket(copy.position),
      items: [
        {
          bookType: book.plan.bookType,
          coverType: copyCover,
          quantity: 1,
          cover: own?.cover ?? main.coverFile(copyCover),
          copy: copy.position,
        },
      ],
      shipTo: giftShipTo(copy.shipTo, customerEmail),
    });
    await deps.db
      .update(orderCopies)
      .set({ printJobId: receipt.printJobId, status: 'printing' })
      .where(and(eq(orderCopies.id, copy.id), isNull(orderCopies.printJobId)));
  }
}

/**
 * The buyer's parcel: the book, the copies that travel with it, and those of them with their own
 * words as their own items (their own interior). Answers the printer's job id.
 */
async function submitBuyersParcel({ deps, book, order, main, copies, copyFiles, customerEmail }: Parcels) {
  const copyCover = main.coverTypes.copy;
  const bookType = book.plan.bookType;
  const apart = copies.filter((copy) => copy.shipTo || copyFiles.has(copy.position)).length;
  const items: PrintItem[] = main.coverTypes.items.flatMap((item) => {
    const quantity = item.quantity - (item.coverType === copyCover ? apart : 0);
    return quantity > 0
      ? [{ bookType, coverType: item.coverType, quantity, cover: main.coverFile(item.coverType) }]
      : [];
  });
  for (const copy of copies) {
    const own = copyFiles.get(copy.position);
    if (copy.shipTo || !own || !copyCover) continue;
    items.push({
      bookType,
      coverType: copyCover,
      quantity: 1,
      cover: own.cover,
      interior: own.interior,
      copy: copy.position,
    });
  }
  const receipt = await deps.printer.submit({
    externalId: printExternalId(order.id),
    orderNumber: order.orderNumber,
    bookInstanceId: book.instance.id,
    title: book.plan.story.title,
    shippingLevel: order.shippingLevel,
    pageCount: main.files.pageCount,
    interior: { key: book.keys.interior, data: main.files.interior },
    ticketKey: book.keys.printTicket,
    items,
    shipTo: shipTo(order, customerEmail),
  });
  return receipt.printJobId;
}

/** The order is printing, the book fulfilled, and the buyer is told (one transaction). */
async function markPrinting(db: Db, bookInstanceId: string, orderId: string, printJobId: string) {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ printJobId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await tx
      .update(orders)
      .set({ status: 'printing' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')));
    await tx
      .update(bookInstances)
      .set({
        status: 'fulfilled',
        currentStep: PROGRESS.allDone.step,
        progressPercentage: 100,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bookInstances.id, bookInstanceId), inArray(bookInstances.status, ['ready', 'archived'])));
    await enqueue(
      tx,
      'send-order-email',
      { orderId, email: 'sentToPrint' },
      { singletonKey: `order-email:${orderId}:sentToPrint` },
    );
  });
}

/** What a gift copy changes of the book's words. */
function copyVariantOf(copy: OrderCopyRow) {
  return {
    language: copy.language ?? null,
    dedication:
      copy.dedicationMessage !== null
        ? { message: copy.dedicationMessage, signature: copy.dedicationSignature ?? '' }
        : null,
  };
}

/** A gift copy's parcel: to the recipient, with the buyer's e-mail for the carrier's notices. */
function giftShipTo(address: NonNullable<OrderCopyRow['shipTo']>, email: string | null) {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    email: email ?? '',
    address: address.address,
    city: address.city,
    postalCode: address.postalCode,
    ...(address.region ? { region: address.region } : {}),
    country: address.country,
  };
}

/** Printing failed for good: the book is archived (My Books offers Retry, the shop sees the job's error). */
export async function archivePrinting(tx: Db, payload: { bookInstanceId: string }): Promise<void> {
  await tx
    .update(bookInstances)
    .set({ status: 'archived', currentStep: FAILURE_STEP, updatedAt: sql`now()` })
    .where(and(eq(bookInstances.id, payload.bookInstanceId), eq(bookInstances.status, 'ready')));
}
