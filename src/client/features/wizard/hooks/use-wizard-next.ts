import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChildStep, ToyStep, WizardState } from '../../../../shared/contracts/wizard';
import { stepAfterApproval, type WizardStep } from '../../../../shared/domain/wizard';
import type { CoverKind } from '../api/generate-cover';
import type { useSaveWizardStep } from '../api/save-wizard-step';
import { childChanged, toyChanged } from '../lib/drafts';
import type { useWizardCovers } from './use-wizard-covers';
import type { useWizardDrafts } from './use-wizard-drafts';

type WizardNextArgs = {
  step: WizardStep;
  state: WizardState;
  drafts: ReturnType<typeof useWizardDrafts>;
  covers: ReturnType<typeof useWizardCovers>;
  save: ReturnType<typeof useSaveWizardStep>;
  /** The hero cover being redrawn with the parent's look: the one on screen is not the one to approve. */
  coverRedrawing: boolean;
  goTo: (step: WizardStep) => void;
  /** Moves the focus to the step's first problem (its summary and each field's message say it). */
  refuse: () => void;
  /** The dedication saved: the book is made (after a sign-in when needed). */
  finish: () => Promise<void>;
  saveFailed: () => void;
};

/**
 * What the step bar's main button does on each step: save the step (and draw its cover when what
 * it is drawn from changed), approve the cover on screen, or save the dedication and finish.
 */
export function useWizardNext({
  step,
  state,
  drafts,
  covers,
  save,
  coverRedrawing,
  goTo,
  refuse,
  finish,
  saveFailed,
}: WizardNextArgs) {
  const { t } = useTranslation(['wizard', 'errors']);
  const { dedication } = drafts;

  // Steps 1 and 3 saved; their cover is made (again) when what it is drawn from changed.
  const saveThenCover = (kind: CoverKind, changed: boolean, request: Parameters<typeof save.mutate>[0]) => {
    const needsCover = covers.needed(kind, changed);
    save.mutate(request, {
      onSuccess: () => {
        if (needsCover) covers.make(kind);
        goTo(kind === 'hero' ? 2 : 4);
      },
      onError: saveFailed,
    });
  };

  const next = () => {
    if (step === 1) {
      const onValid = (data: ChildStep) =>
        saveThenCover('hero', childChanged(data, state.steps[1]), { step: 1, data });
      void drafts.child.handleSubmit(onValid, refuse)();
      return;
    }
    if (step === 3) {
      const onValid = (data: ToyStep) =>
        saveThenCover('toy', toyChanged(data, state.steps[3]), { step: 3, data });
      void drafts.toy.handleSubmit(onValid, refuse)();
      return;
    }
    if (step === 2 || step === 4) {
      // The step bar's main button approves the cover on screen (issue 20: always in sight).
      const kind: CoverKind = step === 2 ? 'hero' : 'toy';
      const shown = covers.view(kind);
      if (covers.isApproved(kind)) goTo(stepAfterApproval(step));
      else if (shown.state === 'result' && !coverRedrawing) approve(kind, shown.imageId);
      else toast.error(t('toasts.approveFirst'), { id: 'wizard-approve-first' });
      return;
    }
    const data = dedication.checked();
    if (!data) {
      toast.error(t('toasts.fixDedication'), { id: 'wizard-fix-dedication' });
      return;
    }
    save.mutate({ step: 5, data }, { onSuccess: () => void finish(), onError: saveFailed });
  };

  const approve = (kind: CoverKind, imageId: string) => {
    const from = kind === 'hero' ? 2 : 4;
    save.mutate(
      kind === 'hero'
        ? { step: 2, data: { approved: true, generatedCover: imageId } }
        : { step: 4, data: { approved: true, generatedToyImage: imageId } },
      { onSuccess: () => goTo(stepAfterApproval(from)), onError: saveFailed },
    );
  };

  /** On a cover step not yet approved, the step bar's main button is "Approve this cover". */
  const coverStepPrimary = () => {
    if (step !== 2 && step !== 4) return undefined;
    const kind: CoverKind = step === 2 ? 'hero' : 'toy';
    if (covers.isApproved(kind)) return undefined;
    const shown = covers.view(kind);
    return { label: t('generation.approve'), disabled: shown.state !== 'result' || coverRedrawing };
  };

  return { next, primary: coverStepPrimary() };
}
