import { createHash } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { BOOK_PREVIEW } from '../../../shared/constants';
import {
  type BookPreview,
  type BookPreviewPage,
  type BookTextsUpdate,
  type PreviewImageWidth,
  previewImages,
} from '../../../shared/contracts/book-preview';
import type { BookApproval } from '../../../shared/contracts/checkout';
import { bookPreviewPages } from '../../../shared/domain/book-pages';
import { renamedCompanions } from '../../../shared/domain/cast';
import { isLanguage, languageOr } from '../../../shared/domain/languages';
import { isPaymentOpen } from '../../../shared/domain/orders';
import type { CoverType } from '../../../shared/domain/statuses';
import type { PanelPlace } from '../../adapters/illustrator/scenes/layout-check';
import { pictureVariant } from '../../adapters/illustrator/scenes/variant';
import type { Storage } from '../../adapters/storage/index';
import { copyPlan, isOwnVariant } from '../../book/copy-variant';
import { coverPortrait, titlePageArt } from '../../book/cover-art';
import { drawnLooks, scenePanelPlace } from '../../book/page-layout';
import { planFromVersion, secondPageTexts } from '../../book/plan';
import {
  addVersion,
  approvedPictures,
  type BookVersion,
  backCoverPosition,
  FRONT_COVER,
  storyPageOf,
  storyPosition,
  TITLE_PAGE,
  versionById,
  versionTexts,
} from '../../book/versions';
import { encodeForWeb, type WebImageFormat } from '../../book/web-image';
import { renamedDedication } from '../../book/wizard-dedication';
import { bookNames } from '../../book/words';
import type { Db } from '../../db/client';
import {
  type BookVersionPictures,
  bookInstances,
  books,
  bookVersions,
  orderCopies,
  orders,
  pageRedraws,
} from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import type { PageWords } from '../../print/interior';
import { renderPrintedStoryPage } from '../../print/printed-page';
import { instanceKeys } from '../../storage-keys';
import { backCoverText } from '../../stories/book-words';
import { bookTitle } from '../../stories/title';
import { orderCoverTypes } from '../production/pipeline';
import { frontCoverImage, frontCoverTag } from './front-cover';

export type BooksDeps = {
  db: Db;
  storage: Storage;
  /** The local illustrator draws the pages from their scenes: the layout check places their text. */
  localScenes?: boolean;
};

/** Redraws that count against the limit: all but the failed ones (a failure is ours, not the parent's). */
const COUNTED_REDRAWS = ['drawing', 'ready', 'kept', 'discarded'] as const;
const PENDING_REDRAWS = ['drawing', 'ready', 'failed'] as const;

/**
 * Whether a redraw uses one of the book's redraws: not when it failed, nor when its picture came
 * out nearly the same as the one it replaces (issue 36, adapters/illustrator/picture-difference.ts).
 */
const countsAgainstLimit = (redraw: { status: string; nearlySame: boolean }) =>
  (COUNTED_REDRAWS as readonly string[]).includes(redraw.status) && !redraw.nearlySame;

/** Who reads a book: its owner (any other account gets 404, decided in SQL) or an operator (issue 17). */
type BookAccess = { userId: string } | { operator: true };

/** The book, locked when asked; for an owner, another account's (or none) is 404, decided in SQL. */
async function findBook(db: Db, access: BookAccess, id: string, lock = false) {
  const query = db
    .select()
    .from(bookInstances)
    .where(
      'userId' in access
        ? and(eq(bookInstances.id, id), eq(bookInstances.createdBy, access.userId))
        : eq(bookInstances.id, id),
    );
  const [instance] = lock ? await query.for('update') : await query;
  if (!instance) throw notFound('Book');
  return instance;
}

/** The caller's book, locked when asked; another account's (or none) is 404, decided in SQL. */
export function ownBook(db: Db, userId: string, id: string, lock = false) {
  return findBook(db, { userId }, id, lock);
}
export type Instance = Awaited<ReturnType<typeof ownBook>>;

async function isPaid(db: Db, bookInstanceId: string): Promise<boolean> {
  const [order] = await db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.bookInstanceId, bookInstanceId));
  return order !== undefined && !isPaymentOpen(order.paymentStatus);
}

/** Changes are made to a drawn, unpaid book only. */
async function editableBook(tx: Db, userId: string, id: string) {
  const instance = await ownBook(tx, userId, id, true);
  if (await isPaid(tx, instance.id)) {
    throw new AppError('ORDER_ALREADY_PAID', 'This book has been paid for: it can no longer be changed.');
  }
  const current = await versionById(tx, instance.id, instance.currentVersionId);
  if (instance.status !== 'ready' || !current) {
    throw new AppError('JOB_INVALID_STATE', 'This book is still being drawn. Please wait until it is ready.');
  }
  return { instance, current };
}

/** Where the pictures are read: the owner's reader, or the operator console. */
const imageBase = (access: BookAccess) => ('userId' in access ? '/api/books' : '/api/admin/books');

/** The picture a printed position shows: its own, or (title page) the one it repeats. */
function pictureOf(instance: Instance, version: BookVersion, position: number) {
  if (position === TITLE_PAGE) {
    // The title page shows the cover's art, or a coloring book's first picture in line art.
    const source = instance.bookType === 'coloring' ? storyPosition(1) : FRONT_COVER;
    const picture = version.pictures[source];
    return picture ? { ...picture, source } : undefined;
  }
  const picture = version.pictures[position];
  return picture ? { ...picture, source: position } : undefined;
}

/**
 * The pages as the reader shows them; `binding`, the one the order prints (a gift copy: the
 * copies'), that the front cover is shown on (softcover before one is chosen).
 */
function previewPages(
  instance: Instance,
  version: BookVersion,
  base: string,
  binding: CoverType | null,
): BookPreviewPage[] {
  const { texts } = version;
  const language = languageOr(instance.language);
  const back = backCoverText(
    instance.themeId,
    language,
    instance.bookType,
    bookNames(texts, instance.wizardMetadata),
  );
  return bookPreviewPages(texts, back, (position) => {
    const picture = pictureOf(instance, version, position);
    if (!picture) return [];
    // The front cover is the printed one: its address carries the words it prints and the binding.
    if (position === FRONT_COVER) {
      const tag = frontCoverTag(picture.sha256, texts, language, binding ?? 'softcover');
      return previewImages(base, instance.id, position, tag);
    }
    // A story page shows its words on the picture, as printed: new words, a new address (a
    // bilingual page's second text is told from the same names, so it changes with them).
    const words = printedText(instance, version, position);
    return previewImages(
      base,
      instance.id,
      position,
      words === undefined ? picture.sha256 : tagOf(picture.sha256, words),
    );
  });
}

/** "Your book" as the reader shows it (contract: src/shared/contracts/book-preview.ts). */
export async function getPreview(
  deps: BooksDeps,
  userId: string,
  id: string,
  copy?: number,
): Promise<BookPreview> {
  const preview = await previewOf(deps, { userId }, id);
  return copy === undefined ? preview : copyPreview(deps, userId, id, copy, preview);
}

/**
 * A gift copy of the caller's order as it will print (issue 18): the same pictures with the copy's
 * own dedication and language, read-only. The copy must be on the caller's order of this book
 * (another account's, or a copy that asks for nothing of its own, is 404).
 */
async function copyPreview(
  deps: BooksDeps,
  userId: string,
  id: string,
  position: number,
  preview: BookPreview,
): Promise<BookPreview> {
  const instance = await ownBook(deps.db, userId, id);
  const current = await versionById(deps.db, instance.id, instance.currentVersionId);
  const variant = await giftCopyVariant(deps, userId, instance, current, position);
  if (!current || !variant) return { ...preview, copy: position, candidates: [] };
  // The copies print on the binding chosen for them at checkout.
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.bookInstanceId, instance.id), eq(orders.userId, userId)));
  const binding = order ? ((await orderCoverTypes(deps.db, order)).copy ?? null) : null;
  return {
    ...preview,
    copy: position,
    binding,
    title: variant.texts.title,
    language: variant.plan.language,
    dedication: { message: variant.texts.dedicationMessage, signature: variant.texts.dedicationSignature },
    pages: previewPages(
      { ...instance, language: variant.plan.language },
      { ...current, texts: variant.texts },
      imageBase({ userId }),
      binding,
    ).map((page) => ({
      ...page,
      redrawable: false,
      // The copy's own words on its pictures (pageImage with `copy`).
      images: page.images.map((image) => ({ ...image, url: `${image.url}&copy=${position}` })),
    })),
    candidates: [],
  };
}

/** A gift copy's words on the caller's order of this book; 404 for another account's or no such copy. */
export async function giftCopyVariant(
  deps: BooksDeps,
  userId: string,
  instance: Instance,
  current: BookVersion | undefined,
  position: number,
) {
  const [gift] = await deps.db
    .select({
      language: orderCopies.language,
      message: orderCopies.dedicationMessage,
      signature: orderCopies.dedicationSignature,
    })
    .from(orderCopies)
    .innerJoin(orders, eq(orders.id, orderCopies.orderId))
    .where(
      and(
        eq(orders.bookInstanceId, instance.id),
        eq(orders.userId, userId),
        eq(orderCopies.position, position),
      ),
    );
  if (!gift) throw notFound('Gift copy');
  if (!current) return undefined;
  const variant = {
    language: gift.language,
    dedication: gift.message !== null ? { message: gift.message, signature: gift.signature ?? '' } : null,
  };
  // `own`: the copy prints words of its own, from an interior of its own (print-book.ts).
  return { ...(await copyPlan(instance, current.texts, variant)), own: isOwnVariant(variant) };
}

/** Any book as the operator console shows it (the same pages, read-only; issue 17). */
export function operatorPreview(deps: BooksDeps, id: string): Promise<BookPreview> {
  return previewOf(deps, { operator: true }, id);
}

async function previewOf(deps: BooksDeps, access: BookAccess, id: string): Promise<BookPreview> {
  const { db } = deps;
  const instance = await findBook(db, access, id);
  const base = imageBase(access);
  const [current, approved, paid, redraws, [book], [order]] = await Promise.all([
    versionById(db, instance.id, instance.currentVersionId),
    versionById(db, instance.id, instance.approvedVersionId),
    isPaid(db, instance.id),
    db.select().from(pageRedraws).where(eq(pageRedraws.bookInstanceId, instance.id)),
    db.select({ title: books.title }).from(books).where(eq(books.id, instance.bookId)),
    db
      .select({ coverType: orders.coverType })
      .from(orders)
      .where(eq(orders.bookInstanceId, instance.id))
      .limit(1),
  ]);
  const metadata = instance.wizardMetadata;
  return {
    id: instance.id,
    title: current?.texts.title ?? (await bookTitle(instance, book?.title ?? '')),
    bookType: instance.bookType,
    language: languageOr(instance.language),
    status: instance.status,
    progress: { step: instance.currentStep, percentage: instance.progressPercentage },
    currentVersion: current?.number ?? null,
    approvedVersion: approved?.number ?? null,
    paid,
    names: {
      child: current?.texts.childName ?? metadata.childName ?? '',
      ...(metadata.childGender ? { childGender: metadata.childGender } : {}),
      toy: current?.texts.toyName ?? metadata.toyName ?? '',
      // The children beside the lead (issue 35), as the version names them: absent for one child.
      ...(metadata.companions?.length
        ? { companions: companionNamesOf(metadata.companions, current?.texts.companionNames) }
        : {}),
    },
    dedication: {
      message: current?.texts.dedicationMessage ?? metadata.dedicationMessage ?? '',
      signature: current?.texts.dedicationSignature ?? metadata.dedicationSignature ?? '',
    },
    pages: current ? previewPages(instance, current, base, order?.coverType ?? null) : [],
    binding: order?.coverType ?? null,
    redraws: {
      used: redraws.filter(countsAgainstLimit).length,
      max: BOOK_PREVIEW.redrawsPerBook,
    },
    candidates: redraws
      .filter((redraw) => (PENDING_REDRAWS as readonly string[]).includes(redraw.status))
      .sort((a, b) => a.position - b.position)
      .map((redraw) => ({
        position: redraw.position,
        status: redraw.status as 'drawing' | 'ready' | 'failed',
        // Nearly the same as the picture it replaces: it did not use one of the book's redraws.
        ...(redraw.status === 'ready' && redraw.nearlySame ? { free: true } : {}),
        images:
          redraw.status === 'ready' && redraw.sha256
            ? previewImages(base, instance.id, redraw.position, redraw.sha256, true)
            : [],
      })),
  };
}

/**
 * A cast's companions' names as a version gives them (the wizard's for a version made before they
 * were kept), in the cast's order; none for a book of one child (docs/decisions/030-siblings.md).
 */
function companionNamesOf(
  companions: readonly { name: string }[] | undefined,
  names: readonly string[] | undefined,
): string[] {
  return (renamedCompanions(companions, names) ?? []).map((companion) => companion.name);
}

/**
 * New names, dedication or signature: a new version with the story's words set again and every
 * picture kept (nothing is drawn). The version is where the book's words live: titles elsewhere read
 * them through book/words.ts (docs/decisions/018).
 */
export async function updateTexts(
  deps: BooksDeps,
  userId: string,
  id: string,
  change: BookTextsUpdate,
): Promise<BookPreview> {
  await deps.db.transaction(async (tx) => {
    const { instance, current } = await editableBook(tx, userId, id);
    const companions = companionNamesOf(instance.wizardMetadata.companions, current.texts.companionNames);
    if (change.companionNames && change.companionNames.length !== companions.length) {
      throw new AppError(
        'BOOK_NAMES_MISMATCH',
        `This book tells of ${companions.length} ${companions.length === 1 ? 'child' : 'children'} beside the lead: give ${companions.length === 1 ? 'one name' : `${companions.length} names`}.`,
      );
    }
    const companionNames = change.companionNames ?? companions;
    const childName = change.childName ?? current.texts.childName;
    const toyName = change.toyName ?? current.texts.toyName;
    // The companions' toys are the wizard's (the reader renames the children and the lead's toy only).
    const withToys = (names: readonly string[]) =>
      names.map((name, at) => ({ name, toy: instance.wizardMetadata.companions?.[at]?.toy }));
    const names = {
      childName,
      toyName,
      // A cast's dedication still as the wizard suggested it names the new names (issue 35).
      dedicationMessage: renamedDedication(
        languageOr(instance.language),
        {
          child: current.texts.childName,
          companions: withToys(companions),
          toy: current.texts.toyName,
          message: current.texts.dedicationMessage,
        },
        { child: childName, companions: withToys(companionNames), toy: toyName },
        change.dedicationMessage,
      ),
      dedicationSignature: change.dedicationSignature ?? current.texts.dedicationSignature,
    };
    const unchanged =
      (Object.keys(names) as (keyof typeof names)[]).every((key) => names[key] === current.texts[key]) &&
      companionNames.every((name, at) => name === companions[at]);
    if (unchanged) return;
    const words = { ...names, companionNames };
    const plan = await planFromVersion(instance, words);
    await addVersion(tx, instance.id, versionTexts(words, plan.story), current.pictures);
  });
  return getPreview(deps, userId, id);
}

/** "Draw this page again": a story page, within the book's limit, one pending redraw per page. */
export async function requestRedraw(
  deps: BooksDeps,
  userId: string,
  id: string,
  position: number,
): Promise<BookPreview> {
  await deps.db.transaction(async (tx) => {
    const { instance, current } = await editableBook(tx, userId, id);
    await startRedraw(tx, instance.id, current, position, { limited: true });
  });
  return getPreview(deps, userId, id);
}

/**
 * An operator draws a page of a paid book again before it is printed (issue 17: review before
 * print). No limit applies; the caller (the admin service) checked that the order has not gone to
 * the printer.
 */
export async function operatorRequestRedraw(tx: Db, id: string, position: number): Promise<void> {
  const instance = await findBook(tx, { operator: true }, id, true);
  const current = await versionById(tx, instance.id, instance.currentVersionId);
  if (!current) throw new AppError('JOB_INVALID_STATE', 'This book has no pages to draw again yet.');
  await startRedraw(tx, instance.id, current, position, { limited: false });
}

/** Queues one story page's new picture; one at a time per page, within the book's limit if asked. */
async function startRedraw(
  tx: Db,
  bookInstanceId: string,
  current: BookVersion,
  position: number,
  { limited }: { limited: boolean },
): Promise<void> {
  const storyPage = storyPageOf(position);
  if (storyPage < 1 || storyPage > current.texts.pages.length) {
    throw new AppError('VALIDATION_INVALID_PARAM', 'Only a story page can be drawn again.');
  }
  const redraws = await tx
    .select({
      position: pageRedraws.position,
      status: pageRedraws.status,
      nearlySame: pageRedraws.nearlySame,
    })
    .from(pageRedraws)
    .where(eq(pageRedraws.bookInstanceId, bookInstanceId));
  if (
    redraws.some((redraw) => redraw.position === position && ['drawing', 'ready'].includes(redraw.status))
  ) {
    throw new AppError(
      'JOB_INVALID_STATE',
      'This page is already being drawn again. Please choose a picture first.',
    );
  }
  const used = redraws.filter(countsAgainstLimit).length;
  if (limited && used >= BOOK_PREVIEW.redrawsPerBook) {
    throw new AppError(
      'REDRAW_LIMIT_REACHED',
      `Each book can have ${BOOK_PREVIEW.redrawsPerBook} pages drawn again, and they are used.`,
    );
  }
  const variant = redraws.filter((redraw) => redraw.position === position).length + 1;
  const [redraw] = await tx
    .insert(pageRedraws)
    .values({ bookInstanceId, position, variant })
    .returning({ id: pageRedraws.id });
  await enqueue(tx, 'redraw-page', { redrawId: redraw!.id }, { singletonKey: `redraw-page:${redraw!.id}` });
  // A failed redraw of this page is replaced by the new one.
  await tx
    .update(pageRedraws)
    .set({ status: 'discarded', updatedAt: sql`now()` })
    .where(
      and(
        eq(pageRedraws.bookInstanceId, bookInstanceId),
        eq(pageRedraws.position, position),
        eq(pageRedraws.status, 'failed'),
      ),
    );
}

/** The parent picks between a page's old and new picture; the new one makes a new version. */
export async function chooseRedraw(
  deps: BooksDeps,
  userId: string,
  id: string,
  position: number,
  picture: 'old' | 'new',
): Promise<BookPreview> {
  await deps.db.transaction(async (tx) => {
    const { instance, current } = await editableBook(tx, userId, id);
    await settleRedraw(tx, instance.id, current, position, picture);
  });
  return getPreview(deps, userId, id);
}

/**
 * An operator keeps a page's new picture (or the old one) in a paid book before print: the new
 * version is approved at once, since it is what will print; the admin service points the order at
 * it and writes the audit line. Answers the new version, or null when nothing changed.
 */
export async function operatorChooseRedraw(
  tx: Db,
  id: string,
  position: number,
  picture: 'old' | 'new',
): Promise<BookVersion | null> {
  const instance = await findBook(tx, { operator: true }, id, true);
  const current = await versionById(tx, instance.id, instance.currentVersionId);
  if (!current) throw new AppError('JOB_INVALID_STATE', 'This book has no pages yet.');
  const version = await settleRedraw(tx, instance.id, current, position, picture);
  if (!version) return null;
  await tx.update(bookVersions).set({ approvedAt: sql`now()` }).where(eq(bookVersions.id, version.id));
  await tx
    .update(bookInstances)
    .set({ approvedVersionId: version.id, updatedAt: sql`now()` })
    .where(eq(bookInstances.id, instance.id));
  return version;
}

/** Keeps the old picture (nothing changes) or the new one (a new version); null when no version was made. */
async function settleRedraw(
  tx: Db,
  bookInstanceId: string,
  current: BookVersion,
  position: number,
  picture: 'old' | 'new',
): Promise<BookVersion | null> {
  const [candidate] = await tx
    .select()
    .from(pageRedraws)
    .where(
      and(
        eq(pageRedraws.bookInstanceId, bookInstanceId),
        eq(pageRedraws.position, position),
        inArray(pageRedraws.status, [...PENDING_REDRAWS]),
      ),
    );
  if (!candidate) throw notFound('New picture of this page');
  if (picture === 'old') {
    // Keeping the old picture changes nothing in the book: no new version. A failed redraw
    // (not counted) is simply dismissed.
    if (candidate.status === 'failed') {
      await tx.delete(pageRedraws).where(eq(pageRedraws.id, candidate.id));
    } else {
      await tx
        .update(pageRedraws)
        .set({ status: 'discarded', updatedAt: sql`now()` })
        .where(eq(pageRedraws.id, candidate.id));
    }
    return null;
  }
  if (candidate.status !== 'ready' || !candidate.storageKey || !candidate.sha256) {
    throw new AppError('JOB_INVALID_STATE', 'The new picture is not ready yet.');
  }
  const pictures: BookVersionPictures = {
    ...current.pictures,
    [position]: { key: candidate.storageKey, sha256: candidate.sha256 },
  };
  const version = await addVersion(tx, bookInstanceId, current.texts, pictures);
  await tx
    .update(pageRedraws)
    .set({ status: 'kept', updatedAt: sql`now()` })
    .where(eq(pageRedraws.id, candidate.id));
  return version;
}

/**
 * "This is my book": the current version approved, its pictures checked against their hashes
 * first. Approving an older version than the current one is refused (the parent has not seen it).
 */
export async function approve(
  deps: BooksDeps,
  userId: string,
  id: string,
  versionNumber: number,
): Promise<BookPreview> {
  await deps.db.transaction(async (tx) => {
    const { instance, current } = await editableBook(tx, userId, id);
    if (current.number !== versionNumber) {
      throw new AppError(
        'BOOK_VERSION_SUPERSEDED',
        'Your book has changed since this version. Please look at the new version and approve it.',
      );
    }
    await approvedPictures(deps.storage, current);
    await tx
      .update(bookVersions)
      .set({ approvedAt: sql`coalesce(${bookVersions.approvedAt}, now())` })
      .where(eq(bookVersions.id, current.id));
    await tx
      .update(bookInstances)
      .set({ approvedVersionId: current.id, updatedAt: sql`now()` })
      .where(eq(bookInstances.id, instance.id));
  });
  return getPreview(deps, userId, id);
}

/**
 * Whether the book can be paid for: its current version approved, none approved, or an approved
 * version changed since (the checkout page says so before the buyer fills anything in).
 */
export function approvalOf(instance: {
  currentVersionId: string | null;
  approvedVersionId: string | null;
}): BookApproval {
  if (!instance.approvedVersionId) return 'not_approved';
  return instance.approvedVersionId === instance.currentVersionId ? 'approved' : 'superseded';
}

/**
 * The version an order of this book pays for: the approved one, and only while it is the current
 * one (checkout, in its transaction). The errors say what the parent has to do.
 */
export function payableVersion(instance: {
  currentVersionId: string | null;
  approvedVersionId: string | null;
}): string {
  const approval = approvalOf(instance);
  if (approval === 'not_approved' || !instance.approvedVersionId) {
    throw new AppError(
      'BOOK_NOT_APPROVED',
      'Please look through your book and approve it ("This is my book") before paying.',
    );
  }
  if (approval === 'superseded') {
    throw new AppError(
      'BOOK_VERSION_SUPERSEDED',
      'Your book has changed since you approved it. Please approve the new version before paying.',
    );
  }
  return instance.approvedVersionId;
}

/** Approved books not paid yet (the top bar's cart badge). */
export async function unpaidApprovedCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ books: count() })
    .from(bookInstances)
    .where(
      and(
        eq(bookInstances.createdBy, userId),
        eq(bookInstances.status, 'ready'),
        sql`${bookInstances.approvedVersionId} is not null`,
        sql`${bookInstances.approvedVersionId} = ${bookInstances.currentVersionId}`,
        sql`not exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id}
          and ${orders.paymentStatus} in ('paid', 'refunded'))`,
      ),
    );
  return row?.books ?? 0;
}

/**
 * A page's picture at a web size, as WebP or AVIF (never the print PNG): made once per picture, width and format and
 * kept in the book's storage folder. The covers are shown as they print: the front cover's art
 * without the approved cover's painted words, the toy's portrait on the back; `binding`, the front
 * cover's before the book is paid (the reader's switch).
 */
export function pageImage(
  deps: BooksDeps,
  userId: string,
  id: string,
  position: number,
  width: PreviewImageWidth,
  candidate: boolean,
  copy?: number,
  binding?: CoverType,
  format: WebImageFormat = 'webp',
): Promise<Buffer> {
  return pageImageOf(deps, { userId }, id, position, width, candidate, copy, binding, format);
}

/** A page's picture for the operator console (any book). */
export function operatorPageImage(
  deps: BooksDeps,
  id: string,
  position: number,
  width: PreviewImageWidth,
  candidate: boolean,
): Promise<Buffer> {
  return pageImageOf(deps, { operator: true }, id, position, width, candidate);
}

const tagOf = (sha256: string, words: string) =>
  createHash('sha256').update(`${sha256}\n${words}`).digest('hex');

/** The text printed on a colour story page's picture in the book's language (undefined: none). */
function printedText(instance: Instance, version: BookVersion, position: number): string | undefined {
  if (instance.bookType === 'coloring') return undefined;
  return version.texts.pages[storyPageOf(position) - 1]?.text;
}

/**
 * The words printed on a colour story page's picture (undefined: a page shown without words on it),
 * with a bilingual edition's second text (issue 32) when the page prints in the book's language.
 */
async function printedWords(
  instance: Instance,
  version: BookVersion,
  position: number,
  printedIn: string,
): Promise<PageWords | undefined> {
  const text = printedText(instance, version, position);
  if (text === undefined) return undefined;
  const second = isLanguage(printedIn)
    ? await secondPageTexts(instance, version.texts, printedIn)
    : undefined;
  const secondText = second?.texts.get(storyPageOf(position));
  return secondText ? { text, secondText } : { text };
}

/** The cache tag of a printed page: a page in one language keeps the tag it always had. */
const wordsTag = (words: PageWords) => (words.secondText ? `${words.text}\n${words.secondText}` : words.text);

/**
 * A colour story page as it prints (issue 31): trimmed, its text on the panel where the print sets
 * it (print/printed-page.ts).
 */
async function printedStoryPage(
  deps: BooksDeps,
  instance: Instance,
  version: BookVersion,
  position: number,
  image: Buffer,
  words: PageWords,
  width: number,
  variant: number,
): Promise<Buffer> {
  let panel: PanelPlace | undefined;
  // A redraw (a candidate or kept) is checked in its own composition, as the print checks it.
  if (deps.localScenes) {
    const plan = await planFromVersion(instance, version.texts);
    const scene = plan.story.pages[storyPageOf(position) - 1]?.scene;
    if (scene) {
      const looks = drawnLooks(instance, version.texts.toyName);
      panel = (await scenePanelPlace(scene, words, looks, storyPageOf(position), variant)).place;
    }
  }
  return renderPrintedStoryPage({ image, ...words, panel, size: width });
}

async function pageImageOf(
  deps: BooksDeps,
  access: BookAccess,
  id: string,
  position: number,
  width: PreviewImageWidth,
  candidate: boolean,
  copy?: number,
  binding?: CoverType,
  format: WebImageFormat = 'webp',
): Promise<Buffer> {
  const instance = await findBook(deps.db, access, id);
  let picture: { key: string; sha256: string; source: number } | undefined;
  if (candidate) {
    const [redraw] = await deps.db
      .select()
      .from(pageRedraws)
      .where(
        and(
          eq(pageRedraws.bookInstanceId, instance.id),
          eq(pageRedraws.position, position),
          eq(pageRedraws.status, 'ready'),
        ),
      );
    if (redraw?.storageKey && redraw.sha256) {
      picture = { key: redraw.storageKey, sha256: redraw.sha256, source: position };
    }
  } else {
    const version = await versionById(deps.db, instance.id, instance.currentVersionId);
    picture = version ? pictureOf(instance, version, position) : undefined;
  }
  if (!picture) throw notFound('Picture');
  const current = await versionById(deps.db, instance.id, instance.currentVersionId);
  // A gift copy's page carries the copy's words (its language, its dedication), as it prints.
  const variant =
    copy !== undefined && 'userId' in access
      ? await giftCopyVariant(deps, access.userId, instance, current, copy)
      : undefined;
  // The front cover as it prints: the version's (the copy's) words set on the approved art.
  if (position === FRONT_COVER && !candidate && current) {
    return frontCoverImage(deps, instance, current, variant, width, binding, format);
  }
  const version = current && variant ? { ...current, texts: variant.texts } : current;
  const back = version ? backCoverPosition(version.texts.pages.length) : -1;
  // 'title-art': the title page's picture, the cover's art without its painted words, as printed
  // (earlier cached 'cover' pictures were the whole approved cover; '-2': cut below the ribbon's
  // tails, issue 31).
  const treatment = picture.source === FRONT_COVER ? 'title-art' : picture.source === back ? 'back' : 'page';
  const printedIn = variant?.plan.language ?? instance.language;
  const words =
    version && treatment === 'page'
      ? await printedWords(instance, version, picture.source, printedIn)
      : undefined;
  const keys = instanceKeys(instance.id);
  const cacheKey = keys.webImage(
    words === undefined
      ? `${picture.sha256}-${treatment === 'title-art' ? 'title-art-2' : treatment}`
      : `${tagOf(picture.sha256, wordsTag(words)).slice(0, 32)}-printed`,
    width,
    format,
  );
  const cached = await deps.storage.get('instances', cacheKey);
  if (cached) return cached.data;
  const original = await deps.storage.get('instances', picture.key);
  if (!original) throw new AppError('IMAGE_NOT_FOUND', 'This picture is no longer available.');
  const art =
    treatment === 'title-art'
      ? await titlePageArt(original.data)
      : treatment === 'back'
        ? await coverPortrait(original.data)
        : version && words !== undefined
          ? await printedStoryPage(
              deps,
              instance,
              version,
              picture.source,
              original.data,
              words,
              width,
              pictureVariant(picture.key),
            )
          : original.data;
  const encoded = await encodeForWeb(
    sharp(art, { limitInputPixels: false }).resize(width, width, { fit: 'cover' }),
    format,
  );
  await deps.storage.put('instances', cacheKey, encoded, { contentType: `image/${format}` });
  return encoded;
}
