// Migration 0019 (issue 29, docs/decisions/018): a personalisation stored with the dedication's old
// key `dedicationName` reads as `dedicationSignature` afterwards, and nothing else in it changes.
// Its data statements run here on a migrated database holding rows written the old way.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { personalisationOf } from '../../../test/personalisation-factory';
import { MIGRATIONS_FOLDER } from './client';
import { bookInstances, books, users } from './schema';
import { seedCatalogue } from './seed';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database.close();
});

async function dataStatements(): Promise<string[]> {
  const text = await fs.readFile(path.join(MIGRATIONS_FOLDER, '0019_words_in_versions.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--.*\n)*UPDATE/.test(statement));
}

it('renames a stored dedicationName to dedicationSignature, keeping the rest', async () => {
  const userId = 'user_migration_0019';
  await database.db.insert(users).values({ id: userId, name: 'Ada', email: 'ada.0019@example.com' });
  const [book] = await database.db.select({ id: books.id }).from(books).limit(1);
  const make = async (signature: Record<string, string>) => {
    const id = crypto.randomUUID();
    const { dedicationSignature: _new, ...rest } = personalisationOf(id, { childName: 'Mia' });
    await database.db.insert(bookInstances).values({
      id,
      bookId: book!.id,
      themeId: 'guardian-friend',
      bookType: 'storybook',
      createdBy: userId,
      status: 'draft',
      language: 'en',
      wizardMetadata: { ...rest, ...signature } as never,
    });
    return id;
  };
  const old = await make({ dedicationName: 'Grandma' });
  const both = await make({ dedicationName: 'stale', dedicationSignature: 'Papa' });
  const statements = await dataStatements();
  expect(statements).toHaveLength(2);
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  const read = async (id: string) =>
    (
      await database.db
        .select({ metadata: bookInstances.wizardMetadata })
        .from(bookInstances)
        .where(eq(bookInstances.id, id))
    )[0]?.metadata as Record<string, unknown>;
  const renamed = await read(old);
  expect(renamed.dedicationSignature).toBe('Grandma');
  expect(renamed).not.toHaveProperty('dedicationName');
  expect(renamed.childName).toBe('Mia');
  const kept = await read(both);
  expect(kept.dedicationSignature).toBe('Papa');
  expect(kept).not.toHaveProperty('dedicationName');
});
