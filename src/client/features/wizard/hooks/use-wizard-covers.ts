import { useEffect, useRef, useState } from 'react';
import type { WizardState } from '../../../../shared/contracts/wizard';
import type { WizardStep } from '../../../../shared/domain/wizard';
import { type AdjustedCover, useKeepAdjustedCover } from '../api/adjusted-cover';
import type { CoverKind } from '../api/generate-cover';
import type { WizardStart } from '../api/wizard-state';
import type { GenerationView } from '../components/step-generation';
import { describeGenerationError } from '../lib/generation-error';
import { useCoverGeneration } from './use-cover-generation';

/**
 * The two covers of the wizard (steps 2 and 4): what each step shows, making one, making one again,
 * and the hero cover redrawn with the parent's look. Arriving on a cover step that has none (a
 * restore, the browser's Forward) makes it, once.
 */
export function useWizardCovers(state: WizardState, start: WizardStart, shown: WizardStep | undefined) {
  const covers = { hero: useCoverGeneration('hero'), toy: useCoverGeneration('toy') };
  const keepAdjusted = useKeepAdjustedCover(start);
  // The hero cover last redrawn with the parent's look (step 2's "Does this look like …?").
  const [adjusted, setAdjusted] = useState<AdjustedCover | undefined>();
  // A cover the user asked to make again: the saved one is no longer shown.
  const [redo, setRedo] = useState({ hero: false, toy: false });
  // A cover asked for by this page: arriving on its step does not ask a second time.
  const started = useRef({ hero: false, toy: false });

  const make = (kind: CoverKind) => {
    started.current[kind] = true;
    setRedo((current) => ({ ...current, [kind]: false }));
    if (kind === 'hero') setAdjusted(undefined);
    covers[kind].mutate();
  };

  const saved = (kind: CoverKind) =>
    kind === 'hero' ? state.steps[2]?.generatedCover : state.steps[4]?.generatedToyImage;
  const approved = (kind: CoverKind) =>
    kind === 'hero'
      ? state.steps[2]?.approved && state.steps[2].generatedCover
      : state.steps[4]?.approved && state.steps[4].generatedToyImage;

  const view = (kind: CoverKind): GenerationView => {
    const generation = covers[kind];
    if (generation.isPending) return { state: 'loading' };
    if (generation.isError) return { state: 'error', problem: describeGenerationError(generation.error) };
    if (kind === 'hero' && adjusted) return { state: 'result', ...adjusted };
    if (generation.isSuccess)
      return { state: 'result', imageId: generation.data.imageId, look: generation.data.look };
    const kept = saved(kind);
    // Nothing yet: the effect below asks for it.
    return kept && !redo[kind]
      ? { state: 'result', imageId: kept, look: kind === 'hero' ? state.steps[2]?.look : undefined }
      : { state: 'loading' };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: make is rebuilt each render; the inputs are listed
  useEffect(() => {
    if (shown !== 2 && shown !== 4) return;
    const kind: CoverKind = shown === 2 ? 'hero' : 'toy';
    if (started.current[kind] || !covers[kind].isIdle) return;
    if (!saved(kind) || redo[kind]) make(kind);
  }, [shown, redo, state.steps]);

  return {
    make,
    view,
    /** True when the cover on screen is the one the parent approved. */
    isApproved: (kind: CoverKind) => {
      const current = view(kind);
      return current.state === 'result' && current.imageId === approved(kind);
    },
    /** The cover of this step must be made (again) when its step is saved. */
    needed: (kind: CoverKind, changed: boolean) =>
      redo[kind] ||
      covers[kind].isError ||
      changed ||
      (covers[kind].isIdle && !(kind === 'hero' ? state.steps[2] : state.steps[4])),
    /** The parent asked for another cover (or for both, when starting over). */
    askAgain: (...kinds: CoverKind[]) =>
      setRedo((current) => ({ ...current, ...Object.fromEntries(kinds.map((kind) => [kind, true])) })),
    /** The hero cover redrawn with the parent's look: shown, and kept for the book. */
    adjust: (cover: AdjustedCover) => {
      setAdjusted(cover);
      keepAdjusted(cover);
    },
  };
}
