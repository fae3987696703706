import {
  type Color,
  concatTransformationMatrix,
  degrees,
  drawObject,
  PDFDocument,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import sharp from 'sharp';
import { languageEntry } from '../../shared/domain/languages';
import type { CoverType } from '../../shared/domain/statuses';
import type { Language } from '../../shared/i18n';
import { drawPicture, embedPicture, type Picture, setMetadata } from './document';
import { COLOURS, drawRoundedImage, drawRoundedRect, drawStar, hex } from './draw';
import { type BookFonts, embedBookFonts } from './fonts';
import { dominantColour, prepareImage } from './images';
import { type CoverDimensions, coverDimensions, inches, pixelsFor, type Rect, WORDS_XOBJECT } from './spec';
import { drawCentredLines, fitText, fitTextOrThrow, type TextBlock } from './text';

export type CoverInput = {
  coverType: CoverType;
  /** Interior pages, after padding: the spine width follows from it. */
  pageCount: number;
  title: string;
  subtitle?: string;
  /** The front's picture, square and without words: it bleeds into the wrap of each binding. */
  frontImage: Buffer;
  /**
   * The approved cover's words as pictures (cover-art's `renderCoverWords`), set inside the front
   * panel's safe area of the binding (docs/decisions/022-covers-per-binding.md). Without them the
   * title and subtitle are set in type on a soft panel.
   */
  frontWords?: FrontWords;
  /** A small picture on the back above the blurb (the toy), in a rounded white frame. */
  backImage?: Buffer;
  /**
   * A scene from the story, square: it fills the back out to the sheet's edges (bleed or turn-in),
   * the blurb and the small toy on a soft panel over its calmer half. Without it the back is a
   * colour taken from the front.
   */
  backScene?: Buffer;
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

/**
 * The cover's words drawn by the illustrator, each a transparent PNG drawn at `pixelsPerUnit`
 * pixels per unit of the square art's design (`designUnits` across): the name, the ribbon under
 * it, the strapline.
 */
export type FrontWords = {
  designUnits: number;
  pixelsPerUnit: number;
  title: Buffer;
  ribbon: Buffer;
  imprint: Buffer;
};

export const COVER_FONTS = ['title', 'body'] as const;
export type Fonts = BookFonts<(typeof COVER_FONTS)[number]>;

/** Lulu keeps spine text 0.0625 in from each fold. */
const SPINE_TEXT_CLEARANCE = inches(0.0625);
const CAP_HEIGHT = 0.7;

/**
 * What a cover shows and where, in points on the sheet (from its bottom left), before any of it is
 * drawn: the PDF (`buildCoverPdf`) and the reader's picture of the sheet (`print/cover-sheet.ts`)
 * both draw this one plan, so what the parent sees is what the printer gets.
 */
export type CoverPlan = {
  dims: CoverDimensions;
  /** The front panel out to the sheet's outer edges, and the art laid over it at 300 ppi (PNG). */
  frontArea: Rect;
  frontSheet: Buffer;
  /** The cover's words set inside the front's safe area (absent: the typed title on a panel). */
  words?: PlacedWords[];
  spineColour: string;
  backColour: string;
  /** The back panel out to the sheet's outer edge. */
  backArea: Rect;
  /** The story's scene laid over `backArea` at 300 ppi (PNG), the blurb's panel on its calmer half. */
  scene?: { sheet: Buffer; back: BackOnScene };
  /** The toy's small picture on the back (as given: it is cropped square to its place). */
  backImage?: Buffer;
  spineText?: SpineText;
};

/** The front of a cover: its dimensions, the art laid over the front area, the words' places. */
export type FrontPlan = Pick<CoverPlan, 'dims' | 'frontArea' | 'frontSheet' | 'words'>;

/**
 * Lays out the front of a cover (the art over the front panel and its wrap, the words in the safe
 * area): `planCover` lays out the whole sheet with it, the reader's front cover picture
 * (`print/cover-sheet.ts` `renderFrontCover`) shows it alone.
 */
export async function planFront(
  input: Pick<CoverInput, 'coverType' | 'pageCount' | 'frontImage' | 'frontWords'>,
): Promise<FrontPlan> {
  const dims = coverDimensions(input.coverType, input.pageCount);
  const frontArea: Rect = { x: dims.front.x, y: 0, width: dims.width - dims.front.x, height: dims.height };
  const layout = frontArtLayout(dims);
  const [frontSheet, words] = await Promise.all([
    frontArtSheet(input.frontImage, dims, layout),
    input.frontWords ? placeFrontWords(dims, layout, input.frontWords) : undefined,
  ]);
  return { dims, frontArea, frontSheet, ...(words ? { words } : {}) };
}

/** Lays out a cover: the pictures at print size, the words' and the blurb's places, the spine's title. */
export async function planCover(input: CoverInput, fonts: Fonts): Promise<CoverPlan> {
  const dims = coverDimensions(input.coverType, input.pageCount);
  const backArea: Rect = { x: 0, y: 0, width: dims.spine.x, height: dims.height };
  const [front, base, scene] = await Promise.all([
    planFront(input),
    dominantColour(input.frontImage),
    input.backScene
      ? (async () => {
          const scene = input.backScene as Buffer;
          const sheet = await artSheet(scene, backArea, backSceneLayout(dims));
          const calmTop = await calmerHalfIsTop(scene);
          return { sheet, back: backOnScene(dims, input.backText, fonts, Boolean(input.backImage), calmTop) };
        })()
      : undefined,
  ]);
  const spineColour = mix(base, '#ffffff', 0.15);
  const spineText = (input.spineText ?? input.title).trim();
  const spine =
    dims.spineText && spineText !== ''
      ? spineTextLayout(dims, spineText, fonts.title, input.language)
      : undefined;
  return {
    ...front,
    spineColour,
    backColour: mix(base, '#ffffff', 0.78),
    backArea,
    ...(scene ? { scene } : {}),
    ...(input.backImage ? { backImage: input.backImage } : {}),
    ...(spine ? { spineText: spine } : {}),
  };
}

/**
 * Builds the one-page cover: back, spine and front from left to right, with bleed (softcover) or
 * the casewrap turn-in (hardcover) round the outside. The front picture runs to the outer edges;
 * back and spine take a colour from the picture.
 */
export async function buildCoverPdf(input: CoverInput): Promise<CoverResult> {
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, COVER_FONTS);
  setMetadata(doc, input.title, input.language);
  const plan = await planCover(input, fonts);
  const { dims, frontArea, backArea } = plan;
  const backPictureSide = input.backScene ? BACK_PICTURE_SMALL : BACK_PICTURE;
  const [picture, backPicture, scene] = await Promise.all([
    prepareImage(plan.frontSheet, frontArea, { fit: 'cover' }),
    plan.backImage
      ? prepareImage(plan.backImage, { width: backPictureSide, height: backPictureSide }, { fit: 'cover' })
      : undefined,
    plan.scene ? prepareImage(plan.scene.sheet, backArea, { fit: 'cover' }) : undefined,
  ]);

  const page = doc.addPage([dims.width, dims.height]);
  page.setBleedBox(0, 0, dims.width, dims.height);
  page.setTrimBox(dims.bleed, dims.bleed, dims.width - 2 * dims.bleed, dims.height - 2 * dims.bleed);

  page.drawRectangle({ x: 0, y: 0, width: dims.spine.x, height: dims.height, color: hex(plan.backColour) });
  page.drawRectangle({
    x: dims.spine.x,
    y: 0,
    width: dims.spine.width,
    height: dims.height,
    color: hex(plan.spineColour),
  });
  const embedded = await embedPicture(doc, picture);
  if (embedded) drawPicture(page, embedded, { ...frontArea });

  if (plan.words) {
    for (const word of plan.words) {
      const ref = (await doc.embedPng(word.png)).ref;
      const name = page.node.newXObject(WORDS_XOBJECT, ref);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(word.rect.width, 0, 0, word.rect.height, word.rect.x, word.rect.y),
        drawObject(name),
        popGraphicsState(),
      );
    }
  } else drawFrontTitle(page, dims, input, fonts);
  const sceneImage = await embedPicture(doc, scene);
  if (sceneImage && plan.scene) {
    drawPicture(page, sceneImage, { ...backArea });
    drawBackOnScene(page, plan.scene.back, await embedPicture(doc, backPicture));
  } else drawBack(page, dims, input.backText, fonts, plan.backColour, await embedPicture(doc, backPicture));
  const spine = plan.spineText;
  if (spine) {
    page.drawText(spine.line, {
      x: spine.x,
      y: spine.y,
      size: spine.size,
      font: fonts.title,
      color: readableOn(plan.spineColour),
      rotate: degrees(spine.degrees),
    });
  }

  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, dimensions: dims, spineTextDrawn: Boolean(spine) };
}

/**
 * Where the square art goes on the front (points, on the sheet): centred on the visible panel
 * (the board of a hardcover) and as high as it, plus the bleed round it, lifted so that the
 * figure's feet (the art's lowest tenth) clear the strapline at the foot of the safe area. What
 * the sheet has beyond the square (the turn-in, the bleed) is the art's edge drawn on.
 */
export function frontArtLayout(dims: CoverDimensions): Rect {
  const panel = dims.front;
  const side = Math.max(panel.width, panel.height) + 2 * dims.bleed;
  const centreX = panel.x + panel.width / 2;
  const lift = Math.max(0, dims.frontSafe.y + ART_FEET_CLEARANCE - (panel.y - dims.bleed + side * ART_FEET));
  return { x: centreX - side / 2, y: panel.y - dims.bleed + lift, width: side, height: side };
}

/** The art's feet line: a cover figure stands at 950 of 1024 units (cover-art STAGE.ground). */
const ART_FEET = (1024 - 950) / 1024;
/** Room under the feet for the strapline and a little air, above the safe area's foot. */
const ART_FEET_CLEARANCE = 30;

/** The art laid on the front area of the sheet (front panel to the outer edges), at 300 ppi. */
function frontArtSheet(art: Buffer, dims: CoverDimensions, layout: Rect): Promise<Buffer> {
  return artSheet(
    art,
    { x: dims.front.x, y: 0, width: dims.width - dims.front.x, height: dims.height },
    layout,
  );
}

/** Where the back's scene goes: centred on the back panel, as high as it plus the bleed. */
export function backSceneLayout(dims: CoverDimensions): Rect {
  const panel = dims.back;
  const side = Math.max(panel.width, panel.height) + 2 * dims.bleed;
  return {
    x: panel.x + panel.width / 2 - side / 2,
    y: panel.y + panel.height / 2 - side / 2,
    width: side,
    height: side,
  };
}

/**
 * A square picture laid at `layout` over `area` of the sheet, at 300 ppi: what the
 * area has beyond the square is the picture's edge, mirrored above and to the sides, drawn on below
 * (a mirror would show a figure's feet upside down on the board's edge).
 */
async function artSheet(art: Buffer, area: Rect, layout: Rect): Promise<Buffer> {
  const px = (points: number) => Math.ceil(pixelsFor(points, 'exact') - 1e-6);
  const width = px(area.width);
  const height = px(area.height);
  const side = px(layout.width);
  const left = Math.round(pixelsFor(layout.x - area.x, 'exact'));
  const top = Math.round(pixelsFor(area.y + area.height - (layout.y + layout.height), 'exact'));
  const extend = {
    left: Math.max(0, left),
    top: Math.max(0, top),
    right: Math.max(0, width - (left + side)),
    bottom: Math.max(0, height - (top + side)),
  };
  const mirrored = await sharp(art)
    .resize(side, side, { fit: 'cover', kernel: 'lanczos3' })
    .extend({ left: extend.left, top: extend.top, right: extend.right, extendWith: 'mirror' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const square = await sharp(mirrored)
    .extend({ bottom: extend.bottom, extendWith: 'copy' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(square)
    .extract({ left: Math.max(0, -left), top: Math.max(0, -top), width, height })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** True when the top half of a picture is calmer (less edge detail) than its bottom half. */
async function calmerHalfIsTop(picture: Buffer): Promise<boolean> {
  const side = 64;
  const data = await sharp(picture).resize(side, side, { fit: 'fill' }).greyscale().raw().toBuffer();
  let top = 0;
  let bottom = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 1; x < side; x++) {
      const change = Math.abs((data[y * side + x] ?? 0) - (data[y * side + x - 1] ?? 0));
      if (y < side / 2) top += change;
      else bottom += change;
    }
  }
  return top <= bottom;
}

export type PlacedWords = { role: 'title' | 'ribbon' | 'imprint'; png: Buffer; rect: Rect };

/**
 * The cover's words on the front, each cropped to its ink (halo and shadow included) and set at the
 * art's scale, smaller where the safe area is narrower: the name at the top of the front's safe
 * area, the ribbon under it, the strapline at its foot; centred on the panel over the figure.
 */
export async function placeFrontWords(
  dims: CoverDimensions,
  art: Rect,
  words: FrontWords,
): Promise<PlacedWords[]> {
  const safe = dims.frontSafe;
  const centreX = dims.front.x + dims.front.width / 2;
  const room = 2 * Math.min(centreX - safe.x, safe.x + safe.width - centreX);
  const pointsPerPixel = art.width / words.designUnits / words.pixelsPerUnit;
  const [title, ribbon, imprint] = await Promise.all([
    cropToAlpha(words.title),
    cropToAlpha(words.ribbon),
    cropToAlpha(words.imprint),
  ]);
  const size = (image: { width: number; height: number }) => {
    const scale = Math.min(pointsPerPixel, room / image.width);
    return { width: image.width * scale, height: image.height * scale };
  };
  const placed: PlacedWords[] = [];
  const top = safe.y + safe.height;
  const titleSize = size(title);
  placed.push({
    role: 'title',
    png: title.png,
    rect: { x: centreX - titleSize.width / 2, y: top - titleSize.height, ...titleSize },
  });
  const ribbonSize = size(ribbon);
  // The ribbon tucks under the name's shadow, as on the approved cover.
  const ribbonTop =
    top - titleSize.height + RIBBON_TUCK * (titleSize.width / title.width) * words.pixelsPerUnit;
  placed.push({
    role: 'ribbon',
    png: ribbon.png,
    rect: { x: centreX - ribbonSize.width / 2, y: ribbonTop - ribbonSize.height, ...ribbonSize },
  });
  const imprintSize = size(imprint);
  placed.push({
    role: 'imprint',
    png: imprint.png,
    rect: { x: centreX - imprintSize.width / 2, y: safe.y, ...imprintSize },
  });
  return placed;
}

/** Design units the ribbon rises into the name's shadow (cover-art: ribbon at 200, name's ink to 190). */
const RIBBON_TUCK = 14;

/** A PNG cropped to the pixels it draws (alpha above 8), with its size. */
async function cropToAlpha(png: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [top, bottom, left, right] = [info.height, -1, info.width, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[y * info.width + x] ?? 0) <= 8) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return { png, width: info.width, height: info.height };
  const width = right - left + 1;
  const height = bottom - top + 1;
  return { png: await sharp(png).extract({ left, top, width, height }).png().toBuffer(), width, height };
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
/** The toy's small picture on a back that shows a scene: 1.2 in. */
const BACK_PICTURE_SMALL = inches(1.2);

/** The back over a scene: the blurb's panel, the toy's small picture and the blurb's lines, in points. */
export type BackOnScene = {
  panel: Rect;
  /** The toy's small picture (its white frame is 4 pt wider on each side). */
  picture?: Rect;
  block?: TextBlock;
  textCentreX: number;
  textTop: number;
};

/** Where the toy's small picture's frame goes round the picture, and their corners. */
export const BACK_PICTURE_FRAME = { inset: 4, frameRadius: 18, pictureRadius: 14, panelRadius: 24 };

/**
 * The back over a scene of the story: the blurb on a soft panel across the back's safe area, over
 * the calmer half of the scene, with the toy's small picture beside the text.
 */
function backOnScene(
  dims: CoverDimensions,
  text: string,
  fonts: Fonts,
  withPicture: boolean,
  calmTop: boolean,
): BackOnScene {
  const safe = dims.backSafe;
  const pad = 22;
  const pictureWidth = withPicture ? BACK_PICTURE_SMALL + pad : 0;
  const textWidth = safe.width - 2 * pad - pictureWidth;
  const block = text.trim()
    ? fitTextOrThrow(
        text,
        fonts.body,
        { maxWidth: textWidth, maxHeight: safe.height * 0.5, maxSize: 14, minSize: 8, lineHeight: 1.4 },
        'The back cover text',
      )
    : undefined;
  const contentHeight = Math.max(block?.height ?? 0, withPicture ? BACK_PICTURE_SMALL : 0);
  const panel: Rect = {
    x: safe.x,
    y: calmTop ? safe.y + safe.height - contentHeight - 2 * pad : safe.y,
    width: safe.width,
    height: contentHeight + 2 * pad,
  };
  return {
    panel,
    ...(withPicture
      ? {
          picture: {
            x: panel.x + pad,
            y: panel.y + panel.height / 2 - BACK_PICTURE_SMALL / 2,
            width: BACK_PICTURE_SMALL,
            height: BACK_PICTURE_SMALL,
          },
        }
      : {}),
    ...(block ? { block } : {}),
    textCentreX: panel.x + pictureWidth + pad + textWidth / 2,
    textTop: panel.y + panel.height / 2 + (block?.height ?? 0) / 2,
  };
}

function drawBackOnScene(page: PDFPage, back: BackOnScene, picture: Picture | undefined): void {
  const frame = BACK_PICTURE_FRAME;
  drawRoundedRect(page, back.panel, { radius: frame.panelRadius, color: COLOURS.panel, opacity: 0.92 });
  if (picture && back.picture) {
    const rect = back.picture;
    drawRoundedRect(
      page,
      {
        x: rect.x - frame.inset,
        y: rect.y - frame.inset,
        width: rect.width + 2 * frame.inset,
        height: rect.height + 2 * frame.inset,
      },
      { radius: frame.frameRadius, color: COLOURS.white },
    );
    drawRoundedImage(page, picture, rect, frame.pictureRadius);
  }
  if (back.block) {
    drawCentredLines(page, back.block, { centreX: back.textCentreX, top: back.textTop, color: COLOURS.ink });
  }
}
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

/** The spine's title: one line, its start point and size in points, turned by `degrees`. */
export type SpineText = { line: string; x: number; y: number; size: number; degrees: number };

/**
 * The spine title, turned to read top to bottom (English books) or bottom to top (French books),
 * centred across the spine and along it; undefined when it does not fit.
 */
function spineTextLayout(
  dims: CoverDimensions,
  text: string,
  font: Fonts['title'],
  language: Language,
): SpineText | undefined {
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
  if (!block || !line) return undefined;
  const width = font.widthOfTextAtSize(line, block.size);
  const centreX = dims.spine.x + dims.spine.width / 2;
  const centreY = dims.spine.y + dims.spine.height / 2;
  const lift = (CAP_HEIGHT * block.size) / 2;
  const topToBottom = languageEntry(language).spineTopToBottom;
  return {
    line,
    x: topToBottom ? centreX - lift : centreX + lift,
    y: topToBottom ? centreY + width / 2 : centreY - width / 2,
    size: block.size,
    degrees: topToBottom ? -90 : 90,
  };
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
export function readableOn(background: string): Color {
  const [r, g, b] = channels(background).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.33 ? COLOURS.ink : rgb(1, 1, 1);
}
