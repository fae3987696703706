import {
  type ChildStep,
  ChildStepSchema,
  type DedicationStep,
  DedicationStepSchema,
  type ToyStep,
  ToyStepSchema,
  type WizardState,
} from '../../../../shared/contracts/wizard';

/** Step 1 as the form holds it, before it is checked. */
export type ChildDraft = {
  name: string;
  gender: '' | ChildStep['gender'];
  age: string;
  picture: string | undefined;
  consent: boolean;
};
export type ChildField = keyof ChildDraft;

export type ToyDraft = { toyName: string; toyPicture: string | undefined };
export type ToyField = keyof ToyDraft;

/** Step 5 as the form holds it; `message` is null until the user touches it (the template shows). */
export type DedicationDraft = { message: string | null; signature: string };

type Checked<T, F> = { data: T; problems?: undefined } | { data?: undefined; problems: F[] };

function fieldsOf<F extends string>(issues: ReadonlyArray<{ path: PropertyKey[] }>): F[] {
  return [...new Set(issues.map((issue) => String(issue.path[0]) as F))];
}

/** Step 1's draft: the saved step, else a reorder's child (never with the consent given), else empty. */
export function childDraftFrom(
  saved: WizardState['steps'][1],
  prefill?: NonNullable<WizardState['prefill']>['child'],
): ChildDraft {
  if (saved) {
    return {
      name: saved.name,
      gender: saved.gender,
      age: String(saved.age),
      picture: saved.picture,
      consent: saved.consent,
    };
  }
  return {
    name: prefill?.name ?? '',
    gender: prefill?.gender ?? '',
    age: prefill?.age === undefined ? '' : String(prefill.age),
    picture: prefill?.picture,
    consent: false,
  };
}

export const toyDraftFrom = (saved: WizardState['steps'][3]): ToyDraft => ({
  toyName: saved?.toyName ?? '',
  toyPicture: saved?.toyPicture,
});

export const dedicationDraftFrom = (saved: WizardState['steps'][5]): DedicationDraft => ({
  message: saved?.dedicationMessage ?? null,
  signature: saved?.dedicationSignature ?? '',
});

/** Step 1 checked against the shared schema: the data to save, or the fields still missing. */
export function checkChild(draft: ChildDraft): Checked<ChildStep, ChildField> {
  const age = draft.age.trim() === '' ? undefined : Number(draft.age);
  const result = ChildStepSchema.safeParse({ ...draft, gender: draft.gender || undefined, age });
  return result.success ? { data: result.data } : { problems: fieldsOf<ChildField>(result.error.issues) };
}

export function checkToy(draft: ToyDraft): Checked<ToyStep, ToyField> {
  const result = ToyStepSchema.safeParse(draft);
  return result.success ? { data: result.data } : { problems: fieldsOf<ToyField>(result.error.issues) };
}

export function checkDedication(message: string, signature: string): DedicationStep | undefined {
  const result = DedicationStepSchema.safeParse({
    dedicationMessage: message,
    dedicationSignature: signature,
  });
  return result.success ? result.data : undefined;
}

/** True when step 1 differs from what was saved, so its cover must be made again. */
export function childChanged(data: ChildStep, saved: WizardState['steps'][1]): boolean {
  return (
    !saved ||
    saved.name !== data.name ||
    saved.picture !== data.picture ||
    saved.gender !== data.gender ||
    saved.age !== data.age
  );
}

export function toyChanged(data: ToyStep, saved: WizardState['steps'][3]): boolean {
  return !saved || saved.toyName !== data.toyName || saved.toyPicture !== data.toyPicture;
}
