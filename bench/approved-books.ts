// Books as a finished wizard leaves them, drawn and approved by the parent, written straight into
// a bench's PostgreSQL database (the orders bench orders them; the signed-in bench lists them).
import { sql } from 'drizzle-orm';
import { contentHash, sha256, versionTexts } from '../src/server/book/versions';
import type { Db } from '../src/server/db/client';
import { bookInstances, books, bookVersions, users } from '../src/server/db/schema';
import { loadStory, renderStory } from '../src/server/stories/story';
import { backCoverPosition, FRONT_COVER, storyPosition } from '../src/shared/domain/book-pages';
import { personalisationOf } from '../test/personalisation-factory';

/** The order body the checkout sends (the orders bench sends it; the signed-in bench orders one book with it). */
export const ORDER_BODY = JSON.stringify({
  coverType: 'hardcover',
  grandparentCopies: { count: 2, coverType: 'softcover' },
  customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', phone: '' },
  shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  language: 'en',
});

/**
 * `count` ready books of the parent signed up as `email`, each approved (checkout pays only the
 * approved version, issue 15). Each version holds what a drawn book's does: the story's words
 * rendered with the names, and a picture (storage key and sha256) for the front cover, every story
 * page and the back cover. Answers their ids, in the order written.
 */
export async function approvedBooksOf(db: Db, email: string, count: number): Promise<string[]> {
  const story = renderStory(await loadStory('guardian-friend', 'storybook', 'en'), {
    child: { name: 'Mia', gender: 'female', age: 5 },
    toy: { name: 'Bunny' },
    dedication: { message: 'For Mia, with love', signature: 'Granny' },
    language: 'en',
  });
  const texts = versionTexts(
    {
      childName: 'Mia',
      toyName: 'Bunny',
      dedicationMessage: 'For Mia, with love',
      dedicationSignature: 'Granny',
    },
    story,
  );
  const picture = (position: number) => ({
    key: `books/bench/pages/${position}.png`,
    sha256: sha256(Buffer.from(String(position))),
  });
  const pictures = Object.fromEntries(
    [
      FRONT_COVER,
      ...story.pages.map((page) => storyPosition(page.position)),
      backCoverPosition(story.pages.length),
    ].map((position) => [position, picture(position)]),
  );
  const [user] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
  const [book] = await db.select({ id: books.id }).from(books).limit(1);
  if (!user || !book) throw new Error(`no account ${email} or no catalogue book to write books for`);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, () => crypto.randomUUID());
    ids.push(...batch);
    await db.insert(bookInstances).values(
      batch.map((id) => ({
        id,
        bookId: book.id,
        themeId: 'guardian-friend',
        bookType: 'storybook' as const,
        createdBy: user.id,
        status: 'ready' as const,
        wizardMetadata: personalisationOf(id),
      })),
    );
    await db.insert(bookVersions).values(
      batch.map((id) => ({
        bookInstanceId: id,
        number: 1,
        texts,
        pictures,
        contentHash: contentHash(texts, pictures),
        approvedAt: new Date(),
      })),
    );
  }
  await db.execute(sql`update ${bookInstances} set current_version_id = v.id, approved_version_id = v.id
    from ${bookVersions} v where v.book_instance_id = ${bookInstances.id} and ${bookInstances.currentVersionId} is null`);
  return ids;
}
