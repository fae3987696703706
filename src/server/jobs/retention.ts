import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';
import { RETENTION } from '../../shared/constants';
import { pruneOutbox } from '../adapters/mail/outbox';
import type { Storage } from '../adapters/storage/index';
import type { Db } from '../db/client';
import {
  bookInstances,
  bookVersions,
  characters,
  failedSignIns,
  generatedImages,
  jobs,
  orders,
  pageRedraws,
  wizardSessions,
} from '../db/schema';
import { instanceKeys, wizardKeys, wizardSessionOfKey } from '../storage-keys';
import { enqueue } from './queue';
import type { JobLogger } from './types';

export type RetentionDeps = {
  db: Db;
  storage: Storage;
  log: Pick<JobLogger, 'info'>;
  /** A demo shop's outbox folder (no SMTP), whose old messages go too. */
  outboxDir?: string;
  /** The clock (tests move it forward). */
  now?: () => Date;
};

/** What one run removed; logged and returned. */
export type RetentionCounts = {
  /** Books whose original photos (`instanceKeys(id).inputFolder`) were removed, and how many files. */
  originalPhotoBooks: number;
  originalPhotoFiles: number;
  /** Books whose derived files (covers, pages, print files) were removed, and how many files. */
  derivedImageBooks: number;
  derivedImageFiles: number;
  /** Wizard upload folders (`wizardKeys(session).folder`) removed, and how many files. */
  temporaryUploadSessions: number;
  temporaryUploadFiles: number;
  /** Unpaid drafts marked `abandoned`. */
  abandonedDrafts: number;
  /** Files of those drafts deleted (photos and covers). */
  abandonedDraftFiles: number;
  /** Failed sign-in records older than a day (the e-mail address someone tried). */
  failedSignIns: number;
  /**
   * Finished jobs older than 30 days, except those whose once-only key still guards something
   * (an order's e-mail, a book's production): a job without a key, or an hourly retention run.
   */
  doneJobs: number;
  /** Outbox messages older than 30 days (a demo shop). */
  outboxMessages: number;
  /** Half-written temporary files a crash left in the file store (Storage.removeLeftovers). */
  leftoverTemporaryFiles: number;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

/** What each step of a run reads: the database, the file store and the run's moment. */
type RetentionRun = { db: Db; storage: Storage; now: Date };

/**
 * Keeps the privacy policy's promises (docs/product.md, RETENTION): original photos go 3 weeks after the
 * order was delivered, derived pictures and print files 6 months after, wizard uploads 24 hours
 * after their wizard was last used, and drafts left unpaid for 30 days are marked `abandoned`;
 * failed sign-ins are kept a day, and a demo shop's outbox 30 days.
 * Each book is marked when it was cleaned, so a run only looks at what is left, and running twice
 * removes nothing more.
 */
export async function runRetention(deps: RetentionDeps): Promise<RetentionCounts> {
  const { db, storage } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const run: RetentionRun = { db, storage, now };

  // Derived files first: a book past 6 months loses everything at once, photos included.
  const derived = await removeDerivedImages(run);
  const photos = await removeOriginalPhotos(run);
  const uploads = await removeTemporaryUploads(run);
  const drafts = await abandonUnpaidDrafts(run);
  const counts: RetentionCounts = {
    ...photos,
    ...derived,
    ...uploads,
    ...drafts,
    failedSignIns: await deleteFailedSignIns(run),
    doneJobs: await deleteDoneJobs(run),
    outboxMessages: deps.outboxDir
      ? await pruneOutbox(deps.outboxDir, new Date(now.getTime() - RETENTION.outboxDays * DAY_MS))
      : 0,
    leftoverTemporaryFiles: (await storage.removeLeftovers?.()) ?? 0,
  };

  deps.log.info({ ...counts, at: now.toISOString() }, 'retention run');
  return counts;
}

/** The books whose order was delivered before `before` and that `cleanedAt` does not mark yet. */
function deliveredBooksNotCleaned(
  db: Db,
  before: Date,
  cleanedAt: typeof bookInstances.imagesDeletedAt | typeof bookInstances.photosDeletedAt,
): Promise<{ id: string }[]> {
  return db
    .select({ id: bookInstances.id })
    .from(bookInstances)
    .innerJoin(orders, eq(orders.bookInstanceId, bookInstances.id))
    .where(and(isNotNull(orders.deliveredAt), lte(orders.deliveredAt, before), isNull(cleanedAt)));
}

/** The characters whose photo was stored under `folder` keep their name, without a picture. */
async function forgetPhotosUnder(tx: Db, folder: string): Promise<void> {
  await tx
    .update(characters)
    .set({ photoPath: null })
    .where(like(characters.photoPath, `${folder}%`));
}

/** Covers, pages and print files of books delivered more than 6 months ago (their photos too). */
async function removeDerivedImages({ db, storage, now }: RetentionRun) {
  const counts = { derivedImageBooks: 0, derivedImageFiles: 0 };
  const books = await deliveredBooksNotCleaned(
    db,
    monthsBefore(now, RETENTION.derivedImagesMonths),
    bookInstances.imagesDeletedAt,
  );
  for (const { id } of books) {
    // Files first, then the mark: a run that stops in between simply does it again.
    const folder = instanceKeys(id).folder;
    counts.derivedImageFiles += await storage.deletePrefix('instances', folder);
    await db.transaction(async (tx) => {
      await tx.delete(generatedImages).where(eq(generatedImages.bookInstanceId, id));
      await forgetPhotosUnder(tx, folder);
      await tx
        .update(bookInstances)
        .set({
          imagesDeletedAt: now,
          photosDeletedAt: sql`coalesce(${bookInstances.photosDeletedAt}, ${now})`,
        })
        .where(eq(bookInstances.id, id));
    });
    counts.derivedImageBooks += 1;
  }
  return counts;
}

/** The original photos of books delivered more than 3 weeks ago. */
async function removeOriginalPhotos({ db, storage, now }: RetentionRun) {
  const counts = { originalPhotoBooks: 0, originalPhotoFiles: 0 };
  const books = await deliveredBooksNotCleaned(
    db,
    new Date(now.getTime() - RETENTION.originalPhotosWeeks * 7 * DAY_MS),
    bookInstances.photosDeletedAt,
  );
  for (const { id } of books) {
    const inputFolder = instanceKeys(id).inputFolder;
    counts.originalPhotoFiles += await storage.deletePrefix('instances', inputFolder);
    await db.transaction(async (tx) => {
      // The child's photo was one of them: the character keeps its name, without a picture.
      await forgetPhotosUnder(tx, inputFolder);
      await tx.update(bookInstances).set({ photosDeletedAt: now }).where(eq(bookInstances.id, id));
    });
    counts.originalPhotoBooks += 1;
  }
  return counts;
}

/**
 * Wizard uploads live in one folder per wizard session; a folder whose session was last used
 * more than 24 hours ago (or that no session owns any more) goes.
 */
async function removeTemporaryUploads({ db, storage, now }: RetentionRun) {
  const counts = { temporaryUploadSessions: 0, temporaryUploadFiles: 0 };
  const uploadsBefore = new Date(now.getTime() - RETENTION.temporaryUploadsHours * HOUR_MS);
  const folders = [...new Set((await storage.list('wizard-temp', '')).map(wizardSessionOfKey))];
  if (folders.length === 0) return counts;
  const live = await db
    .select({ sessionId: wizardSessions.sessionId, updatedAt: wizardSessions.updatedAt })
    .from(wizardSessions)
    .where(inArray(wizardSessions.sessionId, folders));
  const lastUsed = new Map(live.map((row) => [row.sessionId, row.updatedAt]));
  for (const folder of folders) {
    const used = lastUsed.get(folder);
    if (used && used > uploadsBefore) continue;
    counts.temporaryUploadFiles += await storage.deletePrefix('wizard-temp', wizardKeys(folder).folder);
    counts.temporaryUploadSessions += 1;
  }
  return counts;
}

/**
 * A book nobody touched (checkout included: saving an order touches it) for 30 days, unpaid:
 * a draft, a book drawn before paying (issue 15), or one whose drawing failed.
 */
async function abandonUnpaidDrafts({ db, storage, now }: RetentionRun) {
  const draftsBefore = new Date(now.getTime() - RETENTION.unpaidDraftsDays * DAY_MS);
  const abandoned = await db
    .update(bookInstances)
    .set({ status: 'abandoned', updatedAt: now })
    .where(
      and(
        inArray(bookInstances.status, ['draft', 'ready', 'archived']),
        lte(bookInstances.updatedAt, draftsBefore),
        sql`not exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id}
          and ${orders.paymentStatus} = 'paid')`,
      ),
    )
    .returning({ id: bookInstances.id });
  const counts = { abandonedDrafts: abandoned.length, abandonedDraftFiles: 0 };
  // "Unpaid drafts are dropped after 30 days" (privacy page): their photos, covers, pages and
  // versions go with the mark.
  for (const { id } of abandoned) {
    const folder = instanceKeys(id).folder;
    await db.transaction(async (tx) => {
      await forgetPhotosUnder(tx, folder);
      await tx.delete(generatedImages).where(eq(generatedImages.bookInstanceId, id));
      await tx.delete(pageRedraws).where(eq(pageRedraws.bookInstanceId, id));
      await tx
        .update(bookInstances)
        .set({ currentVersionId: null, approvedVersionId: null })
        .where(eq(bookInstances.id, id));
      // An unpaid order's version is set to null by its foreign key.
      await tx.delete(bookVersions).where(eq(bookVersions.bookInstanceId, id));
    });
    counts.abandonedDraftFiles += await storage.deletePrefix('instances', folder);
  }
  return counts;
}

/** Failed sign-in records older than a day. */
async function deleteFailedSignIns({ db, now }: RetentionRun): Promise<number> {
  const signInsBefore = new Date(now.getTime() - RETENTION.failedSignInsHours * HOUR_MS);
  const signIns = await db
    .delete(failedSignIns)
    .where(lte(failedSignIns.createdAt, signInsBefore))
    .returning({ id: failedSignIns.id });
  return signIns.length;
}

/** Finished jobs older than 30 days whose once-only key guards nothing any more. */
async function deleteDoneJobs({ db, now }: RetentionRun): Promise<number> {
  const doneBefore = new Date(now.getTime() - RETENTION.doneJobsDays * DAY_MS);
  const done = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.state, 'done'),
        lte(jobs.updatedAt, doneBefore),
        or(isNull(jobs.singletonKey), eq(jobs.queue, 'retention')),
      ),
    )
    .returning({ id: jobs.id });
  return done.length;
}

/** The hour a run belongs to, e.g. `2025-03-01T14`: one retention job per hour (singleton key). */
export function retentionPeriod(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/**
 * Queues the retention run of the hour `at` falls in (due at `at`), once: its singleton key is the
 * hour, so any number of workers starting, or a run queuing its successor twice, adds one job.
 */
export async function scheduleRetention(db: Db, at: Date): Promise<boolean> {
  const period = retentionPeriod(at);
  return enqueue(db, 'retention', { period }, { singletonKey: `retention:${period}`, runAfter: at });
}

/** The start of the hour after `at`, when the next run is due. */
export function nextRetentionTime(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
}
