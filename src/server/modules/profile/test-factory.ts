import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/build-test-app';
import { queryRows } from '../../db/client';
import { bookInstances, characters, generatedImages, orders, spreads, wizardSessions } from '../../db/schema';
import { instanceKeys, wizardKeys } from '../../storage-keys';
import { type PaidBookOptions, paidBookOf, testCover } from '../production/test-factory';

// Test helpers of the profile and retention tests: a book as production leaves it once fulfilled
// (pages, print files, picture rows), without running the pipeline, and a user's wizard uploads.

export const PAGE_COUNT = 3;

/**
 * A paid book made fulfilled by hand: the photos under `input/`, a picture per page with its
 * spread and generated_image row, the interior and cover PDFs, the child's character on the order.
 */
export async function fulfilledBookOf(
  t: TestApp,
  user: { id: string; cookie: string },
  options: PaidBookOptions & { status?: 'fulfilled' | 'rendering' } = {},
) {
  const paid = await paidBookOf(t, user, { ...options, draw: false });
  const id = paid.bookInstanceId;
  const keys = instanceKeys(id);
  const childPhoto = Buffer.from(`child photo of ${id}`);
  await t.storage.put('instances', keys.childPhoto, childPhoto, { contentType: 'image/jpeg' });
  await t.storage.put('instances', keys.toyPhoto, Buffer.from(`toy photo of ${id}`), {
    contentType: 'image/jpeg',
  });
  const pages: Buffer[] = [];
  const imageIds: string[] = [];
  // Stored out of order, so that the gallery's page order is the database's, not the insertion's.
  for (const position of [2, 0, 1].slice(0, PAGE_COUNT)) {
    const page = await testCover(['#aa3333', '#33aa33', '#3333aa'][position]!, 32);
    pages[position] = page;
    const key = keys.page(position, 'png');
    await t.storage.put('instances', key, page, { contentType: 'image/png' });
    const [spread] = await t.database.db
      .insert(spreads)
      .values({ bookInstanceId: id, position, templateName: `page-${position}`, status: 'done' })
      .returning({ id: spreads.id });
    const [image] = await t.database.db
      .insert(generatedImages)
      .values({ bookInstanceId: id, spreadId: spread!.id, storagePath: key })
      .returning({ id: generatedImages.id });
    imageIds[position] = image!.id;
  }
  const interior = Buffer.from(`%PDF-1.7 interior of ${id}`);
  await t.storage.put('instances', keys.interior, interior, { contentType: 'application/pdf' });
  await t.storage.put('instances', keys.cover, Buffer.from('%PDF-1.7 cover'), {
    contentType: 'application/pdf',
  });
  const status = options.status ?? 'fulfilled';
  if (status === 'rendering') {
    // Paid, its print files not made yet (the book was drawn before paying).
    await t.database.db
      .update(bookInstances)
      .set({ status: 'rendering', currentStep: 'Generating images 3/14', progressPercentage: 45 })
      .where(eq(bookInstances.id, id));
  }
  if (status === 'fulfilled') {
    await t.database.db
      .update(bookInstances)
      .set({
        status: 'fulfilled',
        currentStep: 'all done',
        progressPercentage: 100,
        interiorStoredAt: new Date(),
      })
      .where(eq(bookInstances.id, id));
    await t.database.db.update(orders).set({ status: 'printing' }).where(eq(orders.id, paid.orderId));
  }
  const [character] = await t.database.db
    .insert(characters)
    .values({ userId: user.id, name: options.childName ?? 'Emma', photoPath: keys.childPhoto })
    .returning({ id: characters.id });
  await t.database.db.update(orders).set({ characterId: character!.id }).where(eq(orders.id, paid.orderId));
  return { ...paid, characterId: character!.id, childPhoto, pages, imageIds, interior };
}

/** A wizard session of a user with one upload in `wizard-temp/{session}/`. */
export async function wizardUploadOf(t: TestApp, userId: string | null, updatedAt = new Date()) {
  const sessionId = `wizard_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
  await t.database.db.insert(wizardSessions).values({
    sessionId,
    userId,
    themeId: 'guardian-friend',
    bookType: 'storybook',
    expiresAt: new Date(updatedAt.getTime() + 2 * 60 * 60 * 1000),
    createdAt: updatedAt,
    updatedAt,
  });
  const key = wizardKeys(sessionId).image(crypto.randomUUID(), 'jpg');
  await t.storage.put('wizard-temp', key, Buffer.from(`upload of ${sessionId}`), {
    contentType: 'image/jpeg',
  });
  return { sessionId, key };
}

/** The shop's tables holding a row whose text contains `needle` (case-insensitive). */
export async function rowsNaming(t: TestApp, needle: string): Promise<string[]> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${needle}%`}`,
    );
    if (Number(row?.n) > 0) found.push(table_name);
  }
  return found;
}
