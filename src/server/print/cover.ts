import { type Color, degrees, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { languageEntry } from '../../shared/domain/languages';
import type { CoverType } from '../../shared/domain/statuses';
import type { Language } from '../../shared/i18n';
import { drawPicture, embedPicture, type Picture, setMetadata } from './document';
import { COLOURS, drawRoundedImage, drawRoundedRect, drawStar, hex } from './draw';
import { type BookFonts, embedBookFonts } from './fonts';
import { dominantColour, prepareImage } from './images';
import { type CoverDimensions, coverDimensions, inches, type Rect } from './spec';
import { drawCentredLines, fitText, fitTextOrThrow } from './text';

export type CoverInput = {
  coverType: CoverType;
  /** Interior pages, after padding: the spine width follows from it. */
  pageCount: number;
  title: string;
  subtitle?: string;
  /** The front's picture: without words (the title is set on it here), or the finished cover. */
  frontImage: Buffer;
  /**
   * The front picture is the approved cover itself, its title painted in (issue 14: the cover the
   * parent approved is the cover that prints): no title is set over it.
   */
  frontCarriesTitle?: boolean;
  /** A small picture on the back above the blurb (the toy), in a rounded white frame. */
  backImage?: Buffer;
  backText: string;
  spineText?: string;
  language: Language;
};

export type CoverResult = {
  pdf: Uint8Array;
  dimensions: CoverDimensions;
  /** Whether the spine carries the title (only on spines wide enough for it). */
  spineTextDrawn: boolean;
};

const COVER_FONTS = ['title', 'body'] as const;
type Fonts = BookFonts<(typeof COVER_FONTS)[number]>;

/** Lulu keeps spine text 0.0625 in from each fold. */
const SPINE_TEXT_CLEARANCE = inches(0.0625);
const CAP_HEIGHT = 0.7;

/**
 * Builds the one-page cover: back, spine and front from left to right, with bleed (softcover) or
 * the casewrap turn-in (hardcover) round the outside. The front picture runs to the outer edges;
 * back and spine take a colour from the picture.
 */
export async function buildCoverPdf(input: CoverInput): Promise<CoverResult> {
  const dims = coverDimensions(input.coverType, input.pageCount);
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, COVER_FONTS);
  setMetadata(doc, input.title, input.language);

  // The front picture covers the front panel out to the sheet's outer edges.
  const frontArea: Rect = { x: dims.front.x, y: 0, width: dims.width - dims.front.x, height: dims.height };
  const [picture, base, backPicture] = await Promise.all([
    prepareImage(input.frontImage, frontArea, { fit: 'cover' }),
    dominantColour(input.frontImage),
    input.backImage
      ? prepareImage(input.backImage, { width: BACK_PICTURE, height: BACK_PICTURE }, { fit: 'cover' })
      : undefined,
  ]);

  const page = doc.addPage([dims.width, dims.height]);
  page.setBleedBox(0, 0, dims.width, dims.height);
  page.setTrimBox(dims.bleed, dims.bleed, dims.width - 2 * dims.bleed, dims.height - 2 * dims.bleed);

  const spineColour = mix(base, '#ffffff', 0.15);
  const backColour = mix(base, '#ffffff', 0.78);
  page.drawRectangle({ x: 0, y: 0, width: dims.spine.x, height: dims.height, color: hex(backColour) });
  page.drawRectangle({
    x: dims.spine.x,
    y: 0,
    width: dims.spine.width,
    height: dims.height,
    color: hex(spineColour),
  });
  const embedded = await embedPicture(doc, picture);
  if (embedded) {
    drawPicture(page, embedded, {
      x: frontArea.x + (frontArea.width - embedded.width) / 2,
      y: frontArea.y + (frontArea.height - embedded.height) / 2,
      width: embedded.width,
      height: embedded.height,
    });
  }

  if (!input.frontCarriesTitle) drawFrontTitle(page, dims, input, fonts);
  drawBack(page, dims, input.backText, fonts, backColour, await embedPicture(doc, backPicture));
  const spineText = (input.spineText ?? input.title).trim();
  const spineTextDrawn =
    dims.spineText &&
    spineText !== '' &&
    drawSpineText(page, dims, spineText, fonts.title, readableOn(spineColour), input.language);

  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, dimensions: dims, spineTextDrawn };
}

/** Title and subtitle on a soft panel at the top of the front's safe area. */
function drawFrontTitle(page: PDFPage, dims: CoverDimensions, input: CoverInput, fonts: Fonts): void {
  const safe = dims.frontSafe;
  const padX = 26;
  const padY = 20;
  const title = fitTextOrThrow(
    input.title,
    fonts.title,
    {
      maxWidth: safe.width - 2 * padX,
      maxHeight: 150,
      maxSize: 50,
      minSize: 20,
      lineHeight: 1.1,
      maxLines: 3,
    },
    'The cover title',
  );
  const subtitle = input.subtitle?.trim()
    ? fitTextOrThrow(
        input.subtitle,
        fonts.body,
        { maxWidth: safe.width - 2 * padX, maxHeight: 56, maxSize: 20, minSize: 11, lineHeight: 1.25 },
        'The cover subtitle',
      )
    : undefined;
  const gap = subtitle ? 8 : 0;
  const contentWidth = Math.max(title.width, subtitle?.width ?? 0);
  const panelWidth = Math.min(safe.width, contentWidth + 2 * padX);
  const panelHeight = title.height + gap + (subtitle?.height ?? 0) + 2 * padY;
  const centreX = safe.x + safe.width / 2;
  const panel: Rect = {
    x: centreX - panelWidth / 2,
    y: safe.y + safe.height - panelHeight,
    width: panelWidth,
    height: panelHeight,
  };
  drawRoundedRect(page, panel, { radius: 26, color: COLOURS.panel, opacity: 0.9 });
  let top = panel.y + panel.height - padY;
  drawCentredLines(page, title, { centreX, top, color: COLOURS.ink });
  top -= title.height + gap;
  if (subtitle) drawCentredLines(page, subtitle, { centreX, top, color: COLOURS.softInk });
}

/** The side of the back's picture: 2.4 in. */
const BACK_PICTURE = inches(2.4);
const BACK_PICTURE_GAP = 22;

/** The back text, centred in the back's safe area, with a few stars (and the picture) above it. */
function drawBack(
  page: PDFPage,
  dims: CoverDimensions,
  text: string,
  fonts: Fonts,
  background: string,
  picture: Picture | undefined,
): void {
  const safe = dims.backSafe;
  const pictureHeight = picture ? BACK_PICTURE + BACK_PICTURE_GAP : 0;
  const ink = readableOn(background);
  const block = text.trim()
    ? (fitText(text, fonts.body, {
        maxWidth: Math.min(safe.width - 40, 420),
        maxHeight: safe.height * 0.7 - pictureHeight,
        maxSize: 18,
        minSize: 11,
        lineHeight: 1.45,
      }) ??
      fitTextOrThrow(
        text,
        fonts.body,
        {
          maxWidth: safe.width,
          maxHeight: safe.height - 60 - pictureHeight,
          maxSize: 11,
          minSize: 8,
          lineHeight: 1.35,
        },
        'The back cover text',
      ))
    : undefined;
  const starsHeight = 40;
  const blockHeight = pictureHeight + starsHeight + (block?.height ?? 0);
  const centreX = safe.x + safe.width / 2;
  let top = safe.y + safe.height / 2 + blockHeight / 2;
  if (picture) {
    const rect: Rect = {
      x: centreX - BACK_PICTURE / 2,
      y: top - BACK_PICTURE,
      width: BACK_PICTURE,
      height: BACK_PICTURE,
    };
    drawRoundedRect(
      page,
      { x: rect.x - 6, y: rect.y - 6, width: rect.width + 12, height: rect.height + 12 },
      {
        radius: 26,
        color: COLOURS.white,
      },
    );
    drawRoundedImage(page, picture, rect, 20);
    top -= pictureHeight;
  }
  const stars: Array<[dx: number, size: number, colour: Color]> = [
    [-34, 14, COLOURS.sun],
    [0, 22, COLOURS.coral],
    [34, 14, COLOURS.mint],
  ];
  for (const [dx, size, colour] of stars) drawStar(page, centreX + dx, top - 14, size, colour);
  if (block) drawCentredLines(page, block, { centreX, top: top - starsHeight, color: ink });
}

/**
 * The spine title, turned to read top to bottom (English books) or bottom to top (French books),
 * centred across the spine and along it.
 */
function drawSpineText(
  page: PDFPage,
  dims: CoverDimensions,
  text: string,
  font: Fonts['title'],
  colour: Color,
  language: Language,
): boolean {
  const across = dims.spine.width - 2 * SPINE_TEXT_CLEARANCE;
  const along = dims.spine.height - 2 * inches(0.5);
  const block = fitText(text.replace(/\s+/g, ' '), font, {
    maxWidth: along,
    maxHeight: across,
    maxSize: Math.min(24, across / CAP_HEIGHT / 1.15),
    minSize: 6,
    lineHeight: 1,
    maxLines: 1,
  });
  const line = block?.lines[0];
  if (!block || !line) return false;
  const width = font.widthOfTextAtSize(line, block.size);
  const centreX = dims.spine.x + dims.spine.width / 2;
  const centreY = dims.spine.y + dims.spine.height / 2;
  const lift = (CAP_HEIGHT * block.size) / 2;
  const topToBottom = languageEntry(language).spineTopToBottom;
  page.drawText(line, {
    x: topToBottom ? centreX - lift : centreX + lift,
    y: topToBottom ? centreY + width / 2 : centreY - width / 2,
    size: block.size,
    font,
    color: colour,
    rotate: degrees(topToBottom ? -90 : 90),
  });
  return true;
}

function channels(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved towards `b` by `amount` (0..1). */
function mix(a: string, b: string, amount: number): string {
  const [ca, cb] = [channels(a), channels(b)];
  return `#${ca
    .map((value, i) => Math.round(value + ((cb[i] ?? 0) - value) * amount))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Dark ink on light colours, white on dark ones (relative luminance). */
function readableOn(background: string): Color {
  const [r, g, b] = channels(background).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.33 ? COLOURS.ink : rgb(1, 1, 1);
}
