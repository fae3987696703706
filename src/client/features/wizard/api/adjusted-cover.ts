import { useQueryClient } from '@tanstack/react-query';
import type { CoverVersion, WizardState } from '../../../../shared/contracts/wizard';
import type { ChildLook, LookPart } from '../../../../shared/domain/child-look';
import { type WizardStart, wizardStateQueryKey } from './wizard-state';

export type AdjustedCover = {
  imageId: string;
  look: ChildLook;
  /** The parts of the look the photo did not settle that the parent has still to choose. */
  unread?: readonly LookPart[] | undefined;
  /** Every cover of the step as the server now keeps them (this one in the place of the one adjusted). */
  versions?: CoverVersion[] | undefined;
};

/**
 * Puts a hero cover redrawn with the parent's look into the cached wizard state the way the server
 * now keeps it: step 2 holds the new cover, not approved, so the later steps wait for its approval.
 */
export function useKeepAdjustedCover(start: WizardStart) {
  const queryClient = useQueryClient();
  return (cover: AdjustedCover) =>
    queryClient.setQueryData<WizardState>(
      wizardStateQueryKey(start),
      (previous) =>
        previous && {
          ...previous,
          steps: {
            ...previous.steps,
            2: {
              ...previous.steps[2],
              approved: false,
              generatedCover: cover.imageId,
              look: cover.look,
              unread: cover.unread ? [...cover.unread] : undefined,
              ...(cover.versions ? { versions: cover.versions } : {}),
            },
          },
          resumeStep: Math.min(previous.resumeStep, 2),
        },
    );
}
