import { sql } from 'drizzle-orm';
import { listStories } from '../stories/catalogue';
import type { Db } from './client';
import { books, productPricing, themes } from './schema';

/**
 * The catalogue every shop starts with (docs/product.md Names and Money). Prices in cents. The books
 * and themes are the story folders' (stories/{themeId}/story.json, src/server/stories/catalogue.ts):
 * one book per story, its slug the story's id; the gallery pictures are served from public/.
 */
function catalogueSeed() {
  const stories = listStories();
  return {
    books: stories.map((story) => ({ slug: story.id, title: story.book.title })),
    themes: stories.map((story) => ({
      id: story.id,
      bookSlug: story.id,
      bookTypes: story.bookTypes,
      ageMin: story.ageMin,
      ageMax: story.ageMax,
      sortOrder: story.sortOrder,
      images: story.images,
    })),
    prices: [
      { productKey: 'softcover_book', basePrice: 2999 },
      { productKey: 'hardcover_book', basePrice: 3999 },
      // Per book printed in two languages (docs/decisions/026-the-bilingual-edition.md).
      { productKey: 'bilingual_edition', basePrice: 500 },
      // Per child beside the lead, once per order; the operator may set it to zero (docs/decisions/030-siblings.md).
      { productKey: 'extra_child', basePrice: 900 },
    ] as const,
  };
}

/**
 * Creates or updates the catalogue rows; safe to run on every start. Prices already in the
 * database are left alone so that a price changed by the shop owner survives a restart.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const seed = catalogueSeed();
  await db.transaction(async (tx) => {
    for (const book of seed.books) {
      await tx
        .insert(books)
        .values(book)
        .onConflictDoUpdate({ target: books.slug, set: { title: book.title } });
    }
    for (const theme of seed.themes) {
      const values = {
        id: theme.id,
        bookId: sql`(select id from ${books} where ${books.slug} = ${theme.bookSlug})`,
        bookTypes: [...theme.bookTypes],
        ageMin: theme.ageMin,
        ageMax: theme.ageMax,
        images: theme.images,
        sortOrder: theme.sortOrder,
      };
      await tx
        .insert(themes)
        .values(values as never)
        .onConflictDoUpdate({
          target: themes.id,
          set: {
            bookTypes: values.bookTypes,
            ageMin: values.ageMin,
            ageMax: values.ageMax,
            sortOrder: values.sortOrder,
          },
        });
    }
    for (const price of seed.prices) {
      await tx
        .insert(productPricing)
        .values(price)
        .onConflictDoNothing({ target: productPricing.productKey });
    }
  });
}
