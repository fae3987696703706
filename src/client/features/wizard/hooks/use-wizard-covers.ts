import { useEffect, useRef, useState } from 'react';
import type { CoverVersion, WizardState } from '../../../../shared/contracts/wizard';
import type { WizardStep } from '../../../../shared/domain/wizard';
import { type AdjustedCover, useKeepAdjustedCover } from '../api/adjusted-cover';
import type { CoverKind } from '../api/generate-cover';
import type { WizardStart } from '../api/wizard-state';
import type { GenerationView } from '../components/step-generation';
import { describeGenerationError } from '../lib/generation-error';
import { useCoverGeneration } from './use-cover-generation';

/**
 * The two covers of the wizard (steps 2 and 4): what each step shows, making one, making another
 * ("Make a new one" keeps the earlier ones to go back to), choosing an earlier one, and the hero
 * cover redrawn with the parent's look. Arriving on a cover step that has none (a restore, the
 * browser's Forward) makes it, once.
 */
export function useWizardCovers(state: WizardState, start: WizardStart, shown: WizardStep | undefined) {
  const covers = { hero: useCoverGeneration('hero'), toy: useCoverGeneration('toy') };
  const keepAdjusted = useKeepAdjustedCover(start);
  // The hero cover last redrawn with the parent's look (step 2's "Does this look like …?").
  const [adjusted, setAdjusted] = useState<AdjustedCover | undefined>();
  // An earlier cover the parent went back to, shown instead of the newest.
  const [chosen, setChosen] = useState<{ hero?: CoverVersion; toy?: CoverVersion }>({});
  // A cover the user asked to make again: the saved one is no longer shown.
  const [redo, setRedo] = useState({ hero: false, toy: false });
  // A cover asked for by this page: arriving on its step does not ask a second time.
  const started = useRef({ hero: false, toy: false });

  const make = (kind: CoverKind) => {
    started.current[kind] = true;
    setRedo((current) => ({ ...current, [kind]: false }));
    setChosen((current) => ({ ...current, [kind]: undefined }));
    if (kind === 'hero') setAdjusted(undefined);
    covers[kind].mutate();
  };

  const saved = (kind: CoverKind) =>
    kind === 'hero' ? state.steps[2]?.generatedCover : state.steps[4]?.generatedToyImage;
  const approved = (kind: CoverKind) =>
    kind === 'hero'
      ? state.steps[2]?.approved && state.steps[2].generatedCover
      : state.steps[4]?.approved && state.steps[4].generatedToyImage;

  /** The covers of a step the parent can go back to, oldest first (the newest answer knows them all). */
  const versions = (kind: CoverKind): CoverVersion[] => {
    const generation = covers[kind];
    const fromState = (kind === 'hero' ? state.steps[2]?.versions : state.steps[4]?.versions) ?? [];
    if (kind === 'hero' && adjusted?.versions) return adjusted.versions;
    if (generation.isSuccess && generation.data.versions) {
      // A later save (choosing, approving) answers with the same list or a newer one.
      return fromState.length >= generation.data.versions.length ? fromState : generation.data.versions;
    }
    return fromState;
  };

  const view = (kind: CoverKind): GenerationView => {
    const generation = covers[kind];
    if (generation.isPending) return { state: 'loading' };
    if (generation.isError) return { state: 'error', problem: describeGenerationError(generation.error) };
    const others = versions(kind);
    const picked = chosen[kind];
    if (picked)
      return {
        state: 'result',
        imageId: picked.imageId,
        look: picked.look,
        unread: picked.unread,
        versions: others,
      };
    if (kind === 'hero' && adjusted) return { state: 'result', ...adjusted, versions: others };
    if (generation.isSuccess)
      return {
        state: 'result',
        imageId: generation.data.imageId,
        look: generation.data.look,
        unread: generation.data.unread,
        versions: others,
      };
    const kept = saved(kind);
    // Nothing yet: the effect below asks for it.
    return kept && !redo[kind]
      ? {
          state: 'result',
          imageId: kept,
          look: kind === 'hero' ? state.steps[2]?.look : undefined,
          unread: kind === 'hero' ? state.steps[2]?.unread : undefined,
          versions: others,
        }
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
    /** An earlier cover shown again (the caller saves the choice, so a reload and a look keep it). */
    choose: (kind: CoverKind, version: CoverVersion) => {
      setChosen((current) => ({ ...current, [kind]: version }));
    },
    /** The hero cover redrawn with the parent's look: shown, and kept for the book. */
    adjust: (cover: AdjustedCover) => {
      setChosen((current) => ({ ...current, hero: undefined }));
      setAdjusted(cover);
      keepAdjusted(cover);
    },
  };
}
