import { PDFDocument, type PDFStream } from 'pdf-lib';
import type { CoverType } from '../../shared/domain/statuses';
import { detailScore, imageGreyPixels, MIN_DETAIL } from './detail';
import { mapLimit } from './images';
import { type Box, type ImagePlacement, inspectDocument, type PageReport } from './inspect';
import { BLEED, coverDimensions, HARDCOVER_MIN_PAGES, PRINT_PPI, TRIM, toMm, WORDS_XOBJECT } from './spec';

export type PreflightExpect =
  | {
      kind: 'interior';
      coverType?: CoverType;
      pageCount?: number;
      /**
       * A coloring book printed as a black-and-white interior: every image grey or 1-bit and
       * lossless (no JPEG), and no colour set anywhere (text, shapes).
       */
      blackAndWhite?: boolean;
      /**
       * The story pictures must carry real detail at their size, not be enlarged from smaller ones.
       * On for an illustrator that draws at print size (the local one); hosted models draw at
       * 1536 px at most and are enlarged (docs/decisions/008).
       */
      nativeDetail?: boolean;
    }
  | { kind: 'cover'; coverType: CoverType; pageCount: number };

export type PreflightResult = { ok: boolean; problems: string[] };

/** 3.18 mm ± 0.05 mm of bleed, in points. */
const BLEED_TOLERANCE = (0.05 / 25.4) * 72;
/** Sizes may differ by rounding in the writer: a hundredth of a millimetre is nothing on paper. */
const SIZE_TOLERANCE = 0.1;
/** Half a pixel per inch for rounding: 2625 px over 8.75 in is 300 exactly, 299.99 is fine. */
const PPI_TOLERANCE = 0.5;
const PRINTABLE_COLOUR_SPACES = new Set([
  'DeviceRGB',
  'DeviceGray',
  'ICCBased(1)',
  'ICCBased(3)',
  'ImageMask',
]);
const STANDARD_14 =
  /^(Times-(Roman|Bold|Italic|BoldItalic)|Helvetica(-Bold|-Oblique|-BoldOblique)?|Courier(-Bold|-Oblique|-BoldOblique)?|Symbol|ZapfDingbats)$/;

/**
 * Checks a print PDF from its bytes, as the printer will see it: boxes and bleed, page count, image
 * resolution where each image is drawn, image colour spaces, embedded fonts, and the cover's size.
 */
export async function preflight(pdf: Uint8Array, expect: PreflightExpect): Promise<PreflightResult> {
  let pages: PageReport[];
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    pages = inspectDocument(doc);
  } catch (error) {
    return { ok: false, problems: [`The file is not a readable PDF: ${(error as Error).message}`] };
  }
  const problems = [...checkPageCount(pages.length, expect)];
  const fontsSeen = new Set<string>();
  for (const page of pages) {
    problems.push(...checkBoxes(page));
    if (expect.kind === 'interior') problems.push(...checkInteriorSize(page));
    problems.push(...checkImages(page));
    for (const font of page.fonts) {
      const key = `${font.name}/${font.subtype}`;
      if (font.embedded || fontsSeen.has(key)) continue;
      fontsSeen.add(key);
      problems.push(
        STANDARD_14.test(font.name.replace(/^[A-Z]{6}\+/, ''))
          ? `Font ${font.name} is a standard-14 font and is not embedded (first on page ${page.number})`
          : `Font ${font.name} (${font.subtype}) is not embedded (first on page ${page.number})`,
      );
    }
  }
  if (expect.kind === 'cover' && pages[0]) {
    problems.push(...checkCoverSize(pages[0], expect), ...checkCoverWords(pages[0], expect));
  }
  if (expect.kind === 'interior' && expect.blackAndWhite) problems.push(...checkBlackAndWhite(pages));
  if (expect.kind === 'interior' && expect.nativeDetail) problems.push(...(await checkDetail(pages)));
  return { ok: problems.length === 0, problems };
}

function checkPageCount(count: number, expect: PreflightExpect): string[] {
  const problems: string[] = [];
  if (count === 0) return ['The PDF has no pages'];
  if (expect.kind === 'cover') {
    if (count !== 1) problems.push(`A cover is one page, this PDF has ${count}`);
    return problems;
  }
  if (count % 4 !== 0) problems.push(`The interior has ${count} pages, not a multiple of 4`);
  if (expect.pageCount !== undefined && count !== expect.pageCount) {
    problems.push(`The interior has ${count} pages, ${expect.pageCount} expected`);
  }
  if (expect.coverType === 'hardcover' && count < HARDCOVER_MIN_PAGES) {
    problems.push(`A hardcover needs at least ${HARDCOVER_MIN_PAGES} pages, this interior has ${count}`);
  }
  return problems;
}

function checkBoxes(page: PageReport): string[] {
  const where = `Page ${page.number}`;
  const problems: string[] = [];
  if (!page.bleedBox) problems.push(`${where}: no BleedBox`);
  else if (!sameBox(page.bleedBox, page.mediaBox)) problems.push(`${where}: BleedBox differs from MediaBox`);
  if (!page.trimBox) {
    problems.push(`${where}: no TrimBox`);
    return problems;
  }
  const media = page.mediaBox;
  const trim = page.trimBox;
  const sides = {
    left: trim.x - media.x,
    bottom: trim.y - media.y,
    right: media.x + media.width - (trim.x + trim.width),
    top: media.y + media.height - (trim.y + trim.height),
  };
  for (const [side, bleed] of Object.entries(sides)) {
    if (Math.abs(bleed - BLEED) > BLEED_TOLERANCE) {
      problems.push(`${where}: bleed on the ${side} is ${toMm(bleed).toFixed(2)} mm, 3.18 mm expected`);
    }
  }
  return problems;
}

function checkInteriorSize(page: PageReport): string[] {
  const trim = page.trimBox;
  if (!trim) return [];
  if (Math.abs(trim.width - TRIM) > SIZE_TOLERANCE || Math.abs(trim.height - TRIM) > SIZE_TOLERANCE) {
    return [
      `Page ${page.number}: trim is ${toMm(trim.width).toFixed(1)} x ${toMm(trim.height).toFixed(1)} mm, 215.9 x 215.9 mm expected`,
    ];
  }
  return [];
}

function checkImages(page: PageReport): string[] {
  const problems: string[] = [];
  for (const image of page.images) {
    const what = `Page ${page.number}: image ${image.name} (${image.widthPx} x ${image.heightPx} px)`;
    if (image.ppi < PRINT_PPI - PPI_TOLERANCE) {
      const size = `${toMm(image.drawnWidth).toFixed(0)} x ${toMm(image.drawnHeight).toFixed(0)} mm`;
      problems.push(
        `${what} is drawn at ${size}: ${Math.floor(image.ppi)} ppi, at least ${PRINT_PPI} needed`,
      );
    }
    if (!PRINTABLE_COLOUR_SPACES.has(image.colourSpace)) {
      problems.push(`${what} is in ${image.colourSpace}; RGB or grey expected`);
    }
  }
  return problems;
}

const GREY_SPACES = new Set(['DeviceGray', 'ICCBased(1)', 'ImageMask']);
const LOSSY_FILTERS = /DCTDecode|JPXDecode/;

function checkBlackAndWhite(pages: PageReport[]): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    for (const image of page.images) {
      const what = `Page ${page.number}: image ${image.name}`;
      if (!GREY_SPACES.has(image.colourSpace)) {
        problems.push(
          `${what} is in ${image.colourSpace}; a black-and-white interior takes grey or 1-bit images`,
        );
      }
      if (LOSSY_FILTERS.test(image.filter)) {
        problems.push(`${what} is compressed with ${image.filter}; line art must be lossless`);
      }
    }
    const [first] = page.colourOperators;
    if (first) {
      problems.push(
        `Page ${page.number} sets a colour (${first}${page.colourOperators.length > 1 ? `, and ${page.colourOperators.length - 1} more` : ''}); a black-and-white interior has none`,
      );
    }
  }
  return problems;
}

/** Pictures narrower than this share of the page are not story pictures (a title page's vignette). */
const STORY_PICTURE_SHARE = 0.6;

/**
 * Story pictures (those drawn over most of the page width) whose finest detail is that of a smaller
 * picture enlarged. Each image is judged once, one decoded at a time per core (two at most).
 */
async function checkDetail(pages: PageReport[]): Promise<string[]> {
  const judged = new Map<PDFStream, { page: number; image: ImagePlacement }>();
  for (const page of pages) {
    const width = page.trimBox?.width ?? page.mediaBox.width;
    for (const image of page.images) {
      if (image.drawnWidth < width * STORY_PICTURE_SHARE || judged.has(image.stream)) continue;
      judged.set(image.stream, { page: page.number, image });
    }
  }
  const entries = [...judged.values()];
  const scores = await mapLimit(entries, 2, async ({ image }) => {
    const pixels = await imageGreyPixels(image.stream).catch(() => undefined);
    return pixels ? detailScore(pixels) : undefined;
  });
  const problems: string[] = [];
  for (const [index, { page, image }] of entries.entries()) {
    const score = scores[index];
    if (score !== undefined && score < MIN_DETAIL) {
      problems.push(
        `Page ${page}: image ${image.name} (${image.widthPx} x ${image.heightPx} px) has the detail of a smaller picture enlarged (${score.toFixed(2)}, at least ${MIN_DETAIL} expected)`,
      );
    }
  }
  return problems;
}

function checkCoverSize(page: PageReport, expect: Extract<PreflightExpect, { kind: 'cover' }>): string[] {
  let dims: ReturnType<typeof coverDimensions>;
  try {
    dims = coverDimensions(expect.coverType, expect.pageCount);
  } catch (error) {
    return [(error as Error).message];
  }
  const media = page.mediaBox;
  if (
    Math.abs(media.width - dims.width) > SIZE_TOLERANCE ||
    Math.abs(media.height - dims.height) > SIZE_TOLERANCE
  ) {
    return [
      `The cover is ${toMm(media.width).toFixed(1)} x ${toMm(media.height).toFixed(1)} mm; a ${expect.pageCount}-page ${expect.coverType} needs ${toMm(dims.width).toFixed(1)} x ${toMm(dims.height).toFixed(1)} mm`,
    ];
  }
  return [];
}

/**
 * The cover's words (the XObjects named WORDS_XOBJECT, print/cover.ts) must sit inside the front
 * panel's safe area of the binding: never in the turn-in, the hinge or past the trim
 * (docs/decisions/022-covers-per-binding.md).
 */
function checkCoverWords(page: PageReport, expect: Extract<PreflightExpect, { kind: 'cover' }>): string[] {
  let safe: Box;
  try {
    safe = coverDimensions(expect.coverType, expect.pageCount).frontSafe;
  } catch {
    return [];
  }
  const problems: string[] = [];
  for (const image of page.images) {
    if (!image.name.startsWith(WORDS_XOBJECT)) continue;
    const box = { x: image.x, y: image.y, width: image.drawnWidth, height: image.drawnHeight };
    const out = {
      left: safe.x - box.x,
      bottom: safe.y - box.y,
      right: box.x + box.width - (safe.x + safe.width),
      top: box.y + box.height - (safe.y + safe.height),
    };
    const over = Object.entries(out).filter(([, by]) => by > SIZE_TOLERANCE);
    if (over.length > 0) {
      problems.push(
        `The cover's words (${image.name}) leave the front's safe area by ${over
          .map(([side, by]) => `${toMm(by).toFixed(1)} mm on the ${side}`)
          .join(', ')}`,
      );
    }
  }
  return problems;
}

function sameBox(a: Box, b: Box): boolean {
  return (
    Math.abs(a.x - b.x) <= SIZE_TOLERANCE &&
    Math.abs(a.y - b.y) <= SIZE_TOLERANCE &&
    Math.abs(a.width - b.width) <= SIZE_TOLERANCE &&
    Math.abs(a.height - b.height) <= SIZE_TOLERANCE
  );
}
