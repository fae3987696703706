import { eq } from 'drizzle-orm';
import { bookInstances, books, users } from '../src/server/db/schema';
import { instanceKeys } from '../src/server/storage-keys';
import type { TestApp } from './build-test-app';
import { personalisationOf } from './personalisation-factory';

/** The worked example's choice (PRODUCT.md Money): hardcover + two softcover copies to Germany. */
export const WORKED_EXAMPLE = {
  coverType: 'hardcover',
  grandparentCopies: { count: 2, coverType: 'softcover' },
  customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', phone: '+41 79 123 45 67' },
  shipping: { address: 'Hauptstrasse 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
  language: 'en',
} as const;

/** The user id behind an e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** A finished wizard's draft book instance of a user, as the wizard leaves it. */
export async function draftBookOf(
  t: TestApp,
  userId: string,
  options: { heroCover?: Buffer; bookType?: 'storybook' | 'coloring' } = {},
): Promise<string> {
  const [book] = await t.database.db.select({ id: books.id }).from(books).limit(1);
  const id = crypto.randomUUID();
  if (options.heroCover)
    await t.storage.put('instances', instanceKeys(id).heroCover, options.heroCover, {
      contentType: 'image/png',
    });
  await t.database.db.insert(bookInstances).values({
    id,
    bookId: book!.id,
    themeId: 'guardian-friend',
    bookType: options.bookType ?? 'storybook',
    createdBy: userId,
    status: 'draft',
    wizardMetadata: personalisationOf(id),
  });
  return id;
}
