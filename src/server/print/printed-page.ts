import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { PanelPlace } from '../adapters/illustrator/scenes/layout-check';
import { COLOURS } from './draw';
import { embedBookFonts, fontkitFont } from './fonts';
import { bilingualTextLayout, PAIR_RULE, PANEL_PAD, storyPanelPlace, storyTextLayout } from './interior';
import { BLEED, PAGE, type Rect, TRIM } from './spec';
import { type Outlines, svgCentredLines } from './svg-text';
import type { TextBlock } from './text';

/**
 * A colour story page as the reader shows it (issue 31): what the printed page shows once trimmed,
 * the picture without its bleed and the text on its panel, laid out by the print's own code
 * (`storyTextLayout`, `storyPanelPlace`) and drawn with the print font's glyph outlines, so the
 * parent sees the panel where it prints, over what it covers.
 */

export type PrintedPageInput = {
  image: Buffer;
  text: string;
  /** A bilingual edition's page: the same told in the second language, in italics under a rule. */
  secondText?: string | undefined;
  /** The place the layout check gave (as the print gets it); absent, the print's own rule. */
  panel?: PanelPlace | undefined;
  /** Width and height of the result, in pixels. */
  size: number;
};

let bodyFonts: ReturnType<typeof loadBodyFonts> | undefined;
async function loadBodyFonts() {
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, ['body', 'bodyItalic'] as const);
  return {
    pdf: fonts,
    outlines: { body: await fontkitFont('body'), bodyItalic: await fontkitFont('bodyItalic') },
  };
}

const hex = (colour: { red: number; green: number; blue: number }) =>
  `#${[colour.red, colour.green, colour.blue]
    .map((part) =>
      Math.round(part * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const COLOUR = {
  panel: hex(COLOURS.panel as never),
  ink: hex(COLOURS.ink as never),
  softInk: hex(COLOURS.softInk as never),
  coral: hex(COLOURS.coral as never),
};

/** The panel's words as SVG paths, where and how the print sets them (print/interior.ts). */
type Overlay = {
  panel: Rect;
  blocks: { block: TextBlock; top: number; outlines: Outlines; colour: string }[];
};

/** The panel and its lines laid out by the print's own code, for one text or a bilingual pair. */
async function overlayOf(input: PrintedPageInput): Promise<(Overlay & { rule?: number }) | undefined> {
  bodyFonts ??= loadBodyFonts();
  const fonts = await bodyFonts;
  const top = (panel: Rect) => panel.y + panel.height - PANEL_PAD.y;
  if (input.secondText?.trim() && input.text.trim()) {
    const { pair, pairAt, pairPlace } = bilingualTextLayout(
      { text: input.text, secondText: input.secondText },
      fonts.pdf,
      0,
    );
    const panel = pairAt(await pairPlace(input.image, input.panel));
    return {
      panel,
      rule: top(panel) - pair.first.height - pair.gap / 2,
      blocks: [
        { block: pair.first, top: top(panel), outlines: fonts.outlines.body, colour: COLOUR.ink },
        {
          block: pair.second,
          top: top(panel) - pair.first.height - pair.gap,
          outlines: fonts.outlines.bodyItalic,
          colour: COLOUR.softInk,
        },
      ],
    };
  }
  const { blockAt, panelAt } = storyTextLayout(input.text, fonts.pdf.body, 0);
  const place = await storyPanelPlace(input.image, panelAt, input.panel);
  const [block, panel] = [blockAt(place), panelAt(place)];
  if (!block || !panel) return undefined;
  return { panel, blocks: [{ block, top: top(panel), outlines: fonts.outlines.body, colour: COLOUR.ink }] };
}

/** The page as printed and trimmed, as a PNG `size` pixels square. */
export async function renderPrintedStoryPage(input: PrintedPageInput): Promise<Buffer> {
  const scale = input.size / TRIM;
  // PDF points (from the page's bottom left, bleed included) to pixels of the trimmed page.
  const px = (x: number) => (x - BLEED) * scale;
  const py = (y: number) => (PAGE - BLEED - y) * scale;
  const layout = await overlayOf(input);
  let overlay = '';
  if (layout) {
    const { panel } = layout;
    overlay += `<rect x="${px(panel.x)}" y="${py(panel.y + panel.height)}" width="${panel.width * scale}" height="${panel.height * scale}" rx="${22 * scale}" fill="${COLOUR.panel}" fill-opacity="0.9"/>`;
    if (layout.rule !== undefined)
      overlay += `<line x1="${px(PAGE / 2 - PAIR_RULE / 2)}" x2="${px(PAGE / 2 + PAIR_RULE / 2)}" y1="${py(layout.rule)}" y2="${py(layout.rule)}" stroke="${COLOUR.coral}" stroke-width="${0.8 * scale}"/>`;
    for (const { block, top, outlines, colour } of layout.blocks) {
      const lines = svgCentredLines(
        outlines,
        block,
        { centreX: layout.panel.x + layout.panel.width / 2, top },
        (x, y) => [px(x), py(y)],
        scale,
      );
      overlay += `<g fill="${colour}">${lines}</g>`;
    }
  }
  const bleed = Math.round((BLEED / PAGE) * input.size * (PAGE / TRIM));
  const full = Math.round(input.size * (PAGE / TRIM));
  const picture = await sharp(input.image, { limitInputPixels: false })
    .resize(full, full, { fit: 'cover' })
    .extract({ left: bleed, top: bleed, width: input.size, height: input.size })
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${input.size}" height="${input.size}">${overlay}</svg>`;
  return sharp(picture)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}
