import { PDFDocument } from 'pdf-lib';
import sharp, { type OverlayOptions } from 'sharp';
import {
  BACK_PICTURE_FRAME,
  COVER_FONTS,
  type CoverInput,
  type CoverPlan,
  type FrontWords,
  planCover,
  planFront,
  readableOn,
} from './cover';
import { COLOURS } from './draw';
import { embedBookFonts, fontkitFont } from './fonts';
import { CASEWRAP, type CoverDimensions, pixelsFor, type Rect } from './spec';
import { type Outlines, svgCentredLines, svgTextLine } from './svg-text';

/**
 * The cover sheet as the reader and the checkout show it (issue 31): back, spine and front of the
 * binding as one picture, drawn from the very plan the cover PDF is drawn from (`planCover`), with
 * what the printer does marked on it: the part of the sheet the trim cuts off (softcover) or the
 * turn-in that folds round the boards (hardcover) paler behind a dashed line, the spine's folds and
 * a hardcover's hinges dotted. `print/cover-sheet.test.ts` compares it with the PDF rendered by
 * pdftoppm.
 */

/** A cover as the print files give it: the front's words drawn by the illustrator, a scene behind the back. */
export type CoverSheetInput = CoverInput & { frontWords: FrontWords; backScene: Buffer };

export type CoverSheetOptions = {
  /** Width of the picture in pixels (its height follows from the sheet). */
  width: number;
  /** Draw the trim, folds and hinges (the default); false is the bare sheet (the comparison test). */
  marks?: boolean;
};

type Fonts = { title: Outlines; body: Outlines };
let outlines: Promise<Fonts> | undefined;
const loadOutlines = async (): Promise<Fonts> => ({
  title: await fontkitFont('title'),
  body: await fontkitFont('body'),
});

/** The whole cover sheet as a PNG `width` pixels wide. */
export async function renderCoverSheet(input: CoverSheetInput, options: CoverSheetOptions): Promise<Buffer> {
  // The layout measures text with the PDF's own fonts (pdf-lib); the picture draws their outlines.
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, COVER_FONTS);
  outlines ??= loadOutlines();
  const [plan, glyphs] = await Promise.all([planCover(input, fonts), outlines]);
  const { dims } = plan;
  const scale = options.width / dims.width;
  const width = options.width;
  const height = Math.round(dims.height * scale);
  const toPx = (x: number, y: number): [number, number] => [x * scale, (dims.height - y) * scale];
  const box = (rect: Rect) => {
    const [left, top] = toPx(rect.x, rect.y + rect.height);
    return {
      left: Math.round(left),
      top: Math.round(top),
      width: Math.max(1, Math.round(rect.width * scale)),
      height: Math.max(1, Math.round(rect.height * scale)),
    };
  };
  const picture = async (image: Buffer, rect: Rect) => {
    const at = box(rect);
    const data = await sharp(image, { limitInputPixels: false })
      .resize(Math.min(at.width, width - at.left), Math.min(at.height, height - at.top), { fit: 'fill' })
      .png()
      .toBuffer();
    return { input: data, left: at.left, top: at.top };
  };
  if (!plan.scene) throw new Error('A cover sheet needs the back scene');
  const layers: OverlayOptions[] = [
    await picture(plan.frontSheet, plan.frontArea),
    await picture(plan.scene.sheet, plan.backArea),
    ...(await Promise.all((plan.words ?? []).map((word) => picture(word.png, word.rect)))),
    { input: Buffer.from(svg(width, height, backAndSpine(plan, glyphs, toPx, scale))), left: 0, top: 0 },
  ];
  const toy = plan.scene.back.picture;
  if (plan.backImage && toy) layers.push(await roundedPicture(plan.backImage, box(toy), scale));
  if (options.marks ?? true) {
    layers.push({ input: Buffer.from(svg(width, height, marks(dims, toPx, scale))), left: 0, top: 0 });
  }
  const base = svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${plan.backColour}"/>${rect(dims.spine.x, 0, dims.spine.width, dims.height, toPx, scale, `fill="${plan.spineColour}"`)}`,
  );
  return sharp(Buffer.from(base)).composite(layers).png().toBuffer();
}

/** What the front cover picture is drawn from: the front's art and words, for a binding and page count. */
export type FrontCoverInput = Pick<CoverSheetInput, 'coverType' | 'pageCount' | 'frontImage' | 'frontWords'>;

/**
 * The front cover as it prints (issue 31): the part of the front the reader sees on the finished
 * book (a softcover's trim, a hardcover's board), the art and the words where the cover PDF sets
 * them (`planFront`, the plan `planCover` draws), as a PNG `width` pixels wide. The reader shows it
 * as the book's front cover, so a renamed child or a gift copy in another language reads the
 * words that print, not the ones painted on the approved picture.
 */
export async function renderFrontCover(input: FrontCoverInput, options: { width: number }): Promise<Buffer> {
  const plan = await planFront(input);
  const { dims, frontArea } = plan;
  // The front sheet is at 300 ppi from the front area's top left; the words go on at that scale.
  const px = (points: number) => Math.round(pixelsFor(points, 'exact'));
  const words = await Promise.all(
    (plan.words ?? []).map(async (word) => ({
      input: await sharp(word.png)
        .resize(Math.max(1, px(word.rect.width)), Math.max(1, px(word.rect.height)), { fit: 'fill' })
        .png()
        .toBuffer(),
      left: px(word.rect.x - frontArea.x),
      top: px(frontArea.y + frontArea.height - (word.rect.y + word.rect.height)),
    })),
  );
  const panel = dims.front;
  const sheet = await sharp(plan.frontSheet, { limitInputPixels: false }).composite(words).png().toBuffer();
  return sharp(sheet, { limitInputPixels: false })
    .extract({
      left: px(panel.x - frontArea.x),
      top: px(frontArea.y + frontArea.height - (panel.y + panel.height)),
      width: px(panel.width),
      height: px(panel.height),
    })
    .resize(options.width, Math.round((options.width * panel.height) / panel.width), { fit: 'fill' })
    .png()
    .toBuffer();
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;

function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  toPx: (x: number, y: number) => [number, number],
  scale: number,
  attributes: string,
): string {
  const [left, top] = toPx(x, y + height);
  return `<rect x="${left}" y="${top}" width="${width * scale}" height="${height * scale}" ${attributes}/>`;
}

const colour = (value: { red: number; green: number; blue: number }) =>
  `rgb(${[value.red, value.green, value.blue].map((part) => Math.round(part * 255)).join(',')})`;

/** The back's panel, the toy's white frame, the blurb, and the spine's title, as the PDF draws them. */
function backAndSpine(
  plan: CoverPlan,
  glyphs: Fonts,
  toPx: (x: number, y: number) => [number, number],
  scale: number,
): string {
  let out = '';
  const back = plan.scene?.back;
  const frame = BACK_PICTURE_FRAME;
  if (back) {
    const { panel } = back;
    out += rect(
      panel.x,
      panel.y,
      panel.width,
      panel.height,
      toPx,
      scale,
      `rx="${frame.panelRadius * scale}" fill="${colour(COLOURS.panel as never)}" fill-opacity="0.92"`,
    );
    if (back.picture && plan.backImage) {
      const p = back.picture;
      out += rect(
        p.x - frame.inset,
        p.y - frame.inset,
        p.width + 2 * frame.inset,
        p.height + 2 * frame.inset,
        toPx,
        scale,
        `rx="${frame.frameRadius * scale}" fill="#ffffff"`,
      );
    }
    if (back.block) {
      out += `<g fill="${colour(COLOURS.ink as never)}">${svgCentredLines(glyphs.body, back.block, { centreX: back.textCentreX, top: back.textTop }, toPx, scale)}</g>`;
    }
  }
  const spine = plan.spineText;
  if (spine) {
    const ink = colour(readableOn(plan.spineColour) as never);
    out += `<g fill="${ink}">${svgTextLine(glyphs.title, spine.line, spine.size, spine, toPx, scale)}</g>`;
  }
  return out;
}

/** The toy's small picture, cropped square and rounded as the PDF clips it. */
async function roundedPicture(
  image: Buffer,
  at: { left: number; top: number; width: number; height: number },
  scale: number,
): Promise<OverlayOptions> {
  const radius = BACK_PICTURE_FRAME.pictureRadius * scale;
  const mask = svg(
    at.width,
    at.height,
    `<rect width="${at.width}" height="${at.height}" rx="${radius}" fill="#fff"/>`,
  );
  const data = await sharp(image)
    .resize(at.width, at.height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .composite([{ input: Buffer.from(mask), blend: 'dest-in' }])
    .png()
    .toBuffer();
  return { input: data, left: at.left, top: at.top };
}

/** Where the printer cuts and folds: what stays visible, the spine's folds, a hardcover's hinges. */
export function visibleArea(dims: CoverDimensions): Rect {
  // A softcover is cut at the trim (the bleed goes); a hardcover's turn-in folds round the boards.
  return {
    x: dims.margin,
    y: dims.margin,
    width: dims.width - 2 * dims.margin,
    height: dims.height - 2 * dims.margin,
  };
}

function marks(
  dims: CoverDimensions,
  toPx: (x: number, y: number) => [number, number],
  scale: number,
): string {
  const stroke = Math.max(1.5, scale * 1.6);
  const seen = visibleArea(dims);
  const [left, top] = toPx(seen.x, seen.y + seen.height);
  const [right, bottom] = toPx(seen.x + seen.width, seen.y);
  const [sheetRight, sheetBottom] = toPx(dims.width, 0);
  const line = (x: number, dash: string, colourName: string) => {
    const [at] = toPx(x, 0);
    return `<line x1="${at}" y1="${top}" x2="${at}" y2="${bottom}" stroke="${colourName}" stroke-width="${stroke}" stroke-dasharray="${dash}"/>`;
  };
  const dash = `${stroke * 6} ${stroke * 4}`;
  const dot = `${stroke * 2} ${stroke * 3}`;
  // The cut-off or folded part paler, the edge of what shows dashed, the spine's folds dashed.
  let out = `<path fill="#ffffff" fill-opacity="0.55" fill-rule="evenodd" d="M0 0H${sheetRight}V${sheetBottom}H0Z M${left} ${top}H${right}V${bottom}H${left}Z"/>`;
  out += `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#d6246e" stroke-width="${stroke}" stroke-dasharray="${dash}"/>`;
  out += line(dims.spine.x, dash, '#d6246e') + line(dims.spine.x + dims.spine.width, dash, '#d6246e');
  if (dims.coverType === 'hardcover') {
    // The hinges: where the boards bend beside the spine.
    out += line(dims.spine.x - CASEWRAP.hinge, dot, '#e07b00');
    out += line(dims.front.x + CASEWRAP.hinge, dot, '#e07b00');
  }
  return out;
}
