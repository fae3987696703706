import { useTranslation } from 'react-i18next';
import type { DedicationStep, WizardState } from '../../../../shared/contracts/wizard';
import { castDedication, castGender, joinNames } from '../../../../shared/domain/cast';
import { useLanguage } from '../../../components/layout/use-language';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  ChildDraftSchema,
  checkDedication,
  childDraftFrom,
  DedicationDraftSchema,
  dedicationDraftFrom,
  secondLanguageChoice,
  ToyDraftSchema,
  toyDraftFrom,
} from '../lib/drafts';

/**
 * The wizard's three forms (steps 1, 3 and 5), kept while the parent moves between steps: each is
 * react-hook-form with its shared schema (`useZodForm`). Steps 1 and 3 are checked on Next; the
 * dedication is checked as it is typed (its limits and emoji show at once).
 */
export function useWizardDrafts(state: WizardState) {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  // A reorder's child fills the form, but the consent box is the parent's to tick again.
  // The focus goes to the first problem in the page's order (a photo is not an input): useUrlStep.
  const child = useZodForm(
    ChildDraftSchema,
    childDraftFrom(state.steps[1], state.prefill?.child, state.prefill?.companions),
    {
      focusError: false,
    },
  );
  const toy = useZodForm(ToyDraftSchema, toyDraftFrom(state.steps[3]), { focusError: false });
  const dedication = useZodForm(DedicationDraftSchema, dedicationDraftFrom(state.steps[5]));

  // The names as saved, else as typed: the covers' captions and the dedication's template use them.
  const names = {
    child: state.steps[1]?.name ?? child.watch('name'),
    toy: state.steps[3]?.toyName ?? toy.watch('toyName'),
  };
  // The child's gender as saved, else as chosen: French and Italian words agree with it (issue 36,
  // i18next's `context`: a key's `_female` form where the language has one).
  const gender = state.steps[1]?.gender ?? child.watch('gender');
  const genderContext = gender === 'female' ? ('female' as const) : undefined;
  const [typedMessage, signature, secondValue] = dedication.watch(['message', 'signature', 'secondLanguage']);
  // The bilingual edition's second language: never the book's own (the shop's language now).
  const secondLanguage = secondLanguageChoice(secondValue, language);
  // The children beside the lead as saved, else as typed (issue 35): the template names them all.
  const companions = state.steps[1] ? (state.steps[1].companions ?? []) : child.watch('companions');
  const companionNames = companions.map((companion) => companion.name.trim()).filter(Boolean);
  // Until the parent writes their own, the dedication is the template with the two names (a cast:
  // every child's name and every child's toy, as the server suggests it again, castDedication).
  const suggestion = castDedication(
    {
      ...names,
      companions: companions
        .filter((companion) => companion.name.trim() !== '')
        .map((companion) => ({ name: companion.name, toy: companionToy(companion) })),
    },
    language,
  );
  const message =
    typedMessage ??
    (companionNames.length > 0
      ? t(`dedication.${suggestion.key}`, suggestion.values)
      : t('dedication.template', names));

  // The hero cover of a cast shows every child (issue 35): its texts name them all, agreeing with
  // the group (`hero_cast`, `hero_cast_female`).
  const cast =
    companionNames.length > 0
      ? {
          names: joinNames([names.child, ...companionNames], language),
          context:
            castGender([gender, ...companions.map((companion) => companion.gender)].map(asChildGender)) ===
            'female'
              ? ('cast_female' as const)
              : ('cast' as const),
        }
      : undefined;

  return {
    child,
    toy,
    names,
    cast,
    /** `context` for the texts about the child (`t(key, { context: genderContext })`). */
    genderContext,
    dedication: {
      message,
      signature,
      setMessage: (value: string) => dedication.setValue('message', value),
      setSignature: (value: string) => dedication.setValue('signature', value),
      secondLanguage,
      setSecondLanguage: (value: string) => dedication.setValue('secondLanguage', value),
      /** The step to save, or undefined while a field breaks its rule. */
      checked: (): DedicationStep | undefined => checkDedication(message, signature, secondLanguage),
    },
  };
}

export type WizardDrafts = ReturnType<typeof useWizardDrafts>;
export type ChildForm = WizardDrafts['child'];
export type ToyForm = WizardDrafts['toy'];

/** A gender as chosen so far (none yet: the group's words stay masculine until every girl is one). */
const asChildGender = (gender: string | undefined) => ({
  gender: gender === 'female' ? ('female' as const) : ('male' as const),
});

/** A companion's toy as saved, else as typed (a ticked "has a toy" with a name). */
const companionToy = (
  companion: { toy?: { name: string } | undefined } | { hasToy: boolean; toyName: string },
): { name: string } | undefined =>
  'hasToy' in companion ? (companion.hasToy ? { name: companion.toyName } : undefined) : companion.toy;
