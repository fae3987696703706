import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ThemeTexts } from '../../shared/contracts/catalog';
import { applyTypography, LANGUAGE_CODES } from '../../shared/domain/languages';
import type { BookType } from '../../shared/domain/statuses';
import type { Language } from '../../shared/i18n';
import { AppError } from '../errors';
import { SERVER_SOURCE } from '../paths';

/**
 * The printed words of a story that are not its pages, as data beside them
 * (`stories/{themeId}/book.{language}.json`): the cover's two lines (the approved cover paints them,
 * the printed front sets them again), the back cover's blurb per book type, and the lines under the
 * frames a coloring book ends on. Placeholders: `{child}` and `{toy}`, the names as typed; the
 * language's typography is applied as in the pages (src/shared/domain/languages.ts). Beside them, the
 * story's catalogue texts (`catalogue`: title, tagline, description, tags and the gallery pictures'
 * alt texts), which the catalogue API serves to the storefront and the wizard (decision 028).
 */

const Line = z.string().trim().min(1);
const CoverLinesSchema = z.object({ title: Line, subtitle: Line }).strict();
/** What the catalogue says of the story; the contract's ThemeTexts (src/shared/contracts/catalog.ts). */
const CatalogueTextsSchema = z
  .object({
    title: Line,
    tagline: Line,
    description: Line,
    tags: z.array(Line).min(1),
    /** The alt text of each gallery picture of story.json, in order. */
    gallery: z.array(Line),
  })
  .strict() satisfies z.ZodType<ThemeTexts>;

const BookWordsSchema = z
  .object({
    cover: z.object({ hero: CoverLinesSchema, toy: CoverLinesSchema }).strict(),
    backCover: z.object({ storybook: Line, coloring: Line }).strict(),
    drawYourOwn: z.array(Line).min(1),
    catalogue: CatalogueTextsSchema,
  })
  .strict();
export type BookWordsFile = z.infer<typeof BookWordsSchema>;

type Names = { child: string; toy: string };

/** The story a caller that does not name one gets (the shop's first). */
export const FIRST_STORY = 'guardian-friend';
export type CoverLines = { title: string; subtitle: string };

const STORIES_DIR = path.join(SERVER_SOURCE, 'stories');
const THEME_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLACEHOLDER = /\{([^{}]*)\}/g;
const cache = new Map<string, BookWordsFile>();

/** Reads and checks a story's book words (once per theme and language; the files ship with the code). */
export function loadBookWords(themeId: string, language: Language): BookWordsFile {
  const key = `${themeId}/${language}`;
  const cached = cache.get(key);
  if (cached) return cached;
  if (!THEME_ID.test(themeId)) throw new AppError('NOT_FOUND', `Unknown story theme "${themeId}"`);
  const where = `${themeId}/book.${language}.json`;
  let raw: string;
  try {
    raw = fs.readFileSync(path.join(STORIES_DIR, themeId, `book.${language}.json`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('NOT_FOUND', `The story theme "${themeId}" has no book words in "${language}"`);
    throw error;
  }
  const parsed = BookWordsSchema.safeParse(JSON.parse(raw));
  if (!parsed.success)
    throw new AppError('INTERNAL_ERROR', `The file ${where} is invalid: ${z.prettifyError(parsed.error)}`);
  for (const template of allTemplates(parsed.data)) {
    for (const match of template.matchAll(PLACEHOLDER)) {
      if (match[1] !== 'child' && match[1] !== 'toy')
        throw new AppError('INTERNAL_ERROR', `The file ${where} has an unknown placeholder "${match[0]}"`);
    }
  }
  cache.set(key, parsed.data);
  return parsed.data;
}

function allTemplates(words: BookWordsFile): string[] {
  const { hero, toy } = words.cover;
  return [
    hero.title,
    hero.subtitle,
    toy.title,
    toy.subtitle,
    ...Object.values(words.backCover),
    ...words.drawYourOwn,
  ];
}

/** A template with the names filled in, set in the language's typography. */
function fill(template: string, language: Language, names: Partial<Names>): string {
  return applyTypography(template, language).replace(PLACEHOLDER, (_whole, key: string) => {
    const name = names[key as keyof Names];
    if (name === undefined) throw new Error(`No ${key} name for "${template}"`);
    return name;
  });
}

/** The cover's lines: the child's name and the story's line on the hero cover, the toy's on the toy's. */
export function coverLines(
  themeId: string,
  language: Language,
  kind: 'hero' | 'toy',
  name: string,
): CoverLines {
  const lines = loadBookWords(themeId, language).cover[kind];
  const names = kind === 'hero' ? { child: name } : { toy: name };
  return { title: fill(lines.title, language, names), subtitle: fill(lines.subtitle, language, names) };
}

/** The back cover text of a book in its language: a story, or a colouring book. */
export function backCoverText(themeId: string, language: Language, bookType: BookType, names: Names): string {
  return fill(loadBookWords(themeId, language).backCover[bookType], language, names);
}

/** The lines under the frames of the pages to draw in at the end of a coloring book, in turn. */
export function drawYourOwnLines(themeId: string, language: Language, names: Names): string[] {
  return loadBookWords(themeId, language).drawYourOwn.map((line) => fill(line, language, names));
}

/**
 * A story's catalogue texts in every language its folder has (every one of LANGUAGES, story.test.ts
 * checks); none for a theme without a folder.
 */
export function catalogueTexts(themeId: string): Partial<Record<Language, ThemeTexts>> {
  const texts: Partial<Record<Language, ThemeTexts>> = {};
  for (const language of LANGUAGE_CODES) {
    try {
      texts[language] = loadBookWords(themeId, language).catalogue;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
  return texts;
}
