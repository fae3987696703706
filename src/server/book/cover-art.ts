import sharp from 'sharp';
import { FRONT_COVER } from '../../shared/domain/book-pages';
import type { Storage } from '../adapters/storage/index';
import { instanceKeys } from '../storage-keys';
import type { BookVersion } from './versions';

// The crops of an approved cover: its art without the painted words (the title page, the print-size
// cover's comparison) and the portrait on the back. The reader shows them as the print files print them.

/**
 * Where the painted words sit on an approved cover (src/server/adapters/illustrator/cover-art.ts,
 * 1024 px): the name and its ribbon above y 290, the imprint below y 960. The square from y 290
 * to 960, centred, holds the portrait and the scene round it and no word.
 */
const COVER_ART_SIZE = 1024;
const WORDLESS = { left: 177, top: 290, size: 670 } as const;
/** The share of the cover's width that the wordless square takes (its art is printed on the front). */
export const WORDLESS_COVER_SHARE = WORDLESS.size / COVER_ART_SIZE;
/**
 * The title page's square (issue 31): below the ribbon's tails, whose tips hang to y 301 at its
 * ends and showed at the wordless square's top corners, and above the imprint.
 */
const TITLE_PAGE = { left: 185, top: 306, size: 654 } as const;
/** The portrait's square on the approved cover (centre 512, 590, radius 246). */
const PORTRAIT = { left: 266, top: 344, size: 492 } as const;

async function cropCover(cover: Buffer, square: { left: number; top: number; size: number }) {
  const { width = COVER_ART_SIZE, height = COVER_ART_SIZE } = await sharp(cover).metadata();
  const scale = Math.min(width, height) / COVER_ART_SIZE;
  return sharp(cover)
    .extract({
      left: Math.round(square.left * scale),
      top: Math.round(square.top * scale),
      width: Math.round(square.size * scale),
      height: Math.round(square.size * scale),
    })
    .png()
    .toBuffer();
}

/** The approved cover's art without its painted words: the one title is the printed one. */
export function wordlessCoverArt(cover: Buffer): Promise<Buffer> {
  return cropCover(cover, WORDLESS);
}

/** The title page's picture: the approved cover's art with no word and no tip of the ribbon. */
export function titlePageArt(cover: Buffer): Promise<Buffer> {
  return cropCover(cover, TITLE_PAGE);
}

/** The portrait of an approved cover (the toy on the back cover), without the cover's words. */
export function coverPortrait(cover: Buffer): Promise<Buffer> {
  return cropCover(cover, PORTRAIT);
}

/**
 * The approved front cover's art without its words, when the print-size cover of the version was
 * drawn with it (docs/decisions/022-covers-per-binding.md); else undefined (the print files then
 * print the approved cover's part below its painted words). The print and the reader's cover sheet
 * read it here.
 */
export async function approvedCoverArt(
  storage: Storage,
  bookInstanceId: string,
  version: Pick<BookVersion, 'pictures'>,
): Promise<Buffer | undefined> {
  const keys = instanceKeys(bookInstanceId);
  if (version.pictures[FRONT_COVER]?.key !== keys.printHeroCover) return undefined;
  return (await storage.get('instances', keys.printHeroArt))?.data;
}
