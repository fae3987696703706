import { type SQL, sql } from 'drizzle-orm';
import { bookInstances } from './schema';

/**
 * The fields of a book's personalisation (`book_instance.wizard_metadata`, schema in
 * src/shared/domain/book-personalisation.ts) that queries filter or join on, read in SQL in this
 * one place. Everything else reads the typed column.
 */
export const personalisationSql = {
  /** The storage key of the book's copy of the child's photo (what a `characters` row points to). */
  childPhoto: (): SQL<string | null> =>
    sql<string | null>`${bookInstances.wizardMetadata}->'permanentPaths'->>'childPhoto'`,
};
