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
