import {
  type PriceList,
  PriceListSchema,
  type Theme,
  type ThemeList,
  ThemeListSchema,
} from '../../../shared/contracts/catalog';
import type { BookType } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { catalogueTexts } from '../../stories/book-words';
import { activePrices, type PriceRow } from '../pricing/prices';
import { findActiveThemes } from './repo';

/**
 * How long the catalogue read from the database is served from memory (issue 19): every storefront
 * page and the wizard read it, and it changes only when an operator changes themes or prices. A
 * change is seen within this time by every process, at once after `invalidateCatalog`.
 */
const CATALOG_FRESH_MS = 10_000;

type Snapshot = {
  readAt: number;
  /** The database's rows with their story folder's texts. */
  themes: Theme[];
  prices: PriceRow[];
  /** Answers already checked against their response schema and serialised, by request. */
  json: Map<string, string>;
};

// One snapshot per database (tests run many apps in one process); a read in flight is shared.
const snapshots = new WeakMap<Db, Promise<Snapshot>>();

async function readSnapshot(db: Db): Promise<Snapshot> {
  const [rows, prices] = await Promise.all([findActiveThemes(db), activePrices(db)]);
  const themes = rows.map((row) => ({ ...row, texts: catalogueTexts(row.id) }));
  return { readAt: Date.now(), themes, prices, json: new Map() };
}

async function catalog(db: Db): Promise<Snapshot> {
  const current = snapshots.get(db);
  if (current) {
    const snapshot = await current.catch(() => undefined);
    if (snapshot && Date.now() - snapshot.readAt < CATALOG_FRESH_MS) return snapshot;
    // Another request may have started the refresh while this one waited.
    if (snapshots.get(db) !== current) return catalog(db);
  }
  const next = readSnapshot(db);
  snapshots.set(db, next);
  next.catch(() => snapshots.delete(db));
  return next;
}

/** The next read goes to the database (after the seed, or a change made in SQL). */
export function invalidateCatalog(db: Db): void {
  snapshots.delete(db);
}

async function listThemes(db: Db, type: BookType): Promise<ThemeList> {
  const { themes } = await catalog(db);
  return { type, themes: themes.filter((theme) => theme.bookTypes.includes(type)) };
}

/** One theme that offers the book type; NOT_FOUND for an unknown or inactive theme or type. */
export async function getTheme(db: Db, themeId: string, type: BookType): Promise<Theme> {
  const row = (await catalog(db)).themes.find((theme) => theme.id === themeId);
  if (!row?.bookTypes.includes(type)) throw notFound('Theme');
  return row;
}

async function listPrices(db: Db): Promise<PriceList> {
  const { prices } = await catalog(db);
  return {
    currency: 'CHF',
    // The columns' CHECK constraints keep book types and product keys to the shared lists.
    prices,
  };
}

/**
 * The hot routes' answers as JSON text, made once per snapshot and checked against the contract's
 * schema when made (issue 19: the route then sends the text, with no serialisation per request).
 */
export async function catalogJson(db: Db, request: { kind: 'themes'; type: BookType } | { kind: 'prices' }) {
  const snapshot = await catalog(db);
  const key = request.kind === 'themes' ? `themes:${request.type}` : 'prices';
  let json = snapshot.json.get(key);
  if (json === undefined) {
    json = JSON.stringify(
      request.kind === 'themes'
        ? ThemeListSchema.parse(await listThemes(db, request.type))
        : PriceListSchema.parse(await listPrices(db)),
    );
    snapshot.json.set(key, json);
  }
  return json;
}
