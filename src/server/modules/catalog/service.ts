import type { PriceList, Theme, ThemeList } from '../../../shared/contracts/catalog';
import type { BookType } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { findActivePrices, findTheme, findThemes } from './repo';

export async function listThemes(db: Db, type: BookType): Promise<ThemeList> {
  const rows = await findThemes(db, type);
  return { type, themes: rows };
}

/** One theme that offers the book type; NOT_FOUND for an unknown or inactive theme or type. */
export async function getTheme(db: Db, themeId: string, type: BookType): Promise<Theme> {
  const row = await findTheme(db, themeId);
  if (!row?.bookTypes.includes(type)) throw notFound('Theme');
  return row;
}

export async function listPrices(db: Db): Promise<PriceList> {
  const rows = await findActivePrices(db);
  return {
    currency: 'CHF',
    // The columns' CHECK constraints keep book types and product keys to the shared lists.
    prices: rows,
  };
}
