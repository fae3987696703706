import { availableParallelism } from 'node:os';
import { type Color, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { Language } from '../../shared/i18n';
import { PANEL_PLACES, type PanelPlace } from '../adapters/illustrator/scenes/layout-check';
import { drawPicture, embedPicture, type Picture, setMetadata } from './document';
import {
  COLOURS,
  drawHeart,
  drawRoundedImage,
  drawRoundedRect,
  drawStar,
  type Paint,
  strokeRoundedRect,
} from './draw';
import { type BookFonts, embedBookFonts } from './fonts';
import { type FitMode, mapLimit, type PictureRegion, prepareImage, regionDetail } from './images';
import { BLEED, PAGE, paddedPageCount, type Rect, SAFE_RECT, TRIM } from './spec';
import { drawCentredLines, fitText, fitTextOrThrow, type TextBlock } from './text';

export type InteriorPage =
  | { kind: 'title'; title: string; subtitle: string; image?: Buffer }
  | { kind: 'dedication'; message: string; signature: string }
  | {
      kind: 'story';
      image: Buffer;
      text: string;
      style: 'color' | 'line';
      /**
       * The bilingual edition (issue 32): the same page told in the second language, set under the
       * first in the italic face, a little smaller and in the softer ink, after a short rule.
       */
      secondText?: string;
      /** Where the text panel goes, as the layout check chose it; absent, where the picture is calmer. */
      panel?: PanelPlace;
    }
  | { kind: 'blank' };

export type InteriorInput = {
  language: Language;
  title: string;
  pages: InteriorPage[];
  /**
   * A coloring book (`line`) is black on white throughout: its pictures are lossless grey, its
   * title and dedication pages are drawn in outlines, and it ends on pages to draw in rather than
   * blank ones. By default, `line` when its story pages are line art.
   */
  style?: 'color' | 'line';
  /**
   * The line printed under the frame of each page added at the end of a coloring book to reach
   * the page count (cycled), in the book's language.
   */
  drawYourOwn?: readonly string[];
};

export type InteriorOptions = {
  /** Pad to at least this many pages (24 for a hardcover). */
  minPages?: number;
  /** Images resized at once (each holds one decoded picture); one per core, at most 4, by default. */
  imageConcurrency?: number;
};

export type InteriorResult = { pdf: Uint8Array; pageCount: number };

/** One picture per core, at most four: each holds one decoded image (~40 MB at 2625 px). */
const DEFAULT_IMAGE_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

const INTERIOR_FONTS = ['title', 'titleLight', 'body', 'bodyItalic'] as const;
type Fonts = BookFonts<(typeof INTERIOR_FONTS)[number]>;

/** Space between a line-art picture and its caption, and the caption's own band. */
const CAPTION_GAP = 16;
const CAPTION_BAND = 60;
const LINE_ART_BOX: Rect = {
  x: SAFE_RECT.x,
  y: SAFE_RECT.y + CAPTION_BAND + CAPTION_GAP,
  width: SAFE_RECT.width,
  height: SAFE_RECT.height - CAPTION_BAND - CAPTION_GAP,
};

type ImageJob = { source: Buffer; box: { width: number; height: number }; fit: FitMode; greyscale?: boolean };

/** A page with its text laid out and the picture it needs, before anything is drawn. */
type PlannedPage = {
  image?: ImageJob;
  /** Looks at the page's picture before it is drawn (e.g. where its text fits best). */
  prepare?: () => Promise<void>;
  draw: (page: PDFPage, picture: Picture | undefined) => void;
};

/**
 * Builds the interior PDF: one page per entry, then blank pages up to a multiple of 4 (and at least
 * `minPages`). Every page is 8.75 in square with BleedBox = MediaBox and TrimBox inset by the bleed.
 */
export async function buildInteriorPdf(
  input: InteriorInput,
  options: InteriorOptions = {},
): Promise<InteriorResult> {
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, INTERIOR_FONTS);
  setMetadata(doc, input.title, input.language);

  const style =
    input.style ??
    (input.pages.some((page) => page.kind === 'story' && page.style === 'line') ? 'line' : 'color');
  const look = style === 'line' ? LINE_LOOK : COLOUR_LOOK;
  // A coloring book keeps its story pages together: blank pages go to the end, with the padding.
  const pages =
    style === 'line'
      ? [
          ...input.pages.filter((page) => page.kind !== 'blank'),
          ...input.pages.filter((page) => page.kind === 'blank'),
        ]
      : input.pages;
  const planned = pages.map((page, index) => planPage(page, fonts, index, look));
  const images = await mapLimit(
    planned,
    options.imageConcurrency ?? DEFAULT_IMAGE_CONCURRENCY,
    async (plan) => {
      await plan.prepare?.();
      return plan.image ? await prepareImage(plan.image.source, plan.image.box, plan.image) : undefined;
    },
  );

  for (const [index, plan] of planned.entries()) {
    plan.draw(addBookPage(doc), await embedPicture(doc, images[index]));
    // The JPEG now lives in the document; drop our reference so it is not held twice.
    images[index] = undefined;
  }
  const pageCount = paddedPageCount(input.pages.length, options.minPages);
  if (style === 'line') {
    // Blank pages at the end of a coloring book become pages to draw in (the blanks given, too).
    const firstBlank = pages.findIndex((page) => page.kind === 'blank');
    let extra = 0;
    const drawIn = (page: PDFPage) => {
      const lines = input.drawYourOwn ?? [];
      drawYourOwnPage(page, fonts, lines.length ? lines[extra % lines.length] : undefined);
      extra += 1;
    };
    if (firstBlank >= 0) for (const page of doc.getPages().slice(firstBlank)) drawIn(page);
    while (doc.getPageCount() < pageCount) drawIn(addBookPage(doc));
  }
  while (doc.getPageCount() < pageCount) addBookPage(doc);

  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, pageCount };
}

/** A new interior page with its print boxes. */
function addBookPage(doc: PDFDocument): PDFPage {
  const page = doc.addPage([PAGE, PAGE]);
  page.setBleedBox(0, 0, PAGE, PAGE);
  page.setTrimBox(BLEED, BLEED, TRIM, TRIM);
  return page;
}

/** The colours of the pages around the story: the storybook's, or black outlines on white. */
type Look = {
  line: boolean;
  background: Color | undefined;
  ink: Color;
  softInk: Color;
  accent: Color;
  decoration: (colour: keyof typeof COLOURS) => Paint;
};

const BLACK = rgb(0, 0, 0);
const COLOUR_LOOK: Look = {
  line: false,
  background: COLOURS.paper,
  ink: COLOURS.ink,
  softInk: COLOURS.softInk,
  accent: COLOURS.coral,
  decoration: (colour) => ({ fill: COLOURS[colour], opacity: 0.85 }),
};
/** Pure black and one grey: the book prints on a black-and-white press. */
const LINE_LOOK: Look = {
  line: true,
  background: undefined,
  ink: BLACK,
  softInk: rgb(0.3, 0.3, 0.3),
  accent: BLACK,
  decoration: () => ({ outline: BLACK, thickness: 1.6 }),
};

function planPage(page: InteriorPage, fonts: Fonts, index: number, look: Look): PlannedPage {
  switch (page.kind) {
    case 'title':
      return planTitlePage(page, fonts, look);
    case 'dedication':
      return planDedicationPage(page, fonts, look);
    case 'story':
      return page.style === 'color'
        ? planColourStoryPage(page, fonts, index)
        : planLineArtPage(page, fonts, index);
    case 'blank':
      return { draw: () => {} };
  }
}

/**
 * Cream page: the picture in a rounded frame, the title in Fredoka and the subtitle below. In a
 * coloring book: white, the picture in grey inside a black outline, black text, outlined stars.
 */
function planTitlePage(
  page: Extract<InteriorPage, { kind: 'title' }>,
  fonts: Fonts,
  look: Look,
): PlannedPage {
  const withImage = page.image !== undefined;
  const title = fitTextOrThrow(
    page.title,
    fonts.title,
    {
      maxWidth: SAFE_RECT.width - 20,
      maxHeight: withImage ? 120 : 220,
      maxSize: withImage ? 44 : 60,
      minSize: 18,
      lineHeight: 1.12,
      maxLines: 3,
    },
    'The title',
  );
  const subtitle = page.subtitle.trim()
    ? fitTextOrThrow(
        page.subtitle,
        fonts.body,
        { maxWidth: SAFE_RECT.width - 60, maxHeight: 64, maxSize: 20, minSize: 11, lineHeight: 1.3 },
        'The subtitle',
      )
    : undefined;
  const titleGap = 26;
  const subtitleGap = 10;
  const textHeight = title.height + (subtitle ? subtitleGap + subtitle.height : 0);
  const imageSide = withImage ? Math.min(340, SAFE_RECT.height - textHeight - titleGap) : 0;
  const blockHeight = textHeight + (withImage ? imageSide + titleGap : 0);
  const top = SAFE_RECT.y + (SAFE_RECT.height + blockHeight) / 2;
  const centreX = PAGE / 2;
  const imageRect: Rect = {
    x: centreX - imageSide / 2,
    y: top - imageSide,
    width: imageSide,
    height: imageSide,
  };

  return {
    ...(page.image
      ? { image: { source: page.image, box: imageRect, fit: 'cover' as const, greyscale: look.line } }
      : {}),
    draw: (pdfPage, image) => {
      if (look.background) {
        pdfPage.drawRectangle({ x: 0, y: 0, width: PAGE, height: PAGE, color: look.background });
      }
      drawConfetti(pdfPage, look);
      let y = top;
      if (image) {
        const drawn = centredRect(centreX, top - imageSide / 2, image.width, image.height);
        if (look.line) {
          drawRoundedImage(pdfPage, image, drawn, 24);
          strokeRoundedRect(pdfPage, grow(drawn, 6), { radius: 30, color: look.ink, thickness: 2 });
        } else {
          // A white frame a little larger than the picture, as if it were a print laid on the page.
          drawRoundedRect(pdfPage, grow(drawn, 8), { radius: 30, color: COLOURS.white });
          drawRoundedImage(pdfPage, image, drawn, 24);
        }
        y -= imageSide + titleGap;
      }
      drawCentredLines(pdfPage, title, { centreX, top: y, color: look.ink });
      y -= title.height + subtitleGap;
      if (subtitle) drawCentredLines(pdfPage, subtitle, { centreX, top: y, color: look.softInk });
    },
  };
}

/** Cream page: a small heart, the message in Nunito italic, the signature in Fredoka (black on white in a coloring book). */
function planDedicationPage(
  page: Extract<InteriorPage, { kind: 'dedication' }>,
  fonts: Fonts,
  look: Look,
): PlannedPage {
  const message = fitTextOrThrow(
    page.message,
    fonts.bodyItalic,
    { maxWidth: 430, maxHeight: 330, maxSize: 26, minSize: 11, lineHeight: 1.45 },
    'The dedication',
  );
  const signatureText = page.signature.replace(/\s+/g, ' ').trim();
  const signature = signatureText
    ? fitTextOrThrow(
        `— ${signatureText}`,
        fonts.titleLight,
        { maxWidth: SAFE_RECT.width, maxHeight: 40, maxSize: 22, minSize: 11, lineHeight: 1.2, maxLines: 1 },
        'The signature',
      )
    : undefined;
  const heartSize = 30;
  const heartGap = 26;
  const signatureGap = 26;
  const blockHeight =
    heartSize + heartGap + message.height + (signature ? signatureGap + signature.height : 0);
  const top = SAFE_RECT.y + (SAFE_RECT.height + blockHeight) / 2;
  const centreX = PAGE / 2;
  return {
    draw: (pdfPage) => {
      if (look.background) {
        pdfPage.drawRectangle({ x: 0, y: 0, width: PAGE, height: PAGE, color: look.background });
      }
      drawHeart(
        pdfPage,
        centreX,
        top - heartSize / 2,
        heartSize,
        look.line ? look.decoration('coral') : COLOURS.coral,
      );
      let y = top - heartSize - heartGap;
      drawCentredLines(pdfPage, message, { centreX, top: y, color: look.ink });
      y -= message.height + signatureGap;
      if (signature) drawCentredLines(pdfPage, signature, { centreX, top: y, color: look.accent });
    },
  };
}

/**
 * The text panel goes at the bottom of the page unless the top of the picture is clearly calmer
 * there (less detail where the panel would sit), so it covers sky rather than the child or the toy.
 */
const TOP_WHEN_CALMER_BY = 0.8;

/** A rectangle of the page (points, from the bottom left) as fractions of the picture from its top left. */
const pictureRegion = (rect: Rect): PictureRegion => ({
  left: rect.x / PAGE,
  top: (PAGE - rect.y - rect.height) / PAGE,
  width: rect.width / PAGE,
  height: rect.height / PAGE,
});

/** A bilingual page's two texts: the first as a single page's, the second under it in italics. */
type TextPair = { first: TextBlock; second: TextBlock; gap: number; height: number; width: number };

/** Space between the two languages of a bilingual page; a short rule sits in its middle. */
const PAIR_GAP = 14;
export const PAIR_RULE = 36;

/**
 * Both languages of a bilingual page in the panel's box: the first at the largest size that leaves
 * the second room at 0.85 of it (never below 12 pt and 10.5 pt); undefined when even that is too
 * tall (never a cut line).
 */
function fitPair(
  page: { text: string; secondText: string },
  fonts: Pick<Fonts, 'body' | 'bodyItalic'>,
  box: { maxWidth: number; maxHeight: number },
): TextPair | undefined {
  for (let size = 19; size >= 12; size -= 0.5) {
    const first = fitText(page.text, fonts.body, { ...box, maxSize: size, minSize: size, lineHeight: 1.3 });
    const secondSize = Math.max(10.5, Math.round(size * 0.85 * 2) / 2);
    const second = fitText(page.secondText, fonts.bodyItalic, {
      ...box,
      maxSize: secondSize,
      minSize: secondSize,
      lineHeight: 1.3,
    });
    if (!first || !second) continue;
    const height = first.height + PAIR_GAP + second.height;
    if (height <= box.maxHeight)
      return { first, second, gap: PAIR_GAP, height, width: Math.max(first.width, second.width) };
  }
  return undefined;
}

/**
 * How much taller than the first language's own panel a bilingual panel may be, tried in turn: the
 * two texts first share the room the layout check already found on every page (the type smaller,
 * never under 12 pt), and only a pair that cannot grows the panel a step at a time.
 */
const PAIR_GROWTH = [1, 1.15, 1.3, 1.5] as const;

/** The padding of the text panel of a colour story page, around its lines. */
export const PANEL_PAD = { x: 26, y: 16 } as const;

/**
 * The text of a colour story page laid out, and its panel across the foot or the head of the safe
 * area or in one of its corners (points, from the bottom left): the print draws it there, the
 * layout check keeps it off the characters, the reader shows it as printed.
 */
export function storyTextLayout(text: string, font: BookFonts<'body'>['body'], index: number) {
  const { x: padX, y: padY } = PANEL_PAD;
  const block = text.trim()
    ? (fitText(text, font, {
        maxWidth: SAFE_RECT.width - 2 * padX,
        maxHeight: SAFE_RECT.height * 0.36 - 2 * padY,
        maxSize: 21,
        minSize: 13,
        lineHeight: 1.35,
      }) ??
      // A long text may take more of the picture rather than be cut or printed too small.
      fitTextOrThrow(
        text,
        font,
        {
          maxWidth: SAFE_RECT.width - 2 * padX,
          maxHeight: SAFE_RECT.height - 2 * padY,
          maxSize: 13,
          minSize: 10,
          lineHeight: 1.3,
        },
        `The text of page ${index + 1}`,
      ))
    : undefined;
  // In a corner (issue 31: where the foot and the head both cover a child), the same words in a
  // narrower column, when they fit in half the safe area's height.
  const cornerBlock = text.trim()
    ? fitText(text, font, {
        maxWidth: SAFE_RECT.width * CORNER_PANEL_SHARE - 2 * padX,
        maxHeight: SAFE_RECT.height * 0.5 - 2 * padY,
        maxSize: 21,
        minSize: 13,
        lineHeight: 1.35,
      })
    : undefined;
  // Shorter (issue 31: where the panel across the foot or the head covers a few rows of a face), the
  // same words a few points smaller, never below the body's least size; none when no smaller fits.
  const smaller =
    block && block.size > SHORT_PANEL_LEAST
      ? fitText(text, font, {
          maxWidth: SAFE_RECT.width - 2 * padX,
          maxHeight: SAFE_RECT.height * 0.36 - 2 * padY,
          maxSize: Math.max(SHORT_PANEL_LEAST, block.size - SHORT_PANEL_SMALLER_BY),
          minSize: SHORT_PANEL_LEAST,
          lineHeight: 1.3,
        })
      : undefined;
  const shortBlock = smaller && smaller.height < block!.height ? smaller : undefined;
  const blockAt = (place: PanelPlace) =>
    isCorner(place) ? cornerBlock : place.endsWith('-short') ? shortBlock : block;
  const panelAt = (place: PanelPlace): Rect | undefined => {
    const words = blockAt(place);
    if (!words) return undefined;
    const width = Math.min(SAFE_RECT.width, Math.max(words.width + 2 * padX, isCorner(place) ? 200 : 240));
    const height = words.height + 2 * padY;
    const y = place.startsWith('bottom') ? SAFE_RECT.y : SAFE_RECT.y + SAFE_RECT.height - height;
    const x = place.endsWith('left')
      ? SAFE_RECT.x
      : place.endsWith('right')
        ? SAFE_RECT.x + SAFE_RECT.width - width
        : PAGE / 2 - width / 2;
    return { x, y, width, height };
  };
  return { block, blockAt, panelAt };
}

/** How much of the safe area's width a panel in a corner may take. */
const CORNER_PANEL_SHARE = 0.42;
const isCorner = (place: PanelPlace) => place.endsWith('-left') || place.endsWith('-right');
/** A shorter panel's type: this many points smaller than the page's own, never below the least. */
const SHORT_PANEL_SMALLER_BY = 4;
const SHORT_PANEL_LEAST = 13;

/** A bilingual page's pair keeps the whole width: its place at the foot or the head, never a corner. */
const acrossPlace = (place: PanelPlace | undefined) =>
  place === 'top' || place === 'bottom' ? place : undefined;

/** The picture full-bleed, the text on a soft rounded panel at the bottom or top of the safe area. */
function planColourStoryPage(
  page: Extract<InteriorPage, { kind: 'story' }>,
  fonts: Fonts,
  index: number,
): PlannedPage {
  if (page.secondText?.trim() && page.text.trim())
    return planBilingualColourPage({ ...page, secondText: page.secondText }, fonts, index);
  const { blockAt, panelAt } = storyTextLayout(page.text, fonts.body, index);
  let place: PanelPlace = page.panel ?? 'bottom';
  return {
    image: { source: page.image, box: { width: PAGE, height: PAGE }, fit: 'cover' },
    prepare: async () => {
      place = await storyPanelPlace(page.image, panelAt, page.panel);
    },
    draw: (pdfPage, image) => {
      if (image) drawPicture(pdfPage, image, centredRect(PAGE / 2, PAGE / 2, image.width, image.height));
      const panel = panelAt(place);
      const text = blockAt(place);
      if (!text || !panel) return;
      drawRoundedRect(pdfPage, panel, { radius: 22, color: COLOURS.panel, opacity: 0.9 });
      drawCentredLines(pdfPage, text, {
        centreX: panel.x + panel.width / 2,
        top: panel.y + panel.height - PANEL_PAD.y,
        color: COLOURS.ink,
      });
    },
  };
}

/**
 * The two texts of a bilingual colour page laid out, and their panel at the foot or the head of the
 * safe area: the print draws it there, the layout check keeps it off the characters, the reader
 * shows it as printed. The panel may take up to half the safe area.
 */
export function bilingualTextLayout(
  page: { text: string; secondText: string },
  fonts: Pick<Fonts, 'body' | 'bodyItalic'>,
  index: number,
) {
  const { x: padX, y: padY } = PANEL_PAD;
  const maxWidth = SAFE_RECT.width - 2 * padX;
  const single = storyTextLayout(page.text, fonts.body, index).block;
  // First within the first language's own panel, then a little taller; at most half the page.
  const heights = single ? PAIR_GROWTH.map((growth) => single.height * growth) : [];
  let pair: TextPair | undefined;
  for (const maxHeight of [...heights, SAFE_RECT.height * 0.5 - 2 * padY]) {
    pair = fitPair(page, fonts, { maxWidth, maxHeight });
    if (pair) break;
  }
  if (!pair) throw new Error(`The two texts of page ${index + 1} are too long to print together`);
  const pairAt = (place: 'top' | 'bottom'): Rect => {
    const width = Math.min(SAFE_RECT.width, Math.max(pair.width + 2 * padX, 260));
    const height = pair.height + 2 * padY;
    const y = place === 'bottom' ? SAFE_RECT.y : SAFE_RECT.y + SAFE_RECT.height - height;
    return { x: PAGE / 2 - width / 2, y, width, height };
  };
  const panelAt = (place: PanelPlace): Rect | undefined => {
    const across = acrossPlace(place);
    return across && pairAt(across);
  };
  /** The pair's place: the one given, else the print's rule (storyPanelPlace). */
  const pairPlace = async (image: Buffer, given: PanelPlace | undefined) =>
    acrossPlace(await storyPanelPlace(image, panelAt, acrossPlace(given))) ?? 'bottom';
  return { pair, pairAt, panelAt, pairPlace };
}

/**
 * A bilingual colour page: the panel holds the first language, a short rule, then the second in
 * italics and the softer ink. It may take up to half the safe area (a single text takes 36 %), and
 * goes where the layout check put it, else top or bottom by the same rule as a single text.
 */
function planBilingualColourPage(
  page: Extract<InteriorPage, { kind: 'story' }> & { secondText: string },
  fonts: Fonts,
  index: number,
): PlannedPage {
  const { y: padY } = PANEL_PAD;
  const { pair, pairAt, pairPlace } = bilingualTextLayout(page, fonts, index);
  let place: 'top' | 'bottom' = acrossPlace(page.panel) ?? 'bottom';
  return {
    image: { source: page.image, box: { width: PAGE, height: PAGE }, fit: 'cover' },
    prepare: async () => {
      place = await pairPlace(page.image, page.panel);
    },
    draw: (pdfPage, image) => {
      if (image) drawPicture(pdfPage, image, centredRect(PAGE / 2, PAGE / 2, image.width, image.height));
      const panel = pairAt(place);
      drawRoundedRect(pdfPage, panel, { radius: 22, color: COLOURS.panel, opacity: 0.92 });
      const top = panel.y + panel.height - padY;
      drawCentredLines(pdfPage, pair.first, { centreX: PAGE / 2, top, color: COLOURS.ink });
      const ruleY = top - pair.first.height - pair.gap / 2;
      pdfPage.drawLine({
        start: { x: PAGE / 2 - PAIR_RULE / 2, y: ruleY },
        end: { x: PAGE / 2 + PAIR_RULE / 2, y: ruleY },
        thickness: 0.8,
        color: COLOURS.coral,
      });
      drawCentredLines(pdfPage, pair.second, {
        centreX: PAGE / 2,
        top: top - pair.first.height - pair.gap,
        color: COLOURS.softInk,
      });
    },
  };
}

/** The panel's place: the one the layout check gave, else the bottom unless the top is clearly calmer. */
export async function storyPanelPlace(
  image: Buffer,
  panelAt: (place: PanelPlace) => Rect | undefined,
  given: PanelPlace | undefined,
): Promise<PanelPlace> {
  const bottom = panelAt('bottom');
  const top = panelAt('top');
  if (given) return given;
  if (!bottom || !top) return 'bottom';
  const [bottomDetail, topDetail] = await regionDetail(image, [pictureRegion(bottom), pictureRegion(top)]);
  return (topDetail ?? 0) < (bottomDetail ?? 0) * TOP_WHEN_CALMER_BY ? 'top' : 'bottom';
}

/** A story page's words: its text, and on a bilingual edition's page the same told in the second language. */
export type PageWords = { text: string; secondText?: string | undefined };

/**
 * The text panels a colour story page could have, as fractions of the page from its top left (the
 * layout check's units): at the foot and at the head of the safe area; none for a page without text.
 */
export async function storyPanels(
  words: string | PageWords,
): Promise<Partial<Record<PanelPlace, PictureRegion>>> {
  const { text, secondText } = typeof words === 'string' ? { text: words, secondText: undefined } : words;
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, ['body', 'bodyItalic'] as const);
  // A bilingual page's panel holds both languages (the bilingual edition, issue 32).
  const { panelAt } =
    secondText?.trim() && text.trim()
      ? bilingualTextLayout({ text, secondText }, fonts, 0)
      : storyTextLayout(text, fonts.body, 0);
  const bottom = panelAt('bottom');
  const top = panelAt('top');
  if (!bottom || !top) return {};
  const regions: Partial<Record<PanelPlace, PictureRegion>> = {};
  for (const place of PANEL_PLACES) {
    const rect = panelAt(place);
    if (rect) regions[place] = pictureRegion(rect);
  }
  return regions;
}

/** Coloring page: the line art inside the safe area on white, a one-line caption below it. */
function planLineArtPage(
  page: Extract<InteriorPage, { kind: 'story' }>,
  fonts: Fonts,
  index: number,
): PlannedPage {
  const captionBox = { maxWidth: SAFE_RECT.width, maxHeight: CAPTION_BAND };
  const caption: TextBlock | undefined = page.text.trim()
    ? (fitText(page.text, fonts.body, {
        ...captionBox,
        maxSize: 20,
        minSize: 13,
        lineHeight: 1.25,
        maxLines: 1,
      }) ??
      fitTextOrThrow(
        page.text,
        fonts.body,
        { ...captionBox, maxSize: 16, minSize: 9, lineHeight: 1.2 },
        `The caption of page ${index + 1}`,
      ))
    : undefined;
  // The bilingual edition: the second language on a line of its own under the first, in italics.
  const secondCaption = page.secondText?.trim()
    ? fitTextOrThrow(
        page.secondText,
        fonts.bodyItalic,
        {
          maxWidth: SAFE_RECT.width,
          maxHeight: CAPTION_BAND / 2,
          maxSize: 14,
          minSize: 9,
          lineHeight: 1.15,
          maxLines: 1,
        },
        `The second caption of page ${index + 1}`,
      )
    : undefined;
  const firstCaption =
    secondCaption && caption
      ? fitTextOrThrow(
          page.text,
          fonts.body,
          {
            maxWidth: SAFE_RECT.width,
            maxHeight: CAPTION_BAND / 2,
            maxSize: 16,
            minSize: 9,
            lineHeight: 1.15,
            maxLines: 1,
          },
          `The caption of page ${index + 1}`,
        )
      : caption;
  return {
    image: { source: page.image, box: LINE_ART_BOX, fit: 'contain', greyscale: true },
    draw: (pdfPage, image) => {
      if (image) {
        // Centred across the page, sitting on the caption.
        const rect: Rect = {
          x: PAGE / 2 - image.width / 2,
          y: LINE_ART_BOX.y + (LINE_ART_BOX.height - image.height) / 2,
          width: image.width,
          height: image.height,
        };
        drawPicture(pdfPage, image, rect);
      }
      if (firstCaption && secondCaption) {
        const top = SAFE_RECT.y + CAPTION_BAND / 2 + (firstCaption.height + secondCaption.height) / 2;
        drawCentredLines(pdfPage, firstCaption, { centreX: PAGE / 2, top, color: BLACK });
        drawCentredLines(pdfPage, secondCaption, {
          centreX: PAGE / 2,
          top: top - firstCaption.height,
          color: BLACK,
        });
      } else if (firstCaption) {
        const top = SAFE_RECT.y + CAPTION_BAND / 2 + firstCaption.height / 2;
        drawCentredLines(pdfPage, firstCaption, { centreX: PAGE / 2, top, color: BLACK });
      }
    },
  };
}

/**
 * A page at the end of a coloring book: a large rounded frame to draw in, and one line under it
 * saying so ("Your turn! Draw…"), in black.
 */
function drawYourOwnPage(page: PDFPage, fonts: Fonts, line: string | undefined): void {
  const caption = line?.trim()
    ? fitText(line, fonts.body, {
        maxWidth: SAFE_RECT.width,
        maxHeight: CAPTION_BAND,
        maxSize: 20,
        minSize: 11,
        lineHeight: 1.2,
        maxLines: 2,
      })
    : undefined;
  strokeRoundedRect(page, LINE_ART_BOX, { radius: 24, color: BLACK, thickness: 2 });
  if (caption) {
    const top = SAFE_RECT.y + CAPTION_BAND / 2 + caption.height / 2;
    drawCentredLines(page, caption, { centreX: PAGE / 2, top, color: BLACK });
  }
}

/** A few soft stars in the corners of the title page, all outside the safe area (text never meets them). */
function drawConfetti(page: PDFPage, look: Look): void {
  const marks: Array<[x: number, y: number, size: number, colour: keyof typeof COLOURS]> = [
    [30, 596, 20, 'sun'],
    [64, 610, 10, 'coral'],
    [26, 556, 9, 'mint'],
    [600, 600, 18, 'mint'],
    [566, 612, 9, 'sun'],
    [30, 30, 14, 'sky'],
    [598, 34, 20, 'coral'],
    [606, 70, 9, 'mint'],
  ];
  for (const [x, y, size, colour] of marks) drawStar(page, x, y, size, look.decoration(colour));
}

function centredRect(cx: number, cy: number, width: number, height: number): Rect {
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
}
