import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BOOK_TYPES } from '../../shared/domain/statuses';
import { AppError } from '../errors';
import { SERVER_SOURCE } from '../paths';
import { FIRST_STORY } from './book-words';
import type { Prop } from './scene';

/**
 * What the shop knows of a story besides its words, as data in its folder
 * (`stories/{themeId}/story.json`): the catalogue row (book title, book types, ages, order, gallery
 * pictures) the seed writes, the story pages the gallery pictures are drawn from
 * (scripts/story-gallery.ts), and the hosted illustrator's prompts (adapters/illustrator/prompts.ts).
 * A new story is a new folder: the seed and the prompts find it without code.
 */

const Text = z.string().trim().min(1);

/** The birthday's things the local illustrator's covers can draw around the figure (cover-art.ts). */
export const COVER_PROPS = [
  'balloons',
  'loose-balloon',
  'bunting',
  'presents',
  'cake',
  'candles',
] as const satisfies readonly Prop[];
/**
 * The local illustrator's cover scene of a story (decision 028): the hour, from the hours of its
 * pages (`night`: the moonlit sky and stars; `afternoon`: a sunny sky over green hills), and the
 * things drawn round the ring, from its scenes' props.
 */
const CoverArtSchema = z
  .object({ time: z.enum(['night', 'afternoon']), props: z.array(z.enum(COVER_PROPS)) })
  .strict();
export type CoverScene = z.infer<typeof CoverArtSchema>;
const StoryEntrySchema = z
  .object({
    book: z.object({ title: Text }).strict(),
    bookTypes: z.array(z.enum(BOOK_TYPES)).min(1),
    ageMin: z.number().int().min(0),
    ageMax: z.number().int().min(0),
    sortOrder: z.number().int(),
    /** The storybook pages (from 1) the catalogue's gallery pictures show, in order. */
    gallery: z.array(z.number().int().min(1)).optional(),
    coverArt: CoverArtSchema,
    images: z
      .array(z.object({ src: Text, width: z.number().int().positive(), height: z.number().int().positive() }))
      .min(1),
    hosted: z
      .object({
        /** The style every cover of the story shares, so hero and toy belong to the same book. */
        coverStyle: Text,
        /** The cover prompt's first line: what the picture is. */
        cover: Text,
        /** The cover's scene around the subject. */
        coverTheme: Text,
        /** The page prompt's first line. */
        page: Text,
      })
      .strict(),
  })
  .strict()
  .refine((entry) => entry.ageMin <= entry.ageMax, 'ageMin is at most ageMax');
export type StoryEntry = z.infer<typeof StoryEntrySchema> & { id: string };

const STORIES_DIR = path.join(SERVER_SOURCE, 'stories');
let cached: StoryEntry[] | undefined;

/** Every story folder's entry, in catalogue order (read once: the folders ship with the code). */
export function listStories(): StoryEntry[] {
  if (cached) return cached;
  const entries: StoryEntry[] = [];
  for (const folder of fs.readdirSync(STORIES_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const where = `${folder.name}/story.json`;
    const parsed = StoryEntrySchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(STORIES_DIR, folder.name, 'story.json'), 'utf8')),
    );
    if (!parsed.success)
      throw new AppError('INTERNAL_ERROR', `The file ${where} is invalid: ${z.prettifyError(parsed.error)}`);
    entries.push({ ...parsed.data, id: folder.name });
  }
  cached = entries.sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
  return cached;
}

/** One story's entry; an unknown id is NOT_FOUND. */
export function storyEntry(themeId: string): StoryEntry {
  const entry = listStories().find((story) => story.id === themeId);
  if (!entry) throw new AppError('NOT_FOUND', `Unknown story theme "${themeId}"`);
  return entry;
}

/** The cover scene of a story (the first story's for a request that names none). */
export function coverSceneOf(themeId: string | undefined): CoverScene {
  return storyEntry(themeId ?? FIRST_STORY).coverArt;
}
