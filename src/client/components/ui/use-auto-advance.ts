import { useEffect, useRef, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the visitor asks their system for less motion (and follows a change of that setting). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

type AutoAdvanceOptions = {
  /** Time each step stays before `onAdvance` runs; no auto-advance without it. */
  delayMs: number | undefined;
  /** Hovered, focused or paused by the visitor: wait. */
  paused: boolean;
  /** Changes whenever the step changes (by the timer or by hand), so the next step gets its full time. */
  step: number;
  onAdvance: () => void;
};

/**
 * Calls `onAdvance` once `delayMs` after each step, unless paused or the visitor prefers reduced
 * motion. Returns whether it is running (a carousel then keeps its live region quiet).
 */
export function useAutoAdvance({ delayMs, paused, step, onAdvance }: AutoAdvanceOptions): boolean {
  const reducedMotion = usePrefersReducedMotion();
  const advance = useRef(onAdvance);
  useEffect(() => {
    advance.current = onAdvance;
  });
  const running = delayMs !== undefined && delayMs > 0 && !paused && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    // `step` restarts the wait after every change, including one made by hand.
    void step;
    const timer = window.setTimeout(() => advance.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [running, delayMs, step]);

  return running;
}
