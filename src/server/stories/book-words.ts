import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ThemeTexts } from '../../shared/contracts/catalog';
import { applyTypography, LANGUAGE_CODES } from '../../shared/domain/languages';
import type { BookType } from '../../shared/domain/statuses';
import type { Language } from '../../shared/i18n';
import { AppError } from '../errors';
import { SERVER_SOURCE } from '../paths';
import { type CastCompanion, parseTemplate, renderTemplate, wordsContext } from './story';

/**
 * The printed words of a story that are not its pages, as data beside them
 * (`stories/{themeId}/book.{language}.json`): the cover's two lines (the approved cover paints them,
 * the printed front sets them again), the back cover's blurb per book type, and the lines under the
 * frames a coloring book ends on. Placeholders: `{child}` and `{toy}`, the names as typed; the
 * language's typography is applied as in the pages (src/shared/domain/languages.ts). Beside them, the
 * story's catalogue texts (`catalogue`: title, tagline, description, tags and the gallery pictures'
 * alt texts), which the catalogue API serves to the storefront and the wizard (decision 028).
 *
 * For a cast of two or three children (docs/decisions/030-siblings.md), `cast` holds the same words
 * told of them all: `cast.cover` (the hero cover's lines; the toy's cover stays the lead's toy's),
 * `cast.backCover` and `cast.drawYourOwn`, with the placeholders of a story's cast texts (story.ts):
 * `{children}`, `{child}` (the lead), `{toy}` (the lead's toy), `{toys}` (every child's toy, the
 * lead's alone when no companion has one) with its `{toys:one|many}` pairs, `{male|female}` pairs
 * agreeing with the group and `{word:children}` elisions. A book of one child never reads them.
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

const BackCoverSchema = z.object({ storybook: Line, coloring: Line }).strict();
const BookWordsSchema = z
  .object({
    cover: z.object({ hero: CoverLinesSchema, toy: CoverLinesSchema }).strict(),
    backCover: BackCoverSchema,
    drawYourOwn: z.array(Line).min(1),
    cast: z
      .object({ cover: CoverLinesSchema, backCover: BackCoverSchema, drawYourOwn: z.array(Line).min(1) })
      .strict()
      .optional(),
    catalogue: CatalogueTextsSchema,
  })
  .strict();
export type BookWordsFile = z.infer<typeof BookWordsSchema>;

/**
 * The names a book's words are told with; `cast` is the whole cast, the lead first
 * (castOf(personalisation)): two or three children take the cast words, one (or none given) the
 * words of one child, exactly as before.
 */
export type Names = { child: string; toy: string; cast?: readonly CastCompanion[] | undefined };

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
  for (const template of castTemplates(parsed.data)) {
    try {
      parseTemplate(template, 'cast');
    } catch (error) {
      throw new AppError('INTERNAL_ERROR', `The file ${where}, cast words: ${(error as Error).message}`);
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

function castTemplates(words: BookWordsFile): string[] {
  if (!words.cast) return [];
  const { cover, backCover, drawYourOwn } = words.cast;
  return [cover.title, cover.subtitle, ...Object.values(backCover), ...drawYourOwn];
}

/** The cast when it has two or three children; undefined for a book of one. */
function castOfTwoOrMore(cast: readonly CastCompanion[] | undefined) {
  return cast && cast.length > 1 ? cast : undefined;
}

/** A book's cast words in `language`, told of `cast` (two or three children, the lead first). */
function castWords(themeId: string, language: Language, cast: readonly CastCompanion[], toy: string) {
  const words = loadBookWords(themeId, language).cast;
  if (!words) throw new Error(`The story "${themeId}" has no words for a cast in "${language}"`);
  const [lead, ...companions] = cast as [CastCompanion, ...CastCompanion[]];
  const context = wordsContext(lead, toy, companions, language);
  return {
    words,
    fill: (template: string, continues = false) => renderTemplate(template, context, 'cast', continues),
  };
}

/** A template with the names filled in, set in the language's typography. */
function fill(template: string, language: Language, names: Partial<Omit<Names, 'cast'>>): string {
  return applyTypography(template, language).replace(PLACEHOLDER, (_whole, key: string) => {
    const name = names[key as 'child' | 'toy'];
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
  cast?: readonly CastCompanion[],
): CoverLines {
  const children = kind === 'hero' ? castOfTwoOrMore(cast) : undefined;
  if (children) {
    // The toy is not on the hero cover's lines; its name is only there to fill the context.
    const { words, fill } = castWords(themeId, language, children, 'toy');
    return { title: fill(words.cover.title), subtitle: fill(words.cover.subtitle, true) };
  }
  const lines = loadBookWords(themeId, language).cover[kind];
  const names = kind === 'hero' ? { child: name } : { toy: name };
  return { title: fill(lines.title, language, names), subtitle: fill(lines.subtitle, language, names) };
}

/** The back cover text of a book in its language: a story, or a colouring book. */
export function backCoverText(themeId: string, language: Language, bookType: BookType, names: Names): string {
  const children = castOfTwoOrMore(names.cast);
  if (children) {
    const { words, fill: fillCast } = castWords(themeId, language, children, names.toy);
    return fillCast(words.backCover[bookType]);
  }
  return fill(loadBookWords(themeId, language).backCover[bookType], language, names);
}

/** The lines under the frames of the pages to draw in at the end of a coloring book, in turn. */
export function drawYourOwnLines(themeId: string, language: Language, names: Names): string[] {
  const children = castOfTwoOrMore(names.cast);
  if (children) {
    const { words, fill: fillCast } = castWords(themeId, language, children, names.toy);
    return words.drawYourOwn.map((line) => fillCast(line));
  }
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
