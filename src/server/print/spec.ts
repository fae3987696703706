import type { CoverType } from '../../shared/domain/statuses';

// The print specification of the book (Lulu, docs/notes/outside-services.md "Print-on-demand").
// Everything is in PDF points (1/72 in); millimetres only appear in messages.

const POINTS_PER_INCH = 72;
const MM_PER_INCH = 25.4;
/** Images are printed at exactly this resolution: enough for Lulu, no heavier than needed. */
export const PRINT_PPI = 300;

export const inches = (value: number) => value * POINTS_PER_INCH;
export const toMm = (points: number) => (points / POINTS_PER_INCH) * MM_PER_INCH;

/** Square 8.5 in trim (215.9 mm). */
export const TRIM = inches(8.5);
/** 0.125 in (3.175 mm) of bleed on every side of every page and of the cover. */
export const BLEED = inches(0.125);
/** Text stays 0.5 in (12.7 mm) inside the trim edge. */
const SAFETY = inches(0.5);
/** The interior page as written to the PDF: trim plus bleed on both sides (8.75 in). */
export const PAGE = TRIM + 2 * BLEED;
/** Pixels of a story page's picture drawn at print size: the full-bleed page at 300 ppi (2625 px). */
export const PAGE_PIXELS = Math.round((PAGE / POINTS_PER_INCH) * PRINT_PPI);

export type Rect = { x: number; y: number; width: number; height: number };

/** The trim rectangle of an interior page (its TrimBox). */
const TRIM_RECT: Rect = { x: BLEED, y: BLEED, width: TRIM, height: TRIM };
/** Where text may go on an interior page. */
export const SAFE_RECT: Rect = inset(TRIM_RECT, SAFETY);

/** Lulu: hardcover books need at least 24 interior pages. */
export const HARDCOVER_MIN_PAGES = 24;
/**
 * Lulu's spine-width guide: "Paperback covers use a formula and require a minimum of 32 pages".
 * Kept here as a fact; the shop's 24-page softcover books are below it (see the module's report).
 */
export const SOFTCOVER_MIN_PAGES = 32;
/** Lulu prints spine text from 80 pages on ("as few as 80 pages"); thinner spines stay plain. */
const SPINE_TEXT_MIN_PAGES = 80;
/** Lulu's largest books; the hardcover table stops at 800+. */
const MAX_PAGES = 800;

/**
 * Softcover (perfect-bound) spine width in inches, Lulu's formula: pages / 444 + 0.06 in.
 * Source: help.api.lulu.com, "How is spine width calculated?" (Softcover Perfect Bound).
 */
export function softcoverSpineInches(pageCount: number): number {
  return pageCount / 444 + 0.06;
}

/**
 * Hardcover casewrap spine widths, Lulu's table: [last page count of the row, spine width in inches].
 * Source: help.api.lulu.com, "How is spine width calculated?" (Hardcover Casewrap; 24-84 pages is
 * 0.25 in (6 mm), up to 2.125 in (54 mm) above 800 pages).
 */
const HARDCOVER_SPINE_TABLE: ReadonlyArray<readonly [maxPages: number, inches: number]> = [
  [84, 0.25],
  [140, 0.5],
  [168, 0.625],
  [194, 0.6875],
  [222, 0.75],
  [250, 0.8125],
  [278, 0.875],
  [306, 0.9375],
  [334, 1],
  [360, 1.0625],
  [388, 1.125],
  [416, 1.1875],
  [444, 1.25],
  [472, 1.3125],
  [500, 1.375],
  [528, 1.4375],
  [556, 1.5],
  [582, 1.5625],
  [610, 1.625],
  [638, 1.6875],
  [666, 1.75],
  [694, 1.8125],
  [722, 1.875],
  [750, 1.9375],
  [778, 2],
  [800, 2.0625],
  [Number.POSITIVE_INFINITY, 2.125],
];

/** Hardcover casewrap spine width in inches from Lulu's table. */
export function hardcoverSpineInches(pageCount: number): number {
  const row = HARDCOVER_SPINE_TABLE.find(([maxPages]) => pageCount <= maxPages);
  return row ? row[1] : 2.125;
}

/**
 * Lulu casewrap: the boards are 0.125 in wider than the trim (fore-edge overhang) and 0.25 in taller
 * (0.125 in at head and tail), and the printed sheet runs 0.75 in past the boards on every outer edge
 * to wrap round them ("turn-in"). Lulu's 6 x 9 casewrap is 6.125 x 9.25 in boards on a 10.75 in high
 * sheet (Lulu one-piece cover dimensions; help.lulu.com "Creating your hardcover casewrap cover").
 */
export const CASEWRAP = {
  boardExtraWidth: inches(0.125),
  boardExtraHeight: inches(0.25),
  wrap: inches(0.75),
  /**
   * Where the board bends beside the spine: no text there. Lulu's guide names the hinge without a
   * figure in what we could read; 0.4 in matches common casebinding guides (10-11 mm).
   */
  hinge: inches(0.4),
} as const;

/** The name of the XObjects that carry a cover's words (print/cover.ts): the preflight finds them by it. */
export const WORDS_XOBJECT = 'Words';

export type CoverDimensions = {
  coverType: CoverType;
  pageCount: number;
  /** The whole sheet (MediaBox = BleedBox). */
  width: number;
  height: number;
  /** MediaBox to TrimBox on every side: the 0.125 in bleed (for casewrap, the outer part of the wrap). */
  bleed: number;
  /** Extra sheet round the visible panels on the outer edges: bleed (softcover) or wrap (hardcover). */
  margin: number;
  spineWidth: number;
  /** The visible back cover, spine and front cover on the sheet (boards for hardcover). */
  back: Rect;
  spine: Rect;
  front: Rect;
  /** Where text may go on the back and the front. */
  backSafe: Rect;
  frontSafe: Rect;
  /** Spine text only on spines Lulu prints text on. */
  spineText: boolean;
};

/** The size and layout of a one-piece cover for a book of `pageCount` interior pages. */
export function coverDimensions(coverType: CoverType, pageCount: number): CoverDimensions {
  if (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > MAX_PAGES) {
    throw new RangeError(`A cover needs a page count between 1 and ${MAX_PAGES}, got ${pageCount}`);
  }
  if (coverType === 'hardcover' && pageCount < HARDCOVER_MIN_PAGES) {
    throw new RangeError(`A hardcover needs at least ${HARDCOVER_MIN_PAGES} pages, got ${pageCount}`);
  }
  const hard = coverType === 'hardcover';
  const spineWidth = inches(hard ? hardcoverSpineInches(pageCount) : softcoverSpineInches(pageCount));
  const panelWidth = hard ? TRIM + CASEWRAP.boardExtraWidth : TRIM;
  const panelHeight = hard ? TRIM + CASEWRAP.boardExtraHeight : TRIM;
  const margin = hard ? CASEWRAP.wrap : BLEED;
  const back: Rect = { x: margin, y: margin, width: panelWidth, height: panelHeight };
  const spine: Rect = { x: margin + panelWidth, y: margin, width: spineWidth, height: panelHeight };
  const front: Rect = { x: spine.x + spineWidth, y: margin, width: panelWidth, height: panelHeight };
  const hinge = hard ? CASEWRAP.hinge : 0;
  const safeFrom = (panel: Rect, spineSide: 'left' | 'right'): Rect => {
    const safe = inset(panel, SAFETY);
    // The spine side also loses the hinge on a hardcover.
    return spineSide === 'left'
      ? { ...safe, x: safe.x + hinge, width: safe.width - hinge }
      : { ...safe, width: safe.width - hinge };
  };
  return {
    coverType,
    pageCount,
    width: 2 * margin + 2 * panelWidth + spineWidth,
    height: 2 * margin + panelHeight,
    bleed: BLEED,
    margin,
    spineWidth,
    back,
    spine,
    front,
    backSafe: safeFrom(back, 'right'),
    frontSafe: safeFrom(front, 'left'),
    spineText: pageCount >= SPINE_TEXT_MIN_PAGES,
  };
}

/** Interior page count for binding: at least `minPages`, rounded up to a multiple of 4. */
export function paddedPageCount(count: number, minPages = 0): number {
  return Math.ceil(Math.max(count, minPages, 1) / 4) * 4;
}

/** Pixels needed to print `points` at PRINT_PPI (rounded, or unrounded with `'exact'`). */
export function pixelsFor(points: number, rounding: 'round' | 'exact' = 'round'): number {
  const pixels = (points / POINTS_PER_INCH) * PRINT_PPI;
  return rounding === 'exact' ? pixels : Math.round(pixels);
}

/** Points covered by `pixels` printed at PRINT_PPI (so a drawn image is exactly 300 ppi). */
export function pointsFor(pixels: number): number {
  return (pixels / PRINT_PPI) * POINTS_PER_INCH;
}

function inset(rect: Rect, by: number): Rect {
  return { x: rect.x + by, y: rect.y + by, width: rect.width - 2 * by, height: rect.height - 2 * by };
}
