import { z } from 'zod';
import { type BookType, parseBookType } from '../../../shared/domain/statuses';
import { isLanguage, type Language } from '../../../shared/i18n';
import { PermanentJobError } from '../../jobs/errors';
import { loadStory, type RenderedStory, renderStory } from '../../stories/story';

/** What production reads of `book_instance.wizard_metadata` (written by the wizard). */
const MetadataSchema = z.object({
  childName: z.string().trim().min(1),
  childGender: z.enum(['male', 'female']),
  childAge: z.coerce.number().int().min(0).max(120),
  toyName: z.string().trim().min(1),
  dedicationMessage: z.string().default(''),
  dedicationName: z.string().default(''),
  permanentPaths: z.record(z.string(), z.string()).default({}),
});
export type BookMetadata = z.infer<typeof MetadataSchema>;

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
  metadata: BookMetadata;
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
  const parsed = MetadataSchema.safeParse(instance.wizardMetadata);
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
  const paths = metadata.permanentPaths;
  return {
    bookType,
    language,
    metadata,
    story,
    ...BOOK_STYLE[bookType],
    // The wizard names them generatedHero / generatedToy; older rows may say heroCover / plushCover.
    heroCoverKey: paths.generatedHero ?? paths.heroCover ?? `${instance.id}/intermediate/hero_cover.png`,
    toyCoverKey:
      paths.generatedToy ??
      paths.plushCover ??
      paths.toyCover ??
      `${instance.id}/intermediate/plush_cover.png`,
  };
}
