import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { COLOURS } from './draw';
import { embedBookFonts, fontkitFont } from './fonts';
import { storyPanelPlace, storyTextLayout } from './interior';
import { BLEED, PAGE, TRIM } from './spec';
import { svgCentredLines } from './svg-text';

/**
 * A colour story page as the reader shows it (issue 31): what the printed page shows once trimmed,
 * the picture without its bleed and the text on its panel, laid out by the print's own code
 * (`storyTextLayout`, `storyPanelPlace`) and drawn with the print font's glyph outlines, so the
 * parent sees the panel where it prints, over what it covers.
 */

export type PrintedPageInput = {
  image: Buffer;
  text: string;
  /** The place the layout check gave (as the print gets it); absent, the print's own rule. */
  panel?: 'top' | 'bottom' | undefined;
  /** Width and height of the result, in pixels. */
  size: number;
};

let bodyFont: ReturnType<typeof loadBodyFont> | undefined;
async function loadBodyFont() {
  const doc = await PDFDocument.create();
  const fonts = await embedBookFonts(doc, ['body'] as const);
  return { pdf: fonts.body, outlines: await fontkitFont('body') };
}

const hex = (colour: { red: number; green: number; blue: number }) =>
  `#${[colour.red, colour.green, colour.blue]
    .map((part) =>
      Math.round(part * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const COLOUR = { panel: hex(COLOURS.panel as never), ink: hex(COLOURS.ink as never) };

/** The page as printed and trimmed, as a PNG `size` pixels square. */
export async function renderPrintedStoryPage(input: PrintedPageInput): Promise<Buffer> {
  bodyFont ??= loadBodyFont();
  const font = await bodyFont;
  const { block, panelAt } = storyTextLayout(input.text, font.pdf, 0);
  const place = await storyPanelPlace(input.image, panelAt, input.panel);
  const panel = panelAt(place);
  const scale = input.size / TRIM;
  // PDF points (from the page's bottom left, bleed included) to pixels of the trimmed page.
  const px = (x: number) => (x - BLEED) * scale;
  const py = (y: number) => (PAGE - BLEED - y) * scale;
  let overlay = '';
  if (block && panel) {
    overlay += `<rect x="${px(panel.x)}" y="${py(panel.y + panel.height)}" width="${panel.width * scale}" height="${panel.height * scale}" rx="${22 * scale}" fill="${COLOUR.panel}" fill-opacity="0.9"/>`;
    // 16 pt under the panel's top, as the print sets its lines.
    overlay += svgCentredLines(
      font.outlines,
      block,
      { centreX: PAGE / 2, top: panel.y + panel.height - 16 },
      (x, y) => [px(x), py(y)],
      scale,
    );
  }
  const bleed = Math.round((BLEED / PAGE) * input.size * (PAGE / TRIM));
  const full = Math.round(input.size * (PAGE / TRIM));
  const picture = await sharp(input.image, { limitInputPixels: false })
    .resize(full, full, { fit: 'cover' })
    .extract({ left: bleed, top: bleed, width: input.size, height: input.size })
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${input.size}" height="${input.size}"><g fill="${COLOUR.ink}">${overlay}</g></svg>`;
  return sharp(picture)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}
