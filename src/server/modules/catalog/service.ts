import type { PriceList, Theme, ThemeList } from '../../../shared/contracts/catalog';
import { BOOK_TYPES, type BookType, PRODUCT_KEYS, type ProductKey } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { findActivePrices, findTheme, findThemes } from './repo';

type ThemeRow = Awaited<ReturnType<typeof findTheme>> & {};

function toTheme(row: ThemeRow): Theme {
  return {
    ...row,
    bookTypes: row.bookTypes.filter((type): type is BookType => BOOK_TYPES.includes(type as BookType)),
  };
}

export async function listThemes(db: Db, type: BookType): Promise<ThemeList> {
  const rows = await findThemes(db, type);
  return { type, themes: rows.map(toTheme) };
}

/** One theme that offers the book type; NOT_FOUND for an unknown or inactive theme or type. */
export async function getTheme(db: Db, themeId: string, type: BookType): Promise<Theme> {
  const row = await findTheme(db, themeId);
  if (!row?.bookTypes.includes(type)) throw notFound('Theme');
  return toTheme(row);
}

export async function listPrices(db: Db): Promise<PriceList> {
  const rows = await findActivePrices(db);
  return {
    currency: 'CHF',
    prices: rows
      .filter((row): row is typeof row & { productKey: ProductKey } =>
        PRODUCT_KEYS.includes(row.productKey as ProductKey),
      )
      .map((row) => ({ ...row })),
  };
}
