import { z } from 'zod';
import {
  type BookPersonalisation,
  BookPersonalisationSchema,
  type PartialBookPersonalisation,
  readPersonalisation,
  secondLanguageOf,
} from '../../shared/domain/book-personalisation';
import { renamedCompanions } from '../../shared/domain/cast';
import { type BookType, parseBookType } from '../../shared/domain/statuses';
import { isLanguage, type Language } from '../../shared/i18n';
import type { BookVersionTexts } from '../db/schema';
import { PermanentJobError } from '../jobs/errors';
import { loadStory, type RenderedStory, renderStory } from '../stories/story';

export type BookSource = {
  id: string;
  themeId: string;
  bookType: string;
  language: string;
  /** The typed column; still parsed strictly below (a row written before a field existed lacks it). */
  wizardMetadata: BookPersonalisation | PartialBookPersonalisation;
};

/**
 * The words of a book the parent chooses: the names and the dedication (docs/decisions/018), and a
 * cast's companions' names (docs/decisions/030-siblings.md).
 */
export type BookWords = Pick<
  BookVersionTexts,
  'childName' | 'toyName' | 'companionNames' | 'dedicationMessage' | 'dedicationSignature'
>;

/** The picture style and spread template of each book type. */
export const BOOK_STYLE: Record<BookType, { style: 'color' | 'line'; templateName: string }> = {
  storybook: { style: 'color', templateName: 'story-page' },
  coloring: { style: 'line', templateName: 'coloring-page' },
};

export type BookPlan = {
  /** The story's folder (stories/{themeId}): its pages, and its cover and back-cover words. */
  themeId: string;
  bookType: BookType;
  language: Language;
  metadata: BookPersonalisation;
  story: RenderedStory;
  style: 'color' | 'line';
  templateName: string;
  /** Storage keys (bucket `instances`) of the approved covers: the references of every page. */
  heroCoverKey: string;
  toyCoverKey: string;
};

/**
 * The one way to plan a book from its personalisation and a version's words (docs/decisions/018):
 * the story told again with `words` (names and dedication) in `language` (the book's when absent).
 * Given the version's `texts` and told in the book's language, the story carries exactly the
 * version's printed words: its title, its pages, and its dedication unless `words` bring another
 * (a gift copy's own). In another language the story is the template's, told with the names.
 */
export async function planFromVersion(
  instance: BookSource,
  words: BookWords,
  options: { language?: Language | null; texts?: BookVersionTexts } = {},
): Promise<BookPlan> {
  const language = options.language ?? instance.language;
  const { companionNames, ...names } = words;
  const companions = renamedCompanions(instance.wizardMetadata.companions, companionNames);
  const plan = await planBook({
    ...instance,
    language,
    wizardMetadata: { ...instance.wizardMetadata, ...names, ...(companions ? { companions } : {}) },
  });
  const { texts } = options;
  if (!texts || language !== instance.language) return plan;
  const sameDedication =
    words.dedicationMessage === texts.dedicationMessage &&
    words.dedicationSignature === texts.dedicationSignature;
  const pageText = new Map(texts.pages.map((page) => [page.position, page.text]));
  return {
    ...plan,
    story: {
      ...plan.story,
      title: texts.title,
      subtitle: texts.subtitle,
      dedication: sameDedication ? texts.dedication : plan.story.dedication,
      pages: plan.story.pages.map((page) => ({ ...page, text: pageText.get(page.position) ?? page.text })),
    },
  };
}

/**
 * The bilingual edition (issue 32, docs/decisions/026-the-bilingual-edition.md): each story page's
 * text in the book's second language, told with the same `words` (names), by position; undefined
 * for a book in one language, and for a print in another language than the book's (a gift copy in
 * its own language is printed in that language alone).
 */
export async function secondPageTexts(
  instance: BookSource,
  words: BookWords,
  printedIn: Language,
): Promise<{ language: Language; texts: Map<number, string> } | undefined> {
  if (printedIn !== instance.language) return undefined;
  const language = secondLanguageOf(instance.language, readPersonalisation(instance.wizardMetadata));
  if (!language) return undefined;
  const plan = await planFromVersion(instance, words, { language });
  return { language, texts: new Map(plan.story.pages.map((page) => [page.position, page.text])) };
}

/**
 * The book as it will be printed, from the instance alone: its story in the book's language for its
 * type, with the child's and toy's names, gender and dedication filled in. A book whose data cannot
 * make a story is a permanent failure (no retry would change it).
 */
export async function planBook(instance: BookSource): Promise<BookPlan> {
  const bookType = parseBookType(instance.bookType);
  if (!bookType) throw new PermanentJobError('JOB_INVALID_STATE', `Unknown book type ${instance.bookType}`);
  const language: Language = isLanguage(instance.language) ? instance.language : 'en';
  // Strict: production needs every part of the personalisation (the wizard always writes them all).
  const parsed = BookPersonalisationSchema.safeParse(instance.wizardMetadata);
  if (!parsed.success) {
    throw new PermanentJobError(
      'JOB_DEPENDENCY_MISSING',
      `The book's wizard data is incomplete: ${z.prettifyError(parsed.error)}`,
    );
  }
  const metadata = parsed.data;
  let story: RenderedStory;
  try {
    story = renderStory(await loadStory(instance.themeId, bookType, language), {
      child: { name: metadata.childName, gender: metadata.childGender, age: metadata.childAge },
      toy: { name: metadata.toyName },
      companions: metadata.companions,
      dedication: { message: metadata.dedicationMessage, signature: metadata.dedicationSignature },
      language,
    });
  } catch (error) {
    throw new PermanentJobError(
      'JOB_DEPENDENCY_MISSING',
      `The story cannot be made: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return {
    themeId: instance.themeId,
    bookType,
    language,
    metadata,
    story,
    ...BOOK_STYLE[bookType],
    heroCoverKey: metadata.permanentPaths.generatedHero,
    toyCoverKey: metadata.permanentPaths.generatedToy,
  };
}
