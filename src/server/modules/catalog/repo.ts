import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { BookType } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { books, productPricing, themes } from '../../db/schema';

const themeColumns = {
  id: themes.id,
  bookTypes: themes.bookTypes,
  ageMin: themes.ageMin,
  ageMax: themes.ageMax,
  images: themes.images,
  book: { id: books.id, slug: books.slug, title: books.title },
};

/** Active themes that offer a book type, in catalogue order. */
export function findThemes(db: Db, type: BookType) {
  return db
    .select(themeColumns)
    .from(themes)
    .innerJoin(books, eq(books.id, themes.bookId))
    .where(and(eq(themes.isActive, true), arrayContains(themes.bookTypes, [type])))
    .orderBy(asc(themes.sortOrder), asc(themes.id));
}

/** One active theme, or undefined. */
export async function findTheme(db: Db, themeId: string) {
  const [row] = await db
    .select(themeColumns)
    .from(themes)
    .innerJoin(books, eq(books.id, themes.bookId))
    .where(and(eq(themes.id, themeId), eq(themes.isActive, true)));
  return row;
}

/** The active prices (PRODUCT.md: the single source of every price). */
export function findActivePrices(db: Db) {
  return db
    .select({
      productKey: productPricing.productKey,
      basePrice: productPricing.basePrice,
      discountPercentage: productPricing.discountPercentage,
    })
    .from(productPricing)
    .where(eq(productPricing.isActive, true))
    .orderBy(asc(productPricing.basePrice));
}
