import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { PREVIEW_IMAGE_WIDTHS } from '../../../shared/contracts/book-preview';
import {
  type BookStage,
  type Gallery,
  type Profile,
  type ProfileBooks,
  type ProfileBooksQuery,
  ProfileBooksQuerySchema,
  type ProfileOrders,
  type ProfilePageQuery,
  ProfilePageQuerySchema,
} from '../../../shared/contracts/profile';
import { storyPosition } from '../../../shared/domain/book-pages';
import { readPersonalisation } from '../../../shared/domain/book-personalisation';
import { encodePageCursor } from '../../../shared/domain/page-cursor';
import type { Storage } from '../../adapters/storage/index';
import { FRONT_COVER } from '../../book/versions';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { JobLogger } from '../../jobs/types';
import { instanceKeys, parseInstanceKey, wizardKeys } from '../../storage-keys';
import { bookTitle } from '../../stories/title';
import { orderView } from '../orders/repo';
import * as repo from './repo';

export type ProfileDeps = {
  db: Db;
  storage: Storage;
  log: Pick<JobLogger, 'info' | 'error'>;
  now: () => Date;
};

/** A file to send: its bytes, type and the name a download gets. */
export type ProfileFile = { data: Buffer; contentType: string; fileName: string };

const imagePath = (imageId: string) => `/api/profile/images/${imageId}`;
const characterPhotoPath = (characterId: string) => `/api/profile/characters/${characterId}/photo`;

/** `The Guardian Friend` -> `the-guardian-friend`, for download names. */
function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'book';
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const extensionOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? 'bin';

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return { id: user.id, email: user.email, name: user.name, image: user.image };
}

/**
 * The caller's new display name, on the account (what the header and the e-mails' sign-in show)
 * and on the profile row made at sign-up, together.
 */
export async function renameUser(db: Db, userId: string, name: string): Promise<Profile> {
  await db.transaction(async (tx) => {
    await repo.renameUser(tx, userId, name);
  });
  return getProfile(db, userId);
}

/** Where a book is for the parent: what My Books offers for it (issue 15). */
function bookStage(row: { status: string; paid: boolean; approved: boolean }): BookStage {
  if (row.paid || row.status === 'fulfilled') return 'paid';
  if (row.status === 'archived') return 'failed';
  if (row.status === 'abandoned') return 'abandoned';
  if (row.status !== 'ready') return 'drawing';
  return row.approved ? 'approved-unpaid' : 'to-approve';
}

/**
 * The front cover on the reader's own owner-only picture route (books module), at its smallest
 * size; the hash in the address changes with the picture, so a browser may keep it.
 */
const coverUrl = (bookInstanceId: string, sha256: string) =>
  `/api/books/${encodeURIComponent(bookInstanceId)}/pages/${FRONT_COVER}/image?w=${PREVIEW_IMAGE_WIDTHS[0]}&v=${sha256.slice(0, 16)}`;

/**
 * My Books, a page at a time (issue 19): each book with its production state, read from the
 * database only. The PDF is offered when print-book recorded storing it and retention has not
 * removed the book's files since; no storage call is made per book.
 */
export async function listBooks(
  deps: Pick<ProfileDeps, 'db'>,
  userId: string,
  query: ProfileBooksQuery,
): Promise<ProfileBooks> {
  const { limit, cursor, ids } = ProfileBooksQuerySchema.parse(query);
  const idList = ids?.split(',');
  // Asked for by id: every one of them that is the caller's (at most a page's maximum, the schema's).
  const wanted = idList ? idList.length : limit;
  const rows = await repo.bookPageQuery(deps.db, userId, { limit: wanted, cursor, ids: idList });
  const page = rows.slice(0, wanted);
  const extras = await repo.bookPageExtras(
    deps.db,
    userId,
    page.map((row) => row.id),
  );
  const books = await Promise.all(
    page.map(async (row) => {
      const order = extras.paidOrders.get(row.id);
      const paid = order !== undefined;
      return {
        id: row.id,
        title: await bookTitle(row, row.title),
        bookType: row.bookType,
        status: row.status,
        currentStep: row.currentStep,
        progressPercentage: row.progressPercentage,
        childName: readPersonalisation(row.wizardMetadata).childName ?? '',
        createdAt: row.createdAt.toISOString(),
        coverUrl: row.coverSha256 ? coverUrl(row.id, row.coverSha256) : null,
        imageCount: extras.imageCounts.get(row.id) ?? 0,
        pdfAvailable:
          row.status === 'fulfilled' && row.interiorStoredAt !== null && row.imagesDeletedAt === null,
        stage: bookStage({ status: row.status, paid, approved: row.approved }),
        order: order ?? null,
      };
    }),
  );
  const last = page.at(-1);
  return {
    books,
    nextCursor:
      !idList && rows.length > wanted && last
        ? encodePageCursor({ createdAt: last.cursorTime, id: last.id })
        : null,
  };
}

async function requireFulfilledBook(db: Db, userId: string, bookInstanceId: string) {
  const book = await repo.findOwnBook(db, userId, bookInstanceId);
  if (!book) throw notFound('Book');
  if (book.status !== 'fulfilled') {
    throw new AppError('JOB_INVALID_STATE', 'The pictures and the PDF are ready once the book is finished.');
  }
  return book;
}

/** The gallery opens once the book is paid for (issue 36): its pictures are final from then on. */
export async function getGallery(db: Db, userId: string, bookInstanceId: string): Promise<Gallery> {
  const book = await repo.findOwnBook(db, userId, bookInstanceId);
  if (!book) throw notFound('Book');
  if (!book.paid && book.status !== 'fulfilled') {
    throw new AppError('JOB_INVALID_STATE', 'The pictures are here once the book is paid for.');
  }
  const images = await repo.listBookImages(db, userId, bookInstanceId);
  return {
    title: await bookTitle(book, book.title),
    images: images.map((image) => ({
      id: image.id,
      url: imagePath(image.id),
      position: image.position,
      templateName: image.templateName,
    })),
  };
}

/** One picture of the user's books, named `{title}-page-{nn}.{ext}` for a download. */
export async function readImage(deps: ProfileDeps, userId: string, imageId: string): Promise<ProfileFile> {
  const image = await repo.findOwnImage(deps.db, userId, imageId);
  if (!image) throw notFound('Picture');
  // The picture the parent approved for this page (a redraw replaces the first drawing).
  const shown = image.position === null ? undefined : image.pictures?.[storyPosition(image.position)];
  const storagePath = shown?.key ?? image.storagePath;
  const object = await deps.storage.get('instances', storagePath);
  if (!object) throw notFound('Picture');
  const extension = extensionOf(storagePath);
  const page = String(image.position ?? 0).padStart(2, '0');
  return {
    data: object.data,
    contentType: object.contentType ?? EXTENSION_TYPES[extension] ?? 'application/octet-stream',
    fileName: `${slugify(await bookTitle(image, image.title))}-page-${page}.${extension}`,
  };
}

export async function readPdf(
  deps: ProfileDeps,
  userId: string,
  bookInstanceId: string,
): Promise<ProfileFile> {
  const book = await requireFulfilledBook(deps.db, userId, bookInstanceId);
  const object = await deps.storage.get('instances', instanceKeys(book.id).interior);
  if (!object) throw notFound('PDF');
  return {
    data: object.data,
    contentType: 'application/pdf',
    fileName: `${slugify(await bookTitle(book, book.title))}.pdf`,
  };
}

/** The Orders tab, a page at a time, newest first, each with the child it was made for. */
export async function listOrders(db: Db, userId: string, query: ProfilePageQuery): Promise<ProfileOrders> {
  const { limit, cursor } = ProfilePageQuerySchema.parse(query);
  const rows = await repo.orderPageQuery(db, userId, { limit, cursor });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: page.map(({ order, character, reviewId }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: order.paymentStatus,
      bookType: order.bookType,
      coverType: order.coverType,
      themeId: order.themeId,
      totalAmount: order.totalAmount,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      createdAt: order.createdAt.toISOString(),
      character: character
        ? {
            id: character.id,
            name: character.name,
            photoUrl: character.photoPath ? characterPhotoPath(character.id) : null,
          }
        : null,
      reviewed: reviewId !== null,
    })),
    nextCursor:
      rows.length > limit && last
        ? encodePageCursor({ createdAt: last.cursorTime, id: last.order.id })
        : null,
  };
}

export async function readCharacterPhoto(
  deps: ProfileDeps,
  userId: string,
  characterId: string,
): Promise<ProfileFile> {
  const character = await repo.findOwnCharacter(deps.db, userId, characterId);
  if (!character?.photoPath) throw notFound('Photo');
  const object = await deps.storage.get('instances', character.photoPath);
  if (!object) throw notFound('Photo');
  const extension = extensionOf(character.photoPath);
  return {
    data: object.data,
    contentType: object.contentType ?? EXTENSION_TYPES[extension] ?? 'application/octet-stream',
    fileName: `photo.${extension}`,
  };
}

const IMAGE_FILE = /\.(png|jpe?g|webp)$/i;

/** A download made while it is sent: the response never holds the whole file. */
export type ProfileStream = { stream: Readable; contentType: string; fileName: string };

/**
 * The user's data as a ZIP, written while it is sent (one picture in memory at a time, waiting for
 * the client to take each): `data.json` (account, books with their wizard data, orders with items,
 * addresses and reviews, characters, wizards still open with their steps), `photos/` (the uploaded
 * photos, a wizard's under its session), `pictures/` (covers and pages). Pictures are already
 * compressed, so they are stored as they are. The account is checked before anything is sent.
 */
export async function exportData(deps: ProfileDeps, userId: string): Promise<ProfileStream> {
  const { db } = deps;
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const add = async (name: string, data: Uint8Array, compress: boolean) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
    // The client reads at its pace: the next file is read from storage only once this one left.
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  writeExport(deps, user, add)
    .then(() => zip.end())
    .catch((error: unknown) => {
      deps.log.error({ err: error, userId }, 'data export failed while sending');
      zip.terminate();
      out.destroy(error instanceof Error ? error : new Error('data export failed'));
    });
  const date = deps.now().toISOString().slice(0, 10);
  return { stream: out, contentType: 'application/zip', fileName: `cuddle-tales-data-${date}.zip` };
}

async function writeExport(
  deps: ProfileDeps,
  user: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>,
  add: (name: string, data: Uint8Array, compress: boolean) => Promise<void>,
): Promise<void> {
  const { db, storage } = deps;
  const userId = user.id;
  const [bookRows, orderRows, characterRows, providers, wizards] = await Promise.all([
    repo.listBooks(db, userId),
    repo.listOrders(db, userId),
    repo.listCharacters(db, userId),
    repo.listAccountProviders(db, userId),
    repo.listWizards(db, userId),
  ]);

  const written = new Set<string>();
  const booksData = [];
  for (const book of bookRows) {
    const stored: string[] = [];
    for (const key of await storage.list('instances', instanceKeys(book.id).folder)) {
      const where = parseInstanceKey(key);
      if (!where || !IMAGE_FILE.test(where.path)) continue;
      const name = where.originalPhoto
        ? `photos/${book.id}/${where.originalPhoto}`
        : `pictures/${book.id}/${where.path}`;
      const object = await storage.get('instances', key);
      if (!object) continue;
      await add(name, new Uint8Array(object.data), false);
      written.add(name);
      stored.push(name);
    }
    booksData.push({
      id: book.id,
      title: await bookTitle(book, book.title),
      themeId: book.themeId,
      bookType: book.bookType,
      status: book.status,
      language: book.language,
      currentStep: book.currentStep,
      progressPercentage: book.progressPercentage,
      wizardMetadata: book.wizardMetadata,
      createdAt: book.createdAt.toISOString(),
      updatedAt: book.updatedAt.toISOString(),
      files: stored,
    });
  }

  // A wizard not finished yet: the child's details typed so far, the photos uploaded, the covers.
  const wizardsData = [];
  for (const wizard of wizards) {
    const stored: string[] = [];
    for (const key of await storage.list('wizard-temp', wizardKeys(wizard.sessionId).folder)) {
      if (!IMAGE_FILE.test(key)) continue;
      const object = await storage.get('wizard-temp', key);
      if (!object) continue;
      const name = `photos/wizard/${key}`;
      await add(name, new Uint8Array(object.data), false);
      stored.push(name);
    }
    wizardsData.push({
      id: wizard.sessionId,
      themeId: wizard.themeId,
      bookType: wizard.bookType,
      status: wizard.status,
      bookInstanceId: wizard.bookInstanceId,
      prefill: wizard.prefill,
      steps: wizard.steps.map((step) => ({
        step: step.stepNumber,
        type: step.stepType,
        data: step.data,
      })),
      createdAt: wizard.createdAt.toISOString(),
      updatedAt: wizard.updatedAt.toISOString(),
      files: stored,
    });
  }

  const ordersData = await Promise.all(
    orderRows.map(async ({ order, reviewed }) => ({
      ...(await orderView(db, order)),
      reviewed: Boolean(reviewed),
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      characterId: order.characterId,
    })),
  );

  const charactersData = characterRows.map((character) => {
    // The photo is the first upload of one of the user's books: an original photo in the ZIP's photos/.
    const where = character.photoPath ? parseInstanceKey(character.photoPath) : undefined;
    const photo = where?.originalPhoto ? `photos/${where.bookInstanceId}/${where.originalPhoto}` : null;
    return {
      id: character.id,
      name: character.name,
      createdAt: character.createdAt.toISOString(),
      photo: photo && written.has(photo) ? photo : null,
    };
  });

  const data = {
    exportedAt: deps.now().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      language: user.language,
      createdAt: user.createdAt.toISOString(),
      signInMethods: providers.map((account) => ({
        provider: account.providerId,
        createdAt: account.createdAt.toISOString(),
      })),
    },
    books: booksData,
    wizards: wizardsData,
    orders: ordersData,
    characters: charactersData,
  };
  await add('data.json', strToU8(JSON.stringify(data, null, 2)), true);
}

/**
 * Delete Account (docs/product.md): one transaction removes the user's rows and anonymises their orders;
 * then their files go from storage (every file of their books, their wizard uploads). The log
 * gets counts only, never an e-mail or a name.
 */
export async function deleteAccount(deps: ProfileDeps, userId: string): Promise<void> {
  const deleted = await deps.db.transaction((tx) => repo.deleteUserRows(tx, userId));
  if (!deleted) throw notFound('Account');
  const removals = [
    ...deleted.bookInstanceIds.map((id) => deps.storage.deletePrefix('instances', instanceKeys(id).folder)),
    ...deleted.wizardSessionIds.map((id) => deps.storage.deletePrefix('wizard-temp', wizardKeys(id).folder)),
    ...deleted.characterPhotoPaths.map((key) => deps.storage.delete('instances', key).then(() => 0)),
  ];
  const results = await Promise.allSettled(removals);
  const files = results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
  const failed = results.filter((result) => result.status === 'rejected').length;
  const summary = { userId, ...deleted.counts, files, failedFileRemovals: failed };
  if (failed > 0) deps.log.error(summary, 'account deleted, but some files could not be removed');
  else deps.log.info(summary, 'account deleted');
}
