import type { Language } from '../../../shared/i18n';
import type { BookVersionTexts } from '../../db/schema';
import { versionTexts } from '../books/versions';
import { type BookPlan, type BookSource, planBook } from './book-plan';

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
 * book's, as the parent wrote it), and the story told again in the copy's language. The story's
 * words always come from the template with the names (the parent changes names and dedication,
 * never a page), so a French copy of an English book is the same story, in French. The pictures
 * are the version's, unchanged.
 */
export async function copyPlan(
  instance: BookSource,
  texts: BookVersionTexts,
  variant: CopyVariant,
): Promise<{ plan: BookPlan; texts: BookVersionTexts }> {
  const names = {
    childName: texts.childName,
    toyName: texts.toyName,
    dedicationMessage: variant.dedication?.message ?? texts.dedicationMessage,
    dedicationSignature: variant.dedication ? variant.dedication.signature : texts.dedicationSignature,
  };
  const plan = await planBook({
    ...instance,
    language: variant.language ?? instance.language,
    wizardMetadata: {
      ...(instance.wizardMetadata as object),
      childName: names.childName,
      toyName: names.toyName,
      dedicationMessage: names.dedicationMessage,
      dedicationName: names.dedicationSignature,
    },
  });
  return { plan, texts: versionTexts(names, plan.story) };
}
