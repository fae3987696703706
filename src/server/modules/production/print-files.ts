import type { ChildLook } from '../../../shared/domain/child-look';
import type { BookType, CoverType } from '../../../shared/domain/statuses';
import type { ToyLook } from '../../../shared/domain/toy-look';
import type { Language } from '../../../shared/i18n';
import { COVER_IMPRINT, COVER_SIZE, renderCoverWords } from '../../adapters/illustrator/cover-art';
import type { PanelPlace } from '../../adapters/illustrator/scenes/layout-check';
import { coverPortrait, titlePageArt, wordlessCoverArt } from '../../book/cover-art';
import { scenePanelPlace } from '../../book/page-layout';
import { PermanentJobError } from '../../jobs/errors';
import {
  buildCoverPdf,
  buildInteriorPdf,
  coverDimensions,
  type FrontWords,
  frontArtLayout,
  HARDCOVER_MIN_PAGES,
  type InteriorPage,
  paddedPageCount,
  pixelsFor,
  preflight,
  renderCoverSheet,
  renderFrontCover,
  SOFTCOVER_MIN_PAGES,
} from '../../print/index';
import { backCoverText, coverLines, drawYourOwnLines, type Names } from '../../stories/book-words';
import type { RenderedStory } from '../../stories/story';

export type PrintFilesInput = {
  /** The story's folder: the cover's line, the back cover's blurb and the last pages' lines. */
  themeId: string;
  language: Language;
  story: RenderedStory;
  bookType: BookType;
  /**
   * The names printed on the cover, the back cover and the last pages; `cast`, the whole cast for a
   * book of two or three children (bookNames, src/server/book/words.ts).
   */
  names: Names;
  /**
   * The approved hero cover (at print size where the illustrator could draw it again): the front
   * cover as approved, and its art below the painted words on the title page.
   */
  heroCover: Buffer;
  /**
   * The approved hero cover's art without its words, at print size (the local illustrator draws
   * it beside the print-size cover): the printed front. Absent, the approved cover's part below
   * its painted words is printed enlarged.
   */
  heroArt?: Buffer | undefined;
  /** The approved toy cover: the back cover's picture. */
  toyCover: Buffer;
  /**
   * The story pages' pictures in page order, with the page's text; `variant`: the redraw the
   * picture is (scenes/variant.ts), 0 or absent for the first drawing.
   */
  pages: { image: Buffer; text: string; secondText?: string; variant?: number }[];
  style: 'color' | 'line';
  /** Every cover type the order prints (the book and the grandparents' copies). */
  coverTypes: CoverType[];
  /**
   * The story pictures are drawn at print size (the local illustrator): the preflight then also
   * refuses one enlarged from a smaller picture. Hosted models draw smaller and are enlarged.
   */
  nativeDetail?: boolean;
  /**
   * The pictures were drawn by the local illustrator from the story's scenes with these looks: the
   * layout check then places each page's text panel where the scene leaves room and refuses a page
   * where it has none (scenes/layout-check.ts). Absent (a hosted model's pictures), the panel goes
   * where the picture is calmer.
   */
  layout?: { look: ChildLook; toy: ToyLook };
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
  const coverArt = await wordlessCoverArt(input.heroCover);
  // The title page shows the cover's art without its words (nor the tips of the ribbon's tails), so
  // the book's one title is the only one on it; a coloring book shows its first picture, in line art
  // like the rest of it.
  const titleImage = input.style === 'line' ? input.pages[0]?.image : await titlePageArt(input.heroCover);
  const pages: InteriorPage[] = [
    {
      kind: 'title',
      title: story.title,
      subtitle: story.subtitle,
      ...(titleImage ? { image: titleImage } : {}),
    },
    { kind: 'dedication', message: story.dedication.message, signature: story.dedication.signature },
    ...(await panelPlaces(input)).map(
      (panel, index): InteriorPage => ({
        kind: 'story',
        image: input.pages[index]!.image,
        text: input.pages[index]!.text,
        style: input.style,
        ...(input.pages[index]!.secondText ? { secondText: input.pages[index]!.secondText } : {}),
        ...(panel ? { panel } : {}),
      }),
    ),
  ];
  const hardcover = input.coverTypes.includes('hardcover');
  // A perfect-bound softcover needs at least 32 pages (Lulu), a casewrap hardcover 24; one interior
  // serves every cover of the order, so it meets the larger minimum of the covers printed.
  const minPages = interiorMinPages(input.coverTypes);
  const interior = await buildInteriorPdf(
    {
      language: input.language,
      title: story.title,
      pages,
      style: input.style,
      drawYourOwn: drawYourOwnLines(input.themeId, input.language, input.names),
    },
    { minPages },
  );
  await check(
    'interior',
    await preflight(interior.pdf, {
      kind: 'interior',
      pageCount: interior.pageCount,
      ...(hardcover ? { coverType: 'hardcover' as const } : {}),
      blackAndWhite: input.style === 'line',
      nativeDetail: input.nativeDetail ?? false,
    }),
  );

  const coverInput = await coverInputs(
    { ...input, lastPicture: input.pages.at(-1)?.image, coverArt },
    interior.pageCount,
  );
  const covers = new Map<CoverType, Uint8Array>();
  for (const coverType of new Set(input.coverTypes)) {
    const cover = await buildCoverPdf({ ...coverInput, coverType });
    await check(
      `${coverType} cover`,
      await preflight(cover.pdf, { kind: 'cover', coverType, pageCount: interior.pageCount }),
    );
    covers.set(coverType, cover.pdf);
  }
  return { interior: interior.pdf, pageCount: interior.pageCount, covers };
}

/** The interior's fewest pages for the covers printed: the largest of their bindings' minimums. */
export function interiorMinPages(coverTypes: CoverType[]): number {
  return Math.max(
    ...coverTypes.map((coverType) => (coverType === 'hardcover' ? HARDCOVER_MIN_PAGES : SOFTCOVER_MIN_PAGES)),
  );
}

/** What a book's covers are made from: the print files' input without the interior's pages. */
export type CoverSource = Pick<
  PrintFilesInput,
  | 'themeId'
  | 'language'
  | 'bookType'
  | 'names'
  | 'heroCover'
  | 'heroArt'
  | 'toyCover'
  | 'style'
  | 'coverTypes'
> & {
  story: Pick<RenderedStory, 'title' | 'subtitle'>;
  /** The last story page's picture: the back's scene of a storybook. */
  lastPicture: Buffer | undefined;
  /** The approved cover's art without its words, when already cut (`wordlessCoverArt`). */
  coverArt?: Buffer;
};

/**
 * Everything of a cover but its binding (docs/decisions/022-covers-per-binding.md): the back shows a
 * scene of the story (its last picture: the night watch), the blurb and the toy small; a coloring
 * book's pages are line art, so its back shows the toy's cover art in colour. The front is the
 * approved cover's art, its words set again in the book's language inside the safe area.
 */
async function coverInputs(source: CoverSource, pageCount: number) {
  const coloring = source.style === 'line' || !source.lastPicture;
  const backScene = coloring ? await wordlessCoverArt(source.toyCover) : (source.lastPicture as Buffer);
  const backImage = coloring ? undefined : await coverPortrait(source.toyCover);
  return {
    ...(await frontInputs(source, pageCount)),
    title: source.story.title,
    subtitle: source.story.subtitle,
    ...(backImage ? { backImage } : {}),
    backScene,
    backText: backCoverText(source.themeId, source.language, source.bookType, source.names),
    language: source.language,
  };
}

/** The front of a cover: the approved cover's art without its words, and the words in `language`. */
async function frontInputs(
  source: Pick<
    CoverSource,
    'themeId' | 'language' | 'names' | 'heroCover' | 'heroArt' | 'coverTypes' | 'coverArt'
  >,
  pageCount: number,
) {
  const frontImage = source.heroArt ?? source.coverArt ?? (await wordlessCoverArt(source.heroCover));
  const frontWords = await coverWords(
    source.themeId,
    source.language,
    source.names,
    source.coverTypes,
    pageCount,
  );
  return { pageCount, frontImage, frontWords };
}

/**
 * The interior's page count when it prints with covers of `coverTypes` (the book's and the copies'
 * that share its interior): title page, dedication and the story's pages, padded to a multiple of
 * 4 and to the largest of the bindings' minimums, as `buildPrintFiles` pads it.
 */
export function printedPageCount(storyPages: number, coverTypes: CoverType[]): number {
  return paddedPageCount(storyPages + 2, interiorMinPages(coverTypes));
}

/**
 * The cover sheet of one binding as the parent sees it (print/cover-sheet.ts): the same inputs as
 * the printed cover, for the page count the book prints with: `printedWith`, every binding printed
 * from the same interior (an order's softcover book and hardcover copies: the interior meets the
 * softcover's minimum, so the hardcover's spine is that count's), `binding` among them.
 */
export async function coverSheetPicture(
  source: Omit<CoverSource, 'coverTypes'>,
  binding: CoverType,
  printedWith: CoverType[],
  storyPages: number,
  width: number,
): Promise<Buffer> {
  const coverTypes = [...new Set<CoverType>([binding, ...printedWith])];
  const input = await coverInputs({ ...source, coverTypes }, printedPageCount(storyPages, coverTypes));
  return renderCoverSheet({ ...input, coverType: binding }, { width });
}

/**
 * The front cover as it prints on `binding` (print/cover-sheet.ts `renderFrontCover`): the words of
 * the version (or of a gift copy, in its language) set on the approved art as the printed cover
 * sets them, `width` pixels wide.
 */
export async function frontCoverPicture(
  source: Omit<Parameters<typeof frontInputs>[0], 'coverTypes'>,
  binding: CoverType,
  printedWith: CoverType[],
  storyPages: number,
  width: number,
): Promise<Buffer> {
  const coverTypes = [...new Set<CoverType>([binding, ...printedWith])];
  const input = await frontInputs({ ...source, coverTypes }, printedPageCount(storyPages, coverTypes));
  return renderFrontCover({ ...input, coverType: binding }, { width });
}

/**
 * The approved cover's words (the child's name, the ribbon's line, the strapline) drawn as on the
 * approved cover, in `language`, sharp enough for the largest front art of the covers printed.
 */
async function coverWords(
  themeId: string,
  language: Language,
  names: Pick<Names, 'child' | 'cast'>,
  coverTypes: CoverType[],
  pageCount: number,
): Promise<FrontWords> {
  const pixelsPerUnit = Math.max(
    ...coverTypes.map(
      (coverType) =>
        pixelsFor(frontArtLayout(coverDimensions(coverType, pageCount)).width, 'exact') / COVER_SIZE,
    ),
  );
  const lines = coverLines(themeId, language, 'hero', names.child, names.cast);
  const words = await renderCoverWords(
    { theme: 'hero', title: lines.title, subtitle: lines.subtitle, imprint: COVER_IMPRINT[language] },
    pixelsPerUnit,
  );
  return {
    designUnits: COVER_SIZE,
    pixelsPerUnit,
    title: words.title.image,
    ribbon: words.ribbon.image,
    imprint: words.imprint.image,
  };
}

/**
 * The text panel's place on each story page, from the layout check of its scene (colour pages drawn
 * by the local illustrator); a page with no room for its panel stops production, since printing it
 * again would hide the same thing.
 */
async function panelPlaces(input: PrintFilesInput): Promise<Array<PanelPlace | undefined>> {
  const { layout } = input;
  if (!layout || input.style !== 'color') return input.pages.map(() => undefined);
  const places: Array<PanelPlace | undefined> = [];
  for (const [index, page] of input.pages.entries()) {
    const scene = input.story.pages[index]?.scene;
    if (!scene) {
      places.push(undefined);
      continue;
    }
    const { place, problem } = await scenePanelPlace(scene, page, layout, index + 1, page.variant);
    if (problem) throw new PermanentJobError('INTERNAL_ERROR', `The layout check failed: ${problem}`);
    places.push(place);
  }
  return places;
}

async function check(what: string, result: { ok: boolean; problems: string[] }): Promise<void> {
  if (!result.ok) {
    throw new PermanentJobError(
      'INTERNAL_ERROR',
      `The ${what} PDF failed the preflight: ${result.problems.slice(0, 10).join('; ')}`,
    );
  }
}
