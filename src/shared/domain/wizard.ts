import { LIMITS } from '../constants';

/** A wizard step number, 1 to 5. */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

/** Reads the `step` query: 1-5, anything else is 1 (docs/spec.md section 2). */
export function parseWizardStep(value: unknown): WizardStep {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= LIMITS.wizardSteps ? (step as WizardStep) : 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a `character` or `clone` query (a reorder's child, an order to copy): a uuid, else none. */
export function readPrefillId(value: string | null | undefined): string | undefined {
  return value && UUID.test(value) ? value : undefined;
}

/** Where Previous goes: from 3 back to 1 and from 5 back to 3 (the generated screens are skipped), else one back. */
export function previousStep(step: WizardStep): WizardStep {
  if (step === 3) return 1;
  if (step === 5) return 3;
  return Math.max(1, step - 1) as WizardStep;
}

/** Where approving a generated cover goes: the hero cover (2) to the toy (3), the toy cover (4) to the dedication (5). */
export function stepAfterApproval(step: 2 | 4): WizardStep {
  return step === 2 ? 3 : 5;
}

/** Where regenerating goes: the hero cover back to the child (1), the toy cover back to the toy (3). */
export function stepForRegeneration(step: 2 | 4): WizardStep {
  return step === 2 ? 1 : 3;
}

/** What restoring needs to know of the saved steps. */
export type SavedProgress = {
  picture?: string | undefined;
  generatedCover?: string | undefined;
  toyName?: string | undefined;
  toyPicture?: string | undefined;
  generatedToyImage?: string | undefined;
};

/**
 * The step to resume at (docs/spec.md section 4), counting a step only when every earlier one is there: a
 * picture, 2; and a generated cover, 3; and toy name and picture, 4; and a toy image, 5; otherwise 1.
 * Filled in order this is the spec's rule; a sibling version saves steps 3-5 first and still opens at 1.
 */
export function resumeStep(progress: SavedProgress): WizardStep {
  if (!progress.picture) return 1;
  if (!progress.generatedCover) return 2;
  if (!(progress.toyName && progress.toyPicture)) return 3;
  if (!progress.generatedToyImage) return 4;
  return 5;
}
