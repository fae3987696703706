import { useSyncExternalStore } from 'react';

/** The reader shows spreads from this width: two pages side by side need room (issue 15). */
export const SPREAD_QUERY = '(min-width: 1024px)';

function mediaQuery(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;
}

/** True while the window is wide enough for spreads; follows rotation and resizing. */
export function useWideScreen(query = SPREAD_QUERY): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/**
 * As useWideScreen, but undecided (undefined) in the server's paint of the reader and in the
 * browser's hydration of it (issue 33): the server does not know the screen, so the page's CSS lays
 * the first view out, and the answer comes in the render after, with nothing moving.
 */
export function useWideScreenOnceKnown(query = SPREAD_QUERY): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => undefined,
  );
}
