import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Storage } from '../adapters/storage/index';
import type { Db } from '../db/client';
import { type BookVersionPictures, type BookVersionTexts, bookInstances, bookVersions } from '../db/schema';
import { PermanentJobError } from '../jobs/errors';
import type { RenderedStory } from '../stories/story';

/**
 * A book's versions (issue 15): what the parent reads, changes and approves before paying, and what
 * is printed after. Positions are the printed pages: 0 the front cover, 1 the title page, 2 the
 * dedication, 3.. the story pages (story page n at n + 2), and the back cover after the last one.
 */

// The positions live beside the page list the reader and its test stand-in share.
export {
  backCoverPosition,
  DEDICATION_PAGE,
  FRONT_COVER,
  storyPageOf,
  storyPosition,
  TITLE_PAGE,
} from '../../shared/domain/book-pages';

export type BookVersion = typeof bookVersions.$inferSelect;

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The words of a version as the story renders them with its names and dedication. */
export function versionTexts(
  names: {
    childName: string;
    toyName: string;
    companionNames?: readonly string[] | undefined;
    dedicationMessage: string;
    dedicationSignature: string;
  },
  story: RenderedStory,
): BookVersionTexts {
  const { companionNames, ...rest } = names;
  return {
    ...rest,
    // Only a cast keeps its companions' names: a book of one child's texts are as they always were.
    ...(companionNames?.length ? { companionNames: [...companionNames] } : {}),
    title: story.title,
    subtitle: story.subtitle,
    dedication: { message: story.dedication.message, signature: story.dedication.signature },
    pages: story.pages.map((page) => ({ position: page.position, text: page.text })),
  };
}

/**
 * The hash a version is approved with: every text and every picture's sha256, in a fixed order, so
 * the same book always gives the same hash and any changed word or pixel gives another.
 */
export function contentHash(texts: BookVersionTexts, pictures: BookVersionPictures): string {
  const canonical = JSON.stringify({
    texts: {
      childName: texts.childName,
      toyName: texts.toyName,
      // Hashed only when kept (a cast): a book of one child's hash is the one it always had.
      ...(texts.companionNames?.length ? { companionNames: texts.companionNames } : {}),
      dedicationMessage: texts.dedicationMessage,
      dedicationSignature: texts.dedicationSignature,
      title: texts.title,
      subtitle: texts.subtitle,
      dedication: [texts.dedication.message, texts.dedication.signature],
      pages: [...texts.pages]
        .sort((a, b) => a.position - b.position)
        .map((page) => [page.position, page.text]),
    },
    pictures: Object.entries(pictures)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([position, picture]) => [Number(position), picture.sha256]),
  });
  return sha256(Buffer.from(canonical, 'utf8'));
}

/** A picture of the book with its hash, read from storage. */
export async function hashedPicture(storage: Storage, key: string): Promise<{ key: string; sha256: string }> {
  const object = await storage.get('instances', key);
  if (!object) throw new PermanentJobError('JOB_DEPENDENCY_MISSING', `The picture ${key} is missing`);
  return { key, sha256: sha256(object.data) };
}

/**
 * Adds the next version of a book and makes it the current one, in the caller's transaction (the
 * instance row is locked first, so two changes at once make versions n + 1 and n + 2).
 */
export async function addVersion(
  tx: Db,
  bookInstanceId: string,
  texts: BookVersionTexts,
  pictures: BookVersionPictures,
): Promise<BookVersion> {
  await tx
    .select({ id: bookInstances.id })
    .from(bookInstances)
    .where(eq(bookInstances.id, bookInstanceId))
    .for('update');
  const [last] = await tx
    .select({ number: bookVersions.number })
    .from(bookVersions)
    .where(eq(bookVersions.bookInstanceId, bookInstanceId))
    .orderBy(desc(bookVersions.number))
    .limit(1);
  const [version] = await tx
    .insert(bookVersions)
    .values({
      bookInstanceId,
      number: (last?.number ?? 0) + 1,
      texts,
      pictures,
      contentHash: contentHash(texts, pictures),
    })
    .returning();
  if (!version) throw new Error('no version inserted');
  await tx
    .update(bookInstances)
    .set({ currentVersionId: version.id, updatedAt: sql`now()` })
    .where(eq(bookInstances.id, bookInstanceId));
  return version;
}

export async function versionById(db: Db, bookInstanceId: string, id: string | null) {
  if (!id) return undefined;
  const [version] = await db
    .select()
    .from(bookVersions)
    .where(and(eq(bookVersions.id, id), eq(bookVersions.bookInstanceId, bookInstanceId)));
  return version;
}

/**
 * Verifies a version's pictures against their recorded hashes and the version's content hash, and
 * answers the pictures. A picture changed or missing since approval fails for good: printing
 * anything but what the parent approved is worse than not printing.
 */
export async function approvedPictures(storage: Storage, version: BookVersion): Promise<Map<number, Buffer>> {
  const pictures = new Map<number, Buffer>();
  for (const [position, picture] of Object.entries(version.pictures)) {
    const object = await storage.get('instances', picture.key);
    if (!object) {
      throw new PermanentJobError(
        'JOB_DEPENDENCY_MISSING',
        `The approved picture of page ${position} (${picture.key}) is missing: the book is not printed`,
      );
    }
    const actual = sha256(object.data);
    if (actual !== picture.sha256) {
      throw new PermanentJobError(
        'JOB_DEPENDENCY_MISSING',
        `The picture of page ${position} is not the approved one (sha256 ${actual.slice(0, 12)}…, approved ${picture.sha256.slice(0, 12)}…): the book is not printed`,
      );
    }
    pictures.set(Number(position), object.data);
  }
  if (contentHash(version.texts, version.pictures) !== version.contentHash) {
    throw new PermanentJobError(
      'JOB_DEPENDENCY_MISSING',
      `Version ${version.number} of book ${version.bookInstanceId} does not match its content hash: the book is not printed`,
    );
  }
  return pictures;
}
