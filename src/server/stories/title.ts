import { readPersonalisation } from '../../shared/domain/book-personalisation';
import { type BookType, parseBookType } from '../../shared/domain/statuses';
import { isLanguage, type Language } from '../../shared/i18n';
import { type Gender, loadStory, renderStory, type Story } from './story';

/** What a book's own title is made from: its theme, type and language, and the names in its wizard data. */
export type TitleSource = {
  themeId: string;
  bookType: string;
  language: string;
  wizardMetadata: unknown;
};

const stories = new Map<string, Promise<Story>>();

/** Story files do not change while the shop runs: each is read and checked once. */
function cachedStory(themeId: string, bookType: BookType, language: Language) {
  const key = `${themeId}/${bookType}.${language}`;
  let story = stories.get(key);
  if (!story) {
    story = loadStory(themeId, bookType, language);
    stories.set(key, story);
    story.catch(() => stories.delete(key));
  }
  return story;
}

/**
 * The title printed on the book ("Mia and the Night Guardian", « Mia et le Gardien de la nuit »), in the
 * book's own language, told of the whole cast for two or three children (the story's `castTitle`);
 * `fallback` (the catalogue's title) when the book's data cannot make one.
 */
export async function bookTitle(source: TitleSource, fallback: string): Promise<string> {
  const bookType = parseBookType(source.bookType);
  const metadata = readPersonalisation(source.wizardMetadata);
  const child = metadata.childName;
  const toy = metadata.toyName;
  if (!bookType || !child || !toy) return fallback;
  const language: Language = isLanguage(source.language) ? source.language : 'en';
  const gender: Gender = metadata.childGender === 'male' ? 'male' : 'female';
  try {
    const story = await cachedStory(source.themeId, bookType, language);
    return renderStory(
      { ...story, pages: [] },
      {
        child: { name: child, gender, age: 0 },
        toy: { name: toy },
        companions: metadata.companions,
        dedication: { message: '', signature: '' },
        language,
      },
    ).title;
  } catch {
    return fallback;
  }
}
