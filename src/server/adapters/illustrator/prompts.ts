import { FIRST_STORY } from '../../stories/book-words';
import { storyEntry } from '../../stories/catalogue';
import type { CoverKind, PageRequest, PageStyle } from './index';

/**
 * The prompt texts of the hosted image models (docs/spec.md `generate-book-cover`): one style string for
 * every cover, one subject text per cover kind, and the refusal words a model answers with when the
 * photo shows no person / no toy.
 */

/**
 * A story's own prompt lines (stories/{themeId}/story.json `hosted`, stories/catalogue.ts): the
 * cover's style and scene, and the first line of the cover and page prompts. Absent: the first story.
 */
function hostedOf(themeId: string | undefined) {
  return storyEntry(themeId ?? FIRST_STORY).hosted;
}

/** The first story's cover style (every cover of a story shares its style, hero and toy alike). */
export const COVER_STYLE = hostedOf(undefined).coverStyle;

/** Nothing written in the picture: the shop sets the title itself. */
export const NO_TEXT_RULE =
  'Do not put any text in the image: no letters, words, numbers, title, name, caption, signature, logo ' +
  'or watermark anywhere.';

/** The single word a model answers with when the hero photo shows no person. */
export const NO_PERSON = 'NO_PERSON';
/** The single word a model answers with when the toy photo shows no toy. */
export const NO_TOY = 'NO_TOY';

const MAX_NAME_LENGTH = 40;

/**
 * The name as harmless context: letters, digits, spaces, apostrophes and hyphens only, so that a name
 * cannot close the quotes around it or end its sentence to start an instruction of its own.
 */
function sanitiseName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N} '’-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME_LENGTH)
    .trim();
}

const SUBJECT: Record<CoverKind, { subject: string; keep: string; who: string; refusal: string }> = {
  hero_generation: {
    subject: 'The child in the photo is the hero of the story.',
    keep:
      'Keep the child clearly recognisable from the photo: the same face shape, eyes, hair colour and ' +
      'hairstyle, skin tone and approximate age, and the colours of their clothes.',
    who: "The child's name",
    refusal: `If the photo does not show a person, do not draw anything: answer with the single word ${NO_PERSON} and nothing else.`,
  },
  plush_toy_generation: {
    subject: "The plush toy in the photo is the hero's cuddly companion, shown as a storybook character.",
    keep:
      'Keep the toy clearly recognisable from the photo: the same kind of animal or creature, shape, ' +
      'colours, fabric texture, markings, eyes and accessories. Show the toy on its own, without people.',
    who: "The toy's name",
    refusal: `If the photo does not show a toy (a plush toy, stuffed animal, doll or other soft toy), do not draw anything: answer with the single word ${NO_TOY} and nothing else.`,
  },
};

/**
 * The full prompt of a cover. `withRefusalAnswer` adds the instruction to answer NO_PERSON / NO_TOY,
 * for models that can answer with text instead of an image (Gemini); an image-edit API cannot.
 * The name is given as context only, with the explicit rule never to write it.
 */
export function buildCoverPrompt(
  request: { kind: CoverKind; name: string; themeId?: string | undefined },
  { withRefusalAnswer, sheet }: { withRefusalAnswer: boolean; sheet?: CoverSheet | undefined },
): string {
  const parts = SUBJECT[request.kind];
  const name = sanitiseName(request.name);
  const hosted = hostedOf(request.themeId);
  // A toy drawn from its look: the sheet is its only image, so there is no photo to refuse.
  const toyFromSheet = request.kind === 'plush_toy_generation' && sheet !== undefined;
  const lines = [
    hosted.cover,
    `Style: ${hosted.coverStyle}.`,
    ...(toyFromSheet ? [TOY_FROM_SHEET] : [parts.subject, parts.keep]),
    ...(sheet && !toyFromSheet ? [heroWithSheet(sheet)] : []),
    `Theme: ${hosted.coverTheme}.`,
    'Composition: the subject is centred and fills the square frame, with calm space around it.',
    NO_TEXT_RULE,
  ];
  if (name) {
    lines.push(
      `${parts.who} is "${name}". This is context for you only: never write the name in the picture.`,
    );
  }
  if (withRefusalAnswer && !toyFromSheet) lines.push(parts.refusal);
  return lines.join('\n');
}

/** What the character sheet sent with a cover shows (`reference-sheet.ts`). */
export type CoverSheet = { child: boolean; toy: boolean; companions?: number | undefined };

/** A toy cover drawn from the toy's look: the sheet instead of the photo (decision 021: no photo pixel). */
export const TOY_FROM_SHEET =
  "The plush toy on the reference image, this book's character sheet, is the hero's cuddly companion, " +
  'shown as a storybook character. Draw exactly this toy: the same kind of animal or creature, shape, ' +
  "colours, markings and accessories as on the sheet, in this cover's style and scene. Show the toy on " +
  "its own, without people, and do not copy the sheet's white background.";

/** A hero cover with the sheet after the photo: the photo's face, the sheet's drawn look. */
function heroWithSheet(sheet: CoverSheet): string {
  return [
    `After the photo comes this book's character sheet: ${sheet.child ? 'the child' : ''}${sheet.child && sheet.toy ? ' and ' : ''}${sheet.toy ? 'their plush toy' : ''} as drawn in the book.`,
    ...(sheet.child
      ? [
          'Draw the child with the face of the photo and, as on the sheet, the skin tone, hair colour and ' +
            'hairstyle, eye colour, glasses and clothes; where the photo and the sheet differ, follow the sheet.',
        ]
      : []),
    ...(sheet.toy ? ['Draw the toy from the sheet beside the child.'] : []),
    ...(sheet.companions
      ? [
          `After them the sheet shows ${sheet.companions === 1 ? 'the child' : 'the two children'} who share this book with the hero, each with their own toy if they have one: draw ${sheet.companions === 1 ? 'them' : 'both'} on the cover beside the hero, as on the sheet, every face clearly visible.`,
        ]
      : []),
  ].join(' ');
}

/**
 * The refusal word of a text answer (NO_PERSON / NO_TOY), or null when the text is anything else.
 * Tolerates whitespace, quotes, backticks and a final full stop around the single word.
 */
export function refusalWord(text: string): typeof NO_PERSON | typeof NO_TOY | null {
  const word = text
    .trim()
    .replace(/^[\s"'`*]+|[\s"'`*.!]+$/g, '')
    .toUpperCase();
  if (word === NO_PERSON) return NO_PERSON;
  if (word === NO_TOY) return NO_TOY;
  return null;
}

/**
 * The one style string of each kind of page, the same on every page so that the whole book looks
 * drawn by one hand: a colour storybook page, or a coloring-book page.
 */
export const PAGE_STYLES: Record<PageStyle, string> = {
  color:
    "a warm, soft, painterly children's picture-book illustration: gentle watercolour and gouache " +
    'textures, rounded friendly shapes, soft edges, a warm storybook palette (deep midnight blues and ' +
    'amber lamplight at night, golden sunshine in the morning), in full colour to the edges of the page',
  line:
    'a black-and-white coloring book page for young children: clean, bold, closed black outlines on a ' +
    'pure white background; no colour, no grey, no shading, no hatching and no filled black areas; ' +
    'large simple shapes that are easy to colour in',
};

/**
 * The fixed description of the two characters that goes with every page, beside the two covers as
 * reference images (the hero cover first, then the toy cover).
 */
export const PAGE_CHARACTERS =
  'Two reference images come with this text: the first is the hero cover, showing the child who is ' +
  "the hero of the story; the second is the toy cover, showing the child's plush toy, their cuddly " +
  'companion. Both appear in the picture, drawn as characters inside the scene. Keep them exactly as ' +
  "on the covers, the same on every page: the child's face, eyes, hair colour and hairstyle, skin " +
  "tone, age and clothes; the toy's kind of animal, shape, colours, fabric, markings and accessories, " +
  'and its size next to the child. Do not copy the covers themselves: no round frames, titles or ' +
  'ribbons.';

/** With the last reference image, page 1 of the book: the character sheet the later pages follow. */
export const FIRST_PAGE_REFERENCE =
  'The last reference image is page 1 of this same book. Draw the child and the toy exactly as on ' +
  'that page (proportions, clothes, colours, line and painting style), so that every page looks drawn ' +
  'by the same illustrator; do not repeat its scene.';

/**
 * The reference images of a page, in the order both hosted adapters send them (issue 30,
 * docs/decisions/025-look-reader-accuracy.md): the character sheet when the book has a drawn look
 * for the child or the toy (`reference-sheet.ts`), the hero cover, the toy cover only when the toy
 * has no drawn look (else the sheet's toy is the toy), then page 1 once drawn. At most three when
 * both looks are given, which Gemini handles best. The toy's photo is never sent.
 */
export type PageReference = 'sheet' | 'hero-cover' | 'toy-cover' | 'first-page';

export function pageReferences(
  request: Pick<PageRequest, 'child' | 'toy' | 'firstPage' | 'companions'>,
): PageReference[] {
  const sheet =
    request.child?.look !== undefined ||
    request.toy?.look !== undefined ||
    Boolean(request.companions?.length);
  return [
    ...(sheet ? (['sheet'] as const) : []),
    'hero-cover',
    ...(request.toy?.look === undefined ? (['toy-cover'] as const) : []),
    ...(request.firstPage ? (['first-page'] as const) : []),
  ];
}

/** What each reference image is, as Gemini's text part before it says. */
export const REFERENCE_LABELS: Record<PageReference, string> = {
  sheet: 'the character sheet (the characters as drawn in this book)',
  'hero-cover': 'the hero cover (the child)',
  'toy-cover': 'the toy cover (the plush toy)',
  'first-page': 'page 1 of this book (draw the characters the same way)',
};

/**
 * The characters' text when the sheet comes first: draw exactly the sheet's child and toy; the
 * covers after it show the same characters, and the sheet wins where they differ.
 */
export function sheetCharacters(request: Pick<PageRequest, 'child' | 'toy'>): string {
  const child = request.child?.look !== undefined;
  const toy = request.toy?.look !== undefined;
  const who = child && toy ? 'the child and their plush toy' : child ? 'the child' : "the child's plush toy";
  const keep = [
    ...(child ? ["the child's skin tone, hair colour and hairstyle, eye colour, glasses and clothes"] : []),
    ...(toy
      ? ["the toy's kind of animal, shape, colours, markings and accessories, and its size next to the child"]
      : []),
  ].join('; ');
  return [
    `The first reference image is this book's character sheet: ${who} as drawn in every picture of the book.`,
    `Draw exactly ${child && toy ? 'this child and this toy' : child ? 'this child' : 'this toy'} in the scene, in the scene's own poses, the same on every page: ${keep}, exactly as on the sheet.`,
    toy && !child
      ? 'The hero cover after it shows the child; keep their face, hair, skin tone and clothes as on the cover.'
      : `The cover${toy ? '' : 's'} after it show${toy ? 's' : ''} the same characters in a finished picture; where a cover and the sheet differ, follow the sheet.`,
    "Do not copy the sheet's white background or the covers themselves: no round frames, titles or ribbons.",
  ].join(' ');
}

const MAX_SCENE_LENGTH = 600;

/** The scene text as one plain paragraph: no control characters or line breaks, at most 600 characters. */
function sanitiseScene(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SCENE_LENGTH)
    .trim();
}

const COUNT_WORDS = ['', 'one', 'two', 'three'] as const;

/**
 * The cast of a page (issue 35, docs/decisions/030-siblings.md): "The three children: Mia (the child
 * of the hero cover), Leo and Zoé", drawn as on the character sheet, all of them in every picture.
 */
export function castCharacters(request: Pick<PageRequest, 'child' | 'companions'>): string {
  const companions = request.companions ?? [];
  const count = COUNT_WORDS[Math.min(3, companions.length + 1)];
  const lead = sanitiseName(request.child?.name ?? '') || 'the hero';
  const names = companions.map(
    (companion, index) => sanitiseName(companion.name ?? '') || `child ${index + 2}`,
  );
  const ages = (age: number | undefined) => (age !== undefined ? `, ${age} years old` : '');
  const list = [
    `${lead} (the child of the hero cover${ages(request.child?.age)})`,
    ...names.map((name, index) => `${name}${ages(companions[index]?.age)}`),
  ];
  return [
    `The ${count} children: ${list.slice(0, -1).join(', ')} and ${list.at(-1)}.`,
    `The character sheet shows them left to right in that order, each followed by their own plush toy if they have one. Draw all ${count} children in every picture, each exactly as on the sheet and with their own toy, side by side and turned towards one another, every face clearly visible, no child hidden behind another. The names are context for you only: never write them in the picture.`,
  ].join(' ');
}

/** The full prompt of a page: the shared style and characters, then this page's scene. */
export function buildPagePrompt(
  request: Pick<PageRequest, 'scene' | 'style' | 'firstPage' | 'themeId' | 'child' | 'toy' | 'companions'>,
): string {
  const cast = Boolean(request.companions?.length);
  // Without a description, the setting and the hour ("forest path at night") still say where we are.
  const scene =
    sanitiseScene(request.scene.prompt) ||
    sanitiseScene(`${request.scene.setting.replace(/[-_]+/g, ' ')} at ${request.scene.time}`);
  return [
    hostedOf(request.themeId).page,
    `Style: ${PAGE_STYLES[request.style]}.`,
    pageReferences(request)[0] === 'sheet' ? sheetCharacters(request) : PAGE_CHARACTERS,
    ...(cast ? [castCharacters(request)] : []),
    ...(request.firstPage ? [FIRST_PAGE_REFERENCE] : []),
    `The scene of this page: ${scene}`,
    'Composition: the child and the toy are clearly visible and recognisable, in a complete scene that ' +
      'fills the square page; a calm, safe and joyful mood for young children, nothing scary.',
    // The printed words sit on a panel over the calmer of the top or bottom of the page.
    request.style === 'color'
      ? 'Keep the child, the toy and their faces out of the top quarter or out of the bottom quarter of ' +
        'the page (leave sky, wall or floor there): the words of the story are printed over it.'
      : 'Leave the page white around the drawing; the words are printed below the picture.',
    NO_TEXT_RULE,
  ].join('\n');
}
