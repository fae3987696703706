import type { WizardStep } from '../../../../shared/domain/wizard';
import { stepForRegeneration } from '../../../../shared/domain/wizard';
import type { CoverKind } from '../api/generate-cover';
import type { useSaveWizardStep } from '../api/save-wizard-step';
import type { useWizardCovers } from '../hooks/use-wizard-covers';
import type { useWizardDrafts } from '../hooks/use-wizard-drafts';
import { StepGeneration } from './step-generation';

/** Step 2 or 4: the hero's or the toy's cover, drawn again, chosen among the earlier ones, or approved. */
export function CoverStep({
  kind,
  drafts,
  covers,
  save,
  goTo,
  saveFailed,
  onRedrawingChange,
  waitSeconds,
}: {
  kind: CoverKind;
  drafts: ReturnType<typeof useWizardDrafts>;
  covers: ReturnType<typeof useWizardCovers>;
  save: ReturnType<typeof useSaveWizardStep>;
  goTo: (step: WizardStep) => void;
  saveFailed: () => void;
  /** The hero cover being redrawn with the parent's look (the hero's step only). */
  onRedrawingChange: (redrawing: boolean) => void;
  /** The usual wait for a cover the server says (WizardState.coverWaitSeconds). */
  waitSeconds: number | null;
}) {
  return (
    <StepGeneration
      kind={kind}
      name={kind === 'hero' ? drafts.names.child : drafts.names.toy}
      genderContext={kind === 'hero' ? drafts.genderContext : undefined}
      cast={kind === 'hero' ? drafts.cast : undefined}
      view={covers.view(kind)}
      waitSeconds={waitSeconds}
      approving={save.isPending}
      // Another cover at once, here: the earlier ones stay to go back to.
      onRegenerate={() => covers.make(kind)}
      onChoose={(version) => {
        covers.choose(kind, version);
        // Kept on the server too, so a reload and a look change start from this cover.
        save.mutate(
          kind === 'hero'
            ? { step: 2, data: { approved: false, generatedCover: version.imageId } }
            : { step: 4, data: { approved: false, generatedToyImage: version.imageId } },
          { onError: saveFailed },
        );
      }}
      onRedrawingChange={kind === 'hero' ? onRedrawingChange : undefined}
      onRetry={() => covers.make(kind)}
      onUploadDifferent={() => {
        if (kind === 'hero') drafts.child.setValue('picture', undefined);
        else drafts.toy.setValue('toyPicture', undefined);
        goTo(stepForRegeneration(kind === 'hero' ? 2 : 4));
      }}
      onStartOver={() => {
        covers.askAgain('hero', 'toy');
        goTo(1);
      }}
      onAdjusted={kind === 'hero' ? covers.adjust : undefined}
    />
  );
}
