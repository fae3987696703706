import type { Language } from '../../shared/i18n';
import type { BookVersionTexts } from '../db/schema';
import { type BookPlan, type BookSource, planFromVersion } from './plan';
import { versionTexts } from './versions';

/** What a gift copy changes of the book (issue 18): its language, its dedication; null keeps the book's. */
export type CopyVariant = {
  language: Language | null;
  dedication: { message: string; signature: string } | null;
};

/** True when a copy prints other words than the book (its own interior PDF and cover). */
export const isOwnVariant = (variant: CopyVariant): boolean =>
  variant.language !== null || variant.dedication !== null;

/**
 * The words of a gift copy: the approved version's names, the copy's own dedication (else the
 * book's, as the parent wrote it). In the book's language the copy prints the version's own words
 * (its pages as the version holds them); in another language the story is told again from the
 * template with the names, so a French copy of an English book is the same story, in French. The
 * pictures are the version's, unchanged.
 */
export async function copyPlan(
  instance: BookSource,
  texts: BookVersionTexts,
  variant: CopyVariant,
): Promise<{ plan: BookPlan; texts: BookVersionTexts }> {
  const words = {
    childName: texts.childName,
    toyName: texts.toyName,
    companionNames: texts.companionNames,
    dedicationMessage: variant.dedication?.message ?? texts.dedicationMessage,
    dedicationSignature: variant.dedication ? variant.dedication.signature : texts.dedicationSignature,
  };
  const plan = await planFromVersion(instance, words, { language: variant.language, texts });
  return { plan, texts: versionTexts(words, plan.story) };
}
