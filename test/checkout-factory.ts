import { eq } from 'drizzle-orm';
import { contentHash } from '../src/server/book/versions';
import { bookInstances, books, bookVersions, users } from '../src/server/db/schema';
import { instanceKeys } from '../src/server/storage-keys';
import type { Order } from '../src/shared/contracts/checkout';
import type { TestApp } from './build-test-app';
import { personalisationOf } from './personalisation-factory';

/** The worked example's choice (docs/product.md Money): hardcover + two softcover copies to Germany. */
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

/**
 * A user's book as checkout finds it: drawn before paying and approved by the parent (issue 15),
 * its approved version recorded (the pictures are not drawn here: checkout only needs the version).
 * `approved: false` leaves it as the wizard does, a draft whose drawing has not started.
 */
export async function draftBookOf(
  t: TestApp,
  userId: string,
  options: { heroCover?: Buffer; bookType?: 'storybook' | 'coloring'; approved?: boolean } = {},
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
    status: options.approved === false ? 'draft' : 'ready',
    wizardMetadata: personalisationOf(id),
  });
  if (options.approved === false) return id;
  const texts = {
    childName: 'Emma',
    toyName: 'Teddy',
    dedicationMessage: '',
    dedicationSignature: '',
    title: 'Emma and the Night Guardian',
    subtitle: '',
    dedication: { message: '', signature: '' },
    pages: [],
  };
  const [version] = await t.database.db
    .insert(bookVersions)
    .values({
      bookInstanceId: id,
      number: 1,
      texts,
      pictures: {},
      contentHash: contentHash(texts, {}),
      approvedAt: new Date(),
    })
    .returning({ id: bookVersions.id });
  await t.database.db
    .update(bookInstances)
    .set({ currentVersionId: version!.id, approvedVersionId: version!.id })
    .where(eq(bookInstances.id, id));
  return id;
}

/** A new book of the user with the worked example's order saved on it, as the checkout saves it. */
export async function orderedBookOf(
  t: TestApp,
  userId: string,
  cookie: string,
): Promise<{ order: Order; bookInstanceId: string }> {
  const bookInstanceId = await draftBookOf(t, userId);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/checkout/${bookInstanceId}/order`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(WORKED_EXAMPLE),
  });
  return { order: saved.json() as Order, bookInstanceId };
}
