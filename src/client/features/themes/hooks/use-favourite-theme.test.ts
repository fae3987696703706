import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAVOURITES_STORAGE_KEY, readFavourites, useFavouriteTheme } from './use-favourite-theme';

describe('useFavouriteTheme', () => {
  it('toggles one theme and type, keeping the other favourites', () => {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(['moon-party-storybook']));
    const { result } = renderHook(() => useFavouriteTheme('guardian-friend', 'coloring'));
    expect(result.current[0]).toBe(false);

    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([
      'moon-party-storybook',
      'guardian-friend-coloring',
    ]);

    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '')).toEqual([
      'moon-party-storybook',
    ]);
  });

  it('keeps each book type apart and tells every user of the hook', () => {
    const storybook = renderHook(() => useFavouriteTheme('guardian-friend', 'storybook'));
    const sameTheme = renderHook(() => useFavouriteTheme('guardian-friend', 'storybook'));
    const coloring = renderHook(() => useFavouriteTheme('guardian-friend', 'coloring'));
    act(() => storybook.result.current[1]());
    expect(sameTheme.result.current[0]).toBe(true);
    expect(coloring.result.current[0]).toBe(false);
  });

  it('reads broken or foreign storage as no favourites', () => {
    expect(readFavourites('not json')).toEqual([]);
    expect(readFavourites('{"a":1}')).toEqual([]);
    expect(readFavourites('["a-storybook", 3]')).toEqual(['a-storybook']);
  });
});
