import { z } from 'zod';
import {
  type BookPersonalisation,
  BookPersonalisationSchema,
} from '../../../shared/domain/book-personalisation';
import { type BookType, parseBookType } from '../../../shared/domain/statuses';
import { isLanguage, type Language } from '../../../shared/i18n';
import { PermanentJobError } from '../../jobs/errors';
import { loadStory, type RenderedStory, renderStory } from '../../stories/story';

export type BookSource = {
  id: string;
  themeId: string;
  bookType: string;
  language: string;
  wizardMetadata: unknown;
};

/** The picture style and spread template of each book type. */
export const BOOK_STYLE: Record<BookType, { style: 'color' | 'line'; templateName: string }> = {
  storybook: { style: 'color', templateName: 'story-page' },
  coloring: { style: 'line', templateName: 'coloring-page' },
};

export type BookPlan = {
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
      dedication: { message: metadata.dedicationMessage, signature: metadata.dedicationName },
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
    bookType,
    language,
    metadata,
    story,
    ...BOOK_STYLE[bookType],
    heroCoverKey: metadata.permanentPaths.generatedHero,
    toyCoverKey: metadata.permanentPaths.generatedToy,
  };
}
