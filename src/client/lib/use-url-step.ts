import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

type UrlStepOptions<Step extends number> = {
  /** The step the address's `step` names, or undefined when it names none the flow knows. */
  read: (value: string | null) => Step | undefined;
  /** Where the flow opens when the address names no step (read once, on the first render). */
  initial: () => Step;
  /** The step that may be shown for the one asked for (a step not reachable yet falls back). */
  allow: (requested: Step) => Step;
  /** The first step, whose address may stay bare (`?step` absent), as other pages link to it. */
  bareFirst?: Step;
  /** Anything else whose change is a new view (a screen within a step): the heading takes the focus. */
  view?: string;
};

/**
 * The step machine of the wizard and the checkout. The address's `step` is the step shown, so the
 * browser's Back and Forward move between steps; an address naming a step that cannot be shown is
 * corrected in place (replaced, not a new page). A new step moves the focus to its heading, so a
 * screen reader starts there, and each refused Next moves it to the first field to fix.
 */
export function useUrlStep<Step extends number>({
  read,
  initial,
  allow,
  bareFirst,
  view = '',
}: UrlStepOptions<Step>) {
  const [params, setParams] = useSearchParams();
  const [initialStep] = useState<Step>(() => read(params.get('step')) ?? initial());
  const step = allow(read(params.get('step')) ?? initialStep);

  useEffect(() => {
    const current = params.get('step');
    if (current === String(step) || (current === null && step === bareFirst)) return;
    setParams(
      (latest) => {
        const next = new URLSearchParams(latest);
        next.set('step', String(step));
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, step, bareFirst]);

  /**
   * `now`: the new step commits in one synchronous render instead of React Router's transition, for
   * a step that opens on the answer of a call: a transition renders in slices and yields to whatever
   * else the page is doing, so on a busy device the step could lag its answer by seconds.
   */
  const goTo = (next: Step, { now = false }: { now?: boolean } = {}) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('step', String(next));
        return updated;
      },
      { flushSync: now },
    );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = `${step}:${view}`;
  const lastView = useRef<string | undefined>(undefined);
  useEffect(() => {
    const firstView = lastView.current === undefined;
    if (lastView.current === shownView) return;
    lastView.current = shownView;
    if (!firstView) headingRef.current?.focus();
  }, [shownView]);

  // Counted rather than flagged, so a second refused Next in a row moves the focus again.
  const stepRef = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) stepRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const focusFirstProblem = () => setRefusals((count) => count + 1);

  return { step, goTo, params, setParams, headingRef, stepRef, focusFirstProblem };
}
