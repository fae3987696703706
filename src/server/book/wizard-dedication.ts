import { castDedication, castToyNames } from '../../shared/domain/cast';
import type { Language } from '../../shared/domain/languages';
import { fill, serverTexts } from '../i18n';

/** The names step 5's cast dedication is written with: the lead's, each companion's and every toy. */
export type CastDedicationNames = {
  child: string;
  toy: string;
  companions: readonly { name: string; toy?: { name: string } | undefined }[];
};

type DedicationTexts = { dedication: { templateCast: string; templateCastToys: string } };

/**
 * The dedication wizard step 5 suggests for a cast (issue 35): every child's name, as the language
 * lists them, and every child's toy, agreeing with their number (`castDedication`), filled exactly as
 * the wizard fills it (client hooks/use-wizard-drafts.ts).
 */
export function castWizardDedication(language: Language, names: CastDedicationNames): string {
  const texts = serverTexts<DedicationTexts>('wizard', language);
  const { key, values } = castDedication(names, language);
  return fill(texts.dedication[key], values, language);
}

/** Step 5's cast dedication as it was suggested before it named the companions' toys (the lead's only). */
function leadToyDedication(language: Language, names: CastDedicationNames): string {
  const texts = serverTexts<DedicationTexts>('wizard', language);
  return fill(texts.dedication.templateCast, castDedication(names, language).values, language);
}

/**
 * The dedication after the reader renames a cast's children or toy (docs/decisions/030-siblings.md):
 * a dedication still as the wizard suggested it for the old names (now, or before it named the
 * companions' toys) is suggested again for the new ones; one the parent typed, or changes now, stays
 * as written.
 */
export function renamedDedication(
  language: Language,
  before: CastDedicationNames & { message: string },
  after: CastDedicationNames,
  typed: string | undefined,
): string {
  if (typed !== undefined && typed !== before.message) return typed;
  if (before.companions.length === 0 || after.companions.length === 0) return before.message;
  const suggested =
    before.message === castWizardDedication(language, before) ||
    (castToyNames(before.toy, before.companions).length > 1 &&
      before.message === leadToyDedication(language, before));
  return suggested ? castWizardDedication(language, after) : before.message;
}
