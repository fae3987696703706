import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { books, themes } from '../../db/schema';

const themeColumns = {
  id: themes.id,
  bookTypes: themes.bookTypes,
  ageMin: themes.ageMin,
  ageMax: themes.ageMax,
  images: themes.images,
  book: { id: books.id, slug: books.slug, title: books.title },
};

/** Every active theme, in catalogue order. */
export function findActiveThemes(db: Db) {
  return db
    .select(themeColumns)
    .from(themes)
    .innerJoin(books, eq(books.id, themes.bookId))
    .where(eq(themes.isActive, true))
    .orderBy(asc(themes.sortOrder), asc(themes.id));
}
export type ThemeRow = Awaited<ReturnType<typeof findActiveThemes>>[number];
