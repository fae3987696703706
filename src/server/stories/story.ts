import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BOOK_FACTS } from '../../shared/constants';
import { castGender, castToyNames, joinNames, MAX_COMPANIONS } from '../../shared/domain/cast';
import { normaliseSignature } from '../../shared/domain/dedication';
import { ELISION, elide } from '../../shared/domain/elision';
import { applyTypography } from '../../shared/domain/languages';
import { BOOK_TYPES, type BookType } from '../../shared/domain/statuses';
import { isLanguage, LANGUAGES, type Language } from '../../shared/i18n';
import { AppError } from '../errors';
import { SERVER_SOURCE } from '../paths';
import { type Scene, SceneSchema, ScenesFileSchema } from './scene';

/**
 * The stories of the books, as data: one JSON file per theme, book type and language at
 * `stories/{themeId}/{bookType}.{language}.json`. A new theme is a new folder of JSON files, no code.
 *
 * The pictures are in `stories/{themeId}/scenes.{bookType}.json` (scene.ts), one scene per page,
 * shared by every language.
 *
 * Placeholders in `title`, `subtitle`, `dedicationDefault` and page `text` (never in scene prompts):
 *
 *   {child}  {toy}        the child's / the toy's name, as typed (trimmed; braces dropped).
 *   {male|female}         a gender pair for the child: the first alternative for a boy, the second
 *                         for a girl. Any two texts without braces or bars, either may be empty:
 *                         {he|she} {his|her} {il|elle} {Il|Elle} {petit|petite} endormi{|e}.
 *   {word:child}          French elision before a name ({word:toy} likewise): `word` is one of
 *                         ELIDING_WORDS, written in full; before an eliding name it elides
 *                         (src/shared/domain/elision.ts): {de:child} gives "de Léo", "d’Emma", "d’Hugo";
 *                         {que:toy} gives "que Nounours", "qu’Oscar". No articles before names: French
 *                         uses names bare, so there is no {le:toy}.
 *
 * Anything else between braces, a stray brace or a bar outside a pair is an error, at load time and
 * at render time, so a printed page can never show a brace.
 *
 * A cast of two or three children (issue 35, docs/decisions/030-siblings.md) is told with its own
 * words, written, not generated: beside `text`, each page has a `castText`, and beside `title`,
 * `subtitle` and `dedicationDefault` the file has `castTitle`, `castSubtitle` and
 * `castDedicationDefault`. A book of one child never reads them (its words are exactly as before);
 * a book of two or three reads only them. In the cast texts:
 *
 *   {children}            every child's name, the lead first, joined as the language lists them
 *                         (joinNames, src/shared/domain/cast.ts): "Mia, Leo and Zoé", "Mia, Leo et Zoé".
 *   {child} {toy}         the lead's name, and the lead's toy (the toy that talks in the story).
 *   {male|female}         a gender pair for the GROUP (castGender): the second alternative only when
 *                         every child is a girl: {ils|elles} {prêts|prêtes}.
 *   {word:children}       elision before the first name: {de:children} gives "d’Emma, Leo et Zoé".
 *   {toys}                every child's toy, the lead's first, joined as the language lists them
 *                         ("Biscuit, Lapin and Momo", "Biscuit, Lapin et Momo"): only the lead's toy
 *                         when no companion has one, so the text then reads as with {toy}. For the
 *                         words that speak of the toy the picture shows in every child's arms (bed,
 *                         cuddles, the ending); the toy that talks stays {toy}.
 *   {toys:one|many}       a number pair for {toys}: the first alternative for one toy, the second
 *                         for two or more: "{toys} {toys:is|are} here", "{toys} {toys:veille|veillent}".
 *                         {word:toys} elides as {word:children} does.
 *
 * `{children}` and `{toys}` are a cast text's placeholders only (an error in a single text). A cast text reads right
 * for two AND three children (plural verbs; never "both", "all three", "tous les deux"), and names
 * `{children}` wherever the single text has the child act, so every child is named in the book. A file
 * has every cast text or none (loadStory refuses a file with some only), and a cast is never told
 * from a file without them (renderStory refuses).
 *
 * A value that starts a sentence is capitalised: at the start of the text, or after . ! or ? (and any
 * closing quote, spaces, opening quote or dash), so {he|she} may be written in lower case anywhere.
 * The ellipsis "…" does not end a sentence (in read-aloud text it is mostly a pause); write the
 * capital yourself after it.
 *
 * Typography per language (TYPOGRAPHY in src/shared/domain/languages.ts): in French a space before
 * ? ! ; : » and after « becomes a no-break space (U+00A0, not the narrow U+202F, which the book fonts
 * Nunito and Fredoka do not have), so the mark never starts a line; in German and Italian « » hug the
 * words.
 * Texts use the typographic apostrophe ’.
 */

/**
 * The words that elide before a vowel (PLACEHOLDERS above): `{word:child}` / `{word:toy}` /
 * `{word:children}`, those of
 * every language's rules (src/shared/domain/elision.ts).
 */
export const ELIDING_WORDS: readonly string[] = [
  ...new Set(Object.values(ELISION).flatMap((rules) => Object.keys(rules?.words ?? {}))),
];

/** Pages per book type: the numbers the shop promises (docs/spec.md section 1). */
export const PAGES_BY_BOOK_TYPE: Record<BookType, number> = {
  storybook: BOOK_FACTS.storybookPages,
  coloring: BOOK_FACTS.coloringPages,
};

const TemplateSchema = z.string().trim().min(1);

/** A story's text file: the words of one language; the pictures come from the theme's scenes file. */
export const StoryTextFileSchema = z
  .object({
    title: TemplateSchema,
    subtitle: TemplateSchema,
    dedicationDefault: TemplateSchema,
    castTitle: TemplateSchema.optional(),
    castSubtitle: TemplateSchema.optional(),
    castDedicationDefault: TemplateSchema.optional(),
    pages: z.array(z.object({ text: TemplateSchema, castText: TemplateSchema.optional() }).strict()).min(1),
  })
  .strict();

/** A story as the shop uses it: every page's text (and cast text) with its scene. */
const StoryFileSchema = StoryTextFileSchema.extend({
  pages: z
    .array(
      z.object({ text: TemplateSchema, castText: TemplateSchema.optional(), scene: SceneSchema }).strict(),
    )
    .min(1),
});
export type StoryFile = z.infer<typeof StoryFileSchema>;

/** A story as loaded: the file's content and what it was loaded for. */
export type Story = StoryFile & { themeId: string; bookType: BookType; language: Language };

export type Gender = 'male' | 'female';

/**
 * A child beside the lead, as the words read them: a name, a gender for the group's agreement and,
 * if the child has one, a toy (named with the others' in `{toys}`).
 */
export type CastCompanion = {
  name: string;
  gender: Gender;
  toy?: { name: string } | undefined;
};

export interface StoryInputs {
  child: { name: string; gender: Gender; age: number };
  toy: { name: string };
  /**
   * The children beside the lead (castOf(personalisation) without the lead): none or absent for a
   * book of one child, which is told exactly as before; one or two for a cast, told with cast texts.
   */
  companions?: readonly CastCompanion[] | undefined;
  dedication: { message: string; signature: string };
  language: Language;
}

export interface RenderedPage {
  position: number;
  text: string;
  scene: Scene;
}

export interface RenderedStory {
  title: string;
  subtitle: string;
  dedication: { message: string; signature: string };
  pages: RenderedPage[];
}

const STORIES_DIR = path.join(SERVER_SOURCE, 'stories');
const THEME_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads and checks the story of a theme for one book type and language. */
export async function loadStory(themeId: string, bookType: BookType, language: Language): Promise<Story> {
  if (!BOOK_TYPES.includes(bookType)) {
    throw new AppError(
      'VALIDATION_INVALID_PARAM',
      `Unknown book type "${bookType}" (expected ${BOOK_TYPES.join(' or ')})`,
    );
  }
  if (!isLanguage(language)) {
    const codes = LANGUAGES.map((entry) => entry.code).join(' or ');
    throw new AppError(
      'VALIDATION_INVALID_PARAM',
      `Unknown story language "${language}" (expected ${codes})`,
    );
  }
  // The id becomes a folder name: only kebab-case, so it can never walk out of the stories folder.
  if (!THEME_ID.test(themeId)) throw new AppError('NOT_FOUND', `Unknown story theme "${themeId}"`);

  const file = path.join(STORIES_DIR, themeId, `${bookType}.${language}.json`);
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const themeExists = await fs.stat(path.join(STORIES_DIR, themeId)).then(
      (stat) => stat.isDirectory(),
      () => false,
    );
    throw new AppError(
      'NOT_FOUND',
      themeExists
        ? `The story theme "${themeId}" has no ${bookType} in "${language}"`
        : `Unknown story theme "${themeId}"`,
    );
  }

  const where = `${themeId}/${bookType}.${language}.json`;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new AppError('INTERNAL_ERROR', `The story file ${where} is not valid JSON`, { cause: error });
  }
  const parsed = StoryTextFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'INTERNAL_ERROR',
      `The story file ${where} is invalid: ${z.prettifyError(parsed.error)}`,
    );
  }
  const scenes = await loadScenes(themeId, bookType);
  const expectedPages = PAGES_BY_BOOK_TYPE[bookType];
  for (const [what, count] of [
    [where, parsed.data.pages.length],
    [`${themeId}/scenes.${bookType}.json`, scenes.length],
  ] as const) {
    if (count !== expectedPages) {
      throw new AppError(
        'INTERNAL_ERROR',
        `The story file ${what} has ${count} pages instead of ${expectedPages}`,
      );
    }
  }
  checkTemplates(parsed.data, where);
  const pages = parsed.data.pages.map((page, index) => ({
    text: page.text,
    ...(page.castText === undefined ? {} : { castText: page.castText }),
    scene: scenes[index] as Scene,
  }));
  return { ...parsed.data, pages, themeId, bookType, language };
}

/**
 * Parses every template of a story's text file, so a typo fails when the file is loaded, not on a
 * customer's book; and refuses a file with cast texts on some parts only (a cast is told from cast
 * texts alone).
 */
export function checkTemplates(data: z.infer<typeof StoryTextFileSchema>, where: string): void {
  const headings: [string, string, string | undefined][] = [
    ['the title', data.title, data.castTitle],
    ['the subtitle', data.subtitle, data.castSubtitle],
    ['the default dedication', data.dedicationDefault, data.castDedicationDefault],
  ];
  const parts: [string, string, string | undefined][] = [
    ...headings,
    ...data.pages.map((page, index): [string, string, string | undefined] => [
      `page ${index + 1}`,
      page.text,
      page.castText,
    ]),
  ];
  for (const [part, single, cast] of parts) {
    for (const [template, mode] of [
      [single, 'single'],
      [cast, 'cast'],
    ] as const) {
      if (template === undefined) continue;
      try {
        parseTemplate(template, mode);
      } catch (error) {
        const which = mode === 'cast' ? `${part} (cast)` : part;
        throw new AppError(
          'INTERNAL_ERROR',
          `The story file ${where}, ${which}: ${(error as Error).message}`,
        );
      }
    }
  }
  // A cast is told from cast texts alone: a file has them everywhere or nowhere.
  const missing = parts.filter(([, , cast]) => cast === undefined).map(([part]) => part);
  if (missing.length > 0 && missing.length < parts.length) {
    throw new AppError(
      'INTERNAL_ERROR',
      `The story file ${where} has cast texts, but not for ${missing.join(', ')}`,
    );
  }
}

/** The theme's pictures for one book type, page by page: the same for every language. */
async function loadScenes(themeId: string, bookType: BookType): Promise<Scene[]> {
  const where = `${themeId}/scenes.${bookType}.json`;
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(path.join(STORIES_DIR, themeId, `scenes.${bookType}.json`), 'utf8'));
  } catch (error) {
    throw new AppError('INTERNAL_ERROR', `The scenes file ${where} cannot be read`, { cause: error });
  }
  const parsed = ScenesFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'INTERNAL_ERROR',
      `The scenes file ${where} is invalid: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** True when a story file has the words for a cast of two or three children (every cast text). */
export function tellsCast(
  story: Pick<StoryFile, 'castTitle' | 'castSubtitle' | 'castDedicationDefault' | 'pages'>,
) {
  return (
    story.castTitle !== undefined &&
    story.castSubtitle !== undefined &&
    story.castDedicationDefault !== undefined &&
    story.pages.every((page) => page.castText !== undefined)
  );
}

/**
 * Fills a story in for one child (or a cast), toy and dedication. Throws on a placeholder it does not
 * know, and for a cast, on a story without cast texts.
 */
export function renderStory(story: StoryFile & { language?: Language }, inputs: StoryInputs): RenderedStory {
  if (story.language !== undefined && story.language !== inputs.language) {
    throw new Error(`The story is in "${story.language}" but was asked for in "${inputs.language}"`);
  }
  const companions = (inputs.companions ?? []).slice(0, MAX_COMPANIONS);
  const cast = companions.length > 0;
  if (cast && !tellsCast(story)) {
    throw new Error(`The story in "${inputs.language}" has no words for a cast of ${companions.length + 1}`);
  }
  const context = wordsContext(inputs.child, inputs.toy.name, companions, inputs.language);
  const fill = (single: string, castTemplate: string | undefined) =>
    cast
      ? renderTemplate(castTemplate as string, context, 'cast')
      : renderTemplate(single, context, 'single');

  // The parent's own words are printed as written, set by the language's typography (a typed space
  // before « ! » becomes a no-break one in French); only an empty message takes the theme's default.
  const message = applyTypography(inputs.dedication.message.trim(), inputs.language);
  return {
    title: fill(story.title, story.castTitle),
    subtitle: fill(story.subtitle, story.castSubtitle),
    dedication: {
      message: message === '' ? fill(story.dedicationDefault, story.castDedicationDefault) : message,
      signature: applyTypography(normaliseSignature(inputs.dedication.signature).trim(), inputs.language),
    },
    pages: story.pages.map((page, index) => ({
      position: index + 1,
      text: fill(page.text, page.castText),
      scene: page.scene,
    })),
  };
}

/** What the words of a book are filled with: the names, the gender that agrees, the language. */
export type WordsContext = {
  names: Record<NameKey, string>;
  gender: Gender;
  /** How many toys `{toys}` names (the lead's and the companions' own), for `{toys:one|many}`. */
  toyCount: number;
  language: Language;
};

/**
 * The names and the gender a book's words are told with: the lead's for one child; for a cast the
 * group's (castGender), `{children}`, every name joined as the language lists them, and `{toys}`,
 * every child's toy (the lead's first) joined likewise.
 */
export function wordsContext(
  lead: { name: string; gender: Gender },
  toyName: string,
  companions: readonly CastCompanion[],
  language: Language,
): WordsContext {
  const child = cleanName(lead.name, 'child');
  const others = companions.slice(0, MAX_COMPANIONS);
  const everyone = [
    { name: child, gender: lead.gender },
    ...others.map((other) => ({
      name: cleanName(other.name, 'child'),
      gender: other.gender,
    })),
  ];
  const toy = cleanName(toyName, 'toy');
  const toys = castToyNames(toy, others).map((name) => cleanName(name, 'toy'));
  return {
    names: {
      child,
      toy,
      children: joinNames(
        everyone.map((member) => member.name),
        language,
      ),
      toys: joinNames(toys, language),
    },
    gender: others.length > 0 ? castGender(everyone) : lead.gender,
    toyCount: toys.length,
    language,
  };
}

type NameKey = 'child' | 'toy' | 'children' | 'toys';
/** The names a cast text has and a single text has not. */
const CAST_NAMES: readonly NameKey[] = ['children', 'toys'];
/** A single text (one child: no `{children}`) or a cast text (two or three). */
export type TemplateMode = 'single' | 'cast';
type Token =
  | { kind: 'text'; text: string }
  | { kind: 'name'; name: NameKey; elide?: string }
  | { kind: 'gender'; male: string; female: string }
  | { kind: 'toys'; one: string; many: string };

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Splits a template into text and placeholders; throws on anything it does not know. */
export function parseTemplate(template: string, mode: TemplateMode = 'single'): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    tokens.push({ kind: 'text', text: template.slice(last, match.index) });
    const token = parsePlaceholder(match[1] ?? '');
    if (
      mode === 'single' &&
      ((token.kind === 'name' && CAST_NAMES.includes(token.name)) || token.kind === 'toys')
    ) {
      throw new Error(`"${match[0]}" is for a cast text only, in "${template}"`);
    }
    tokens.push(token);
    last = match.index + match[0].length;
  }
  tokens.push({ kind: 'text', text: template.slice(last) });
  for (const token of tokens) {
    if (token.kind === 'text' && /[{}|]/.test(token.text)) {
      throw new Error(`Stray "{", "}" or "|" in "${template}"`);
    }
  }
  return tokens;
}

function parsePlaceholder(body: string): Token {
  if (body === 'child' || body === 'toy' || body === 'children' || body === 'toys')
    return { kind: 'name', name: body };
  const number = /^toys:([^|]*)\|([^|]*)$/.exec(body);
  if (number) {
    const [, one = '', many = ''] = number;
    if (one === '' && many === '') throw new Error('Empty number pair "{toys:|}"');
    return { kind: 'toys', one, many };
  }
  const alternatives = body.split('|');
  if (alternatives.length === 2) {
    const [male = '', female = ''] = alternatives;
    if (male === '' && female === '') throw new Error('Empty gender pair "{|}"');
    return { kind: 'gender', male, female };
  }
  const elision = /^(.+):(child|toy|children|toys)$/.exec(body);
  if (elision) {
    const [, word = '', name] = elision;
    if (!ELIDING_WORDS.some((known) => known === word.toLowerCase())) {
      throw new Error(`Unknown elision "{${body}}" (known: ${ELIDING_WORDS.join(', ')})`);
    }
    return { kind: 'name', name: name as NameKey, elide: word };
  }
  throw new Error(`Unknown placeholder "{${body}}"`);
}

/**
 * A template filled with the context's names and gender, in the language's typography. `continues`:
 * the template goes on from a line before it (a cover's second line), so its start takes no capital.
 */
export function renderTemplate(
  template: string,
  context: WordsContext,
  mode: TemplateMode,
  continues = false,
): string {
  let output = '';
  for (const token of parseTemplate(template, mode)) {
    if (token.kind === 'text') {
      output += applyTypography(token.text, context.language);
      continue;
    }
    let value: string;
    if (token.kind === 'gender') {
      value = context.gender === 'male' ? token.male : token.female;
    } else if (token.kind === 'toys') {
      value = context.toyCount > 1 ? token.many : token.one;
    } else {
      const name = context.names[token.name];
      value = token.elide === undefined ? name : elide(context.language, token.elide, name);
    }
    const capital = startsSentence(output) && !(continues && output.trim() === '');
    output += capital ? capitalise(value, context.language) : value;
  }
  return output;
}

/** True when the text so far ends a sentence, so what comes next takes a capital. */
function startsSentence(before: string): boolean {
  const trimmed = before.replace(/[\s“”"«»‘’(—–-]+$/u, '');
  return trimmed === '' || /[.!?]$/.test(trimmed);
}

function capitalise(value: string, language: Language): string {
  const [first = '', ...rest] = value;
  return first.toLocaleUpperCase(language) + rest.join('');
}

/** A name as it is printed: trimmed, single spaces, no braces (a brace would read as a template). */
function cleanName(name: string, what: NameKey): string {
  const cleaned = name.normalize('NFC').replace(/[{}|]/g, '').replace(/\s+/g, ' ').trim();
  if (cleaned === '') throw new Error(`The ${what}'s name is empty`);
  return cleaned;
}
