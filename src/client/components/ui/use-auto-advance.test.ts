import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoAdvance, usePrefersReducedMotion } from './use-auto-advance';

/** A `window.matchMedia` whose reduced-motion answer the test sets and can change. */
function stubReducedMotion(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAutoAdvance', () => {
  it('advances once the delay has passed and waits the full delay again after each step', () => {
    stubReducedMotion(false);
    const onAdvance = vi.fn();
    const { rerender } = renderHook(
      ({ step }) => useAutoAdvance({ delayMs: 4000, paused: false, step, onAdvance }),
      { initialProps: { step: 0 } },
    );
    act(() => vi.advanceTimersByTime(3999));
    expect(onAdvance).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onAdvance).toHaveBeenCalledTimes(1);

    rerender({ step: 1 });
    act(() => vi.advanceTimersByTime(3999));
    expect(onAdvance).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(onAdvance).toHaveBeenCalledTimes(2);
  });

  it('waits while paused and starts over when the pause ends', () => {
    stubReducedMotion(false);
    const onAdvance = vi.fn();
    const { rerender, result } = renderHook(
      ({ paused }) => useAutoAdvance({ delayMs: 5000, paused, step: 0, onAdvance }),
      { initialProps: { paused: true } },
    );
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(onAdvance).not.toHaveBeenCalled();

    rerender({ paused: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(5000));
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('never advances when the visitor prefers reduced motion, and stops when they turn it on', () => {
    const setReducedMotion = stubReducedMotion(true);
    const onAdvance = vi.fn();
    const { result } = renderHook(() => useAutoAdvance({ delayMs: 4000, paused: false, step: 0, onAdvance }));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(onAdvance).not.toHaveBeenCalled();

    act(() => setReducedMotion(false));
    act(() => vi.advanceTimersByTime(4000));
    expect(onAdvance).toHaveBeenCalledTimes(1);
    act(() => setReducedMotion(true));
    act(() => vi.advanceTimersByTime(20_000));
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });
});

describe('usePrefersReducedMotion', () => {
  it('is false where the browser cannot tell (no matchMedia)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => usePrefersReducedMotion()).result.current).toBe(false);
  });
});
