import { z } from 'zod';
import {
  type ChildStep,
  ChildStepSchema,
  type DedicationStep,
  DedicationStepSchema,
  type ToyStep,
  ToyStepSchema,
  type WizardState,
} from '../../../../shared/contracts/wizard';
import type { Companion } from '../../../../shared/domain/cast';
import { ChildLookSchema, DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { isLanguage, type Language } from '../../../../shared/domain/languages';
import { DEFAULT_TOY_LOOK, sameToyLook, ToyLookSchema } from '../../../../shared/domain/toy-look';

/** Step 5 as the form holds it; `message` is null until the user touches it (the template shows). */
export type DedicationDraft = z.input<typeof DedicationDraftSchema>;

/**
 * Step 1's draft: the saved step, else a reorder's child (never with the consent given), else empty;
 * with the companions saved, else the earlier book's (issue 35), else none.
 */
export function childDraftFrom(
  saved: WizardState['steps'][1],
  prefill?: NonNullable<WizardState['prefill']>['child'],
  prefillCompanions?: NonNullable<WizardState['prefill']>['companions'],
): ChildDraft {
  if (saved) {
    return {
      name: saved.name,
      gender: saved.gender,
      age: String(saved.age),
      picture: saved.picture,
      consent: saved.consent,
      companions: (saved.companions ?? []).map(companionDraftFrom),
    };
  }
  return {
    name: prefill?.name ?? '',
    gender: prefill?.gender ?? '',
    age: prefill?.age === undefined ? '' : String(prefill.age),
    picture: prefill?.picture,
    consent: false,
    companions: (prefillCompanions ?? []).map(companionDraftFrom),
  };
}

/** A companion as the fields hold it: the toy's fields are kept while "has a toy" is unticked. */
export function companionDraftFrom(companion?: Companion): CompanionDraft {
  return {
    name: companion?.name ?? '',
    gender: companion?.gender ?? '',
    age: companion ? String(companion.age) : '',
    look: companion?.look ?? DEFAULT_CHILD_LOOK,
    hasToy: companion?.toy !== undefined,
    toyName: companion?.toy?.name ?? '',
    toyLook: companion?.toy?.look ?? DEFAULT_TOY_LOOK,
  };
}

export const toyDraftFrom = (saved: WizardState['steps'][3]): ToyDraft => ({
  toyName: saved?.toyName ?? '',
  toyPicture: saved?.toyPicture,
  look: saved?.look ?? DEFAULT_TOY_LOOK,
});

export const dedicationDraftFrom = (saved: WizardState['steps'][5]): DedicationDraft => ({
  message: saved?.dedicationMessage ?? null,
  signature: saved?.dedicationSignature ?? '',
  secondLanguage: saved?.secondLanguage ?? NO_SECOND_LANGUAGE,
});

/** The second-language select's value for "none" (a select's values are never empty). */
export const NO_SECOND_LANGUAGE = 'none';

/**
 * The bilingual edition's second language as chosen, or null: none, or the book's own language (the
 * shop's, which the parent may have switched to since choosing).
 */
export function secondLanguageChoice(value: string, bookLanguage: Language): Language | null {
  return isLanguage(value) && value !== bookLanguage ? value : null;
}

/**
 * Step 1's form: the draft as the fields hold it (a gender not chosen yet is '', the age is the
 * field's text), turned into the step and checked by the shared schema; a problem's path is the
 * field's name.
 */
const CompanionDraftSchema = z.object({
  name: z.string(),
  gender: z.enum(['', 'male', 'female']),
  age: z.string(),
  look: ChildLookSchema,
  hasToy: z.boolean(),
  toyName: z.string(),
  toyLook: ToyLookSchema,
});
export type CompanionDraft = z.input<typeof CompanionDraftSchema>;

const ageOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

export const ChildDraftSchema = z
  .object({
    name: z.string(),
    gender: z.enum(['', 'male', 'female']),
    age: z.string(),
    picture: z.string().optional(),
    consent: z.boolean(),
    companions: z.array(CompanionDraftSchema),
  })
  .transform(({ companions, ...draft }) => ({
    ...draft,
    gender: draft.gender || undefined,
    age: ageOf(draft.age),
    // None is a book of one child: the step is saved exactly as before.
    ...(companions.length > 0
      ? {
          companions: companions.map((companion) => ({
            name: companion.name,
            gender: companion.gender || undefined,
            age: ageOf(companion.age),
            look: companion.look,
            ...(companion.hasToy ? { toy: { name: companion.toyName, look: companion.toyLook } } : {}),
          })),
        }
      : {}),
  }))
  .pipe(ChildStepSchema);

/** Step 3's form: the toy's name, photo and drawn look, checked by the shared schema. */
export const ToyDraftSchema = z
  .object({ toyName: z.string(), toyPicture: z.string().optional(), look: ToyLookSchema.optional() })
  .pipe(ToyStepSchema);

/** Step 5's form: checked as the user types (the limits and emoji show at once), not on submit. */
export const DedicationDraftSchema = z.object({
  message: z.string().nullable(),
  signature: z.string(),
  /** A language code, or NO_SECOND_LANGUAGE. */
  secondLanguage: z.string(),
});

/** Step 1 as the form holds it, before it is checked. */
export type ChildDraft = z.input<typeof ChildDraftSchema>;
export type ToyDraft = z.input<typeof ToyDraftSchema>;

export function checkDedication(
  message: string,
  signature: string,
  secondLanguage: Language | null = null,
): DedicationStep | undefined {
  const result = DedicationStepSchema.safeParse({
    dedicationMessage: message,
    dedicationSignature: signature,
    secondLanguage,
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
    saved.age !== data.age ||
    // Another cast beside the child: the hero cover draws every child (issue 35).
    JSON.stringify(saved.companions ?? []) !== JSON.stringify(data.companions ?? [])
  );
}

export function toyChanged(data: ToyStep, saved: WizardState['steps'][3]): boolean {
  return (
    !saved ||
    saved.toyName !== data.toyName ||
    saved.toyPicture !== data.toyPicture ||
    !sameToyLook(saved.look, data.look)
  );
}
