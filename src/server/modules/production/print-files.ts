import type { CoverType } from '../../../shared/domain/statuses';
import type { Language } from '../../../shared/i18n';
import { PermanentJobError } from '../../jobs/errors';
import {
  buildCoverPdf,
  buildInteriorPdf,
  HARDCOVER_MIN_PAGES,
  type InteriorPage,
  preflight,
  SOFTCOVER_MIN_PAGES,
} from '../../print/index';
import type { RenderedStory } from '../../stories/story';

export type PrintFilesInput = {
  language: Language;
  story: RenderedStory;
  /** The approved hero cover: the title page picture. */
  heroCover: Buffer;
  /** The front cover's picture, without words (the cover PDF sets the title on it). */
  coverArt: Buffer;
  /** The story pages' pictures in page order, with the page's text. */
  pages: { image: Buffer; text: string }[];
  style: 'color' | 'line';
  /** Every cover type the order prints (the book and the grandparents' copies). */
  coverTypes: CoverType[];
  backText: string;
};

export type PrintFiles = {
  interior: Uint8Array;
  pageCount: number;
  covers: Map<CoverType, Uint8Array>;
};

/**
 * The print files of a book: the interior (title page, dedication, story pages, padded to a
 * multiple of 4 and to a hardcover's minimum when one is printed) and one cover per cover type,
 * each checked by the preflight. A file that fails it stops production: retrying would make the
 * same file again.
 */
export async function buildPrintFiles(input: PrintFilesInput): Promise<PrintFiles> {
  const { story } = input;
  const pages: InteriorPage[] = [
    { kind: 'title', title: story.title, subtitle: story.subtitle, image: input.heroCover },
    { kind: 'dedication', message: story.dedication.message, signature: story.dedication.signature },
    ...input.pages.map(
      (page): InteriorPage => ({ kind: 'story', image: page.image, text: page.text, style: input.style }),
    ),
  ];
  const hardcover = input.coverTypes.includes('hardcover');
  // A perfect-bound softcover needs at least 32 pages (Lulu), a casewrap hardcover 24; one interior
  // serves every cover of the order, so it meets the larger minimum of the covers printed.
  const minPages = Math.max(
    ...input.coverTypes.map((coverType) =>
      coverType === 'hardcover' ? HARDCOVER_MIN_PAGES : SOFTCOVER_MIN_PAGES,
    ),
  );
  const interior = await buildInteriorPdf(
    { language: input.language, title: story.title, pages },
    { minPages },
  );
  await check(
    'interior',
    await preflight(interior.pdf, {
      kind: 'interior',
      pageCount: interior.pageCount,
      ...(hardcover ? { coverType: 'hardcover' as const } : {}),
    }),
  );

  const covers = new Map<CoverType, Uint8Array>();
  for (const coverType of new Set(input.coverTypes)) {
    const cover = await buildCoverPdf({
      coverType,
      pageCount: interior.pageCount,
      title: story.title,
      subtitle: story.subtitle,
      frontImage: input.coverArt,
      backText: input.backText,
      language: input.language,
    });
    await check(
      `${coverType} cover`,
      await preflight(cover.pdf, { kind: 'cover', coverType, pageCount: interior.pageCount }),
    );
    covers.set(coverType, cover.pdf);
  }
  return { interior: interior.pdf, pageCount: interior.pageCount, covers };
}

async function check(what: string, result: { ok: boolean; problems: string[] }): Promise<void> {
  if (!result.ok) {
    throw new PermanentJobError(
      'INTERNAL_ERROR',
      `The ${what} PDF failed the preflight: ${result.problems.slice(0, 10).join('; ')}`,
    );
  }
}
