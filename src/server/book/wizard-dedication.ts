import { joinNames } from '../../shared/domain/cast';
import type { Language } from '../../shared/domain/languages';
import { fill, serverTexts } from '../i18n';

/**
 * The dedication wizard step 5 suggests for a cast (issue 35): `dedication.templateCast` of
 * public/locales/<language>/wizard.json with every child's name, as the language lists them, and the
 * toy's, filled exactly as the wizard fills it (client hooks/use-wizard-drafts.ts).
 */
export function castWizardDedication(
  language: Language,
  names: { child: string; companions: readonly string[]; toy: string },
): string {
  const texts = serverTexts<{ dedication: { templateCast: string } }>('wizard', language);
  const children = joinNames([names.child, ...names.companions.map((name) => name.trim())], language);
  return fill(texts.dedication.templateCast, { children, toy: names.toy }, language);
}

/**
 * The dedication after the reader renames a cast's children or toy (docs/decisions/030-siblings.md):
 * a dedication still as the wizard suggested it for the old names is suggested again for the new
 * ones; one the parent typed, or changes now, stays as written.
 */
export function renamedDedication(
  language: Language,
  before: { child: string; companions: readonly string[]; toy: string; message: string },
  after: { child: string; companions: readonly string[]; toy: string },
  typed: string | undefined,
): string {
  if (typed !== undefined && typed !== before.message) return typed;
  if (before.companions.length === 0 || after.companions.length === 0) return before.message;
  if (before.message !== castWizardDedication(language, before)) return before.message;
  return castWizardDedication(language, after);
}
