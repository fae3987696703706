import { useCallback, useSyncExternalStore } from 'react';
import type { BookType } from '../../../../shared/domain/statuses';
import { FAVOURITES_STORAGE_KEY } from '../../../../shared/storefront';

export { FAVOURITES_STORAGE_KEY };

const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, settings): no favourites, no crash
  }
}

/** The stored favourites; anything that is not an array of strings counts as none. */
export function readFavourites(raw = readRaw()): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changing the favourites changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITES_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export const favouriteKey = (themeId: string, type: BookType) => `${themeId}-${type}`;

/** Whether a theme is a favourite for a book type, and a toggle that saves it in localStorage. */
export function useFavouriteTheme(themeId: string, type: BookType): [boolean, () => void] {
  const key = favouriteKey(themeId, type);
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const isFavourite = readFavourites(raw).includes(key);

  const toggle = useCallback(() => {
    const current = readFavourites();
    const next = current.includes(key) ? current.filter((item) => item !== key) : [...current, key];
    try {
      window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(next));
    } catch {
      return;
    }
    for (const listener of listeners) listener();
  }, [key]);

  return [isFavourite, toggle];
}
